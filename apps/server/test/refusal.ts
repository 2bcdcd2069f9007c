import { TRPCError } from '@trpc/server';

/** What a call answers: 'OK', or the code and message it was refused with. */
export async function refusal(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'OK';
  } catch (error) {
    if (error instanceof TRPCError) return `${error.code}: ${error.message}`;
    throw error;
  }
}
