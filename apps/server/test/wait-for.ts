import { setTimeout as sleep } from 'node:timers/promises';

/** Checks every 50 ms until `check` holds; throws, naming `what`, once `timeoutMs` has gone by. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await sleep(50);
  }
}
