import { buildTask, buildUnit } from '@evident/db/testing/factories';
import { TRPCError } from '@trpc/server';
import type { TestEnv } from './harness';

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

/** A unit with two tasks, ready for a class. */
export async function unitWithTwoTasks(env: TestEnv) {
  const unit = await buildUnit(env.db);
  await buildTask(env.db, { unitId: unit.id, title: `${unit.unitCode} first task` });
  await buildTask(env.db, { unitId: unit.id, title: `${unit.unitCode} second task` });
  return unit;
}

/** Ada Admin, signed in, and her caller. */
export async function adminCallerIn(env: TestEnv) {
  const admin = await env.signedIn('rto_admin', { firstName: 'Ada', lastName: 'Admin' });
  return { admin, caller: await admin.caller() };
}
