import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retiredKeyKeepMs } from '../src/lti/lti-key-cleanup-job';
import { keyOverlapMs } from '../src/lti/lti-tool';
import { type LtiEnv, startLtiEnv } from './lti/lti-harness';

let env: LtiEnv;
beforeAll(async () => {
  env = await startLtiEnv({ jobs: { pollMs: 100 } });
});
afterAll(async () => {
  await env?.close();
});

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('condition not reached');
}

const kids = async () =>
  rowsOf<{ kid: string }>(await env.db.execute('select kid from lti_tool_keys order by created_at')).map(
    (row) => row.kid,
  );
const published = async () =>
  ((await (await fetch(`${env.publicUrl}/lti/keys`)).json()).keys as { kid: string }[]).map((k) => k.kid);

describe('retired LTI tool keys', () => {
  it('are deleted by a job a day after they stop being published, and not before', async () => {
    const admin = await env.signedIn('rto_admin');
    const rotate = async () => {
      const response = await fetch(`${env.publicUrl}/api/admin/lti/keys/rotate`, {
        method: 'POST',
        headers: { cookie: `evident_session=${admin.sessionId}`, origin: env.publicUrl },
      });
      return (await response.json()).kid as string;
    };
    const [first] = await kids();
    const before = Date.now();
    const second = await rotate();

    // The rotation queued the cleanup for a day after the old key's retirement.
    const jobs = rowsOf<{ run_after: string | Date; dedupe_key: string }>(
      await env.db.execute(`select run_after, dedupe_key from jobs where kind = 'lti.key-cleanup'`),
    );
    expect(jobs).toHaveLength(1);
    const due = new Date(jobs[0]?.run_after ?? 0).getTime();
    expect(due).toBeGreaterThanOrEqual(before + keyOverlapMs + retiredKeyKeepMs);
    expect(due).toBeLessThanOrEqual(Date.now() + keyOverlapMs + retiredKeyKeepMs);
    expect(await published()).toEqual(expect.arrayContaining([first, second]));

    // A second rotation: `second` retires too (in a day), `third` signs.
    const third = await rotate();
    // Time passes for `first` only: retired two days ago. Its cleanup comes due; `second`, retired
    // in the future, must survive that run.
    await env.db.execute(
      `update lti_tool_keys set retires_at = now() - interval '2 days' where kid = '${first}'`,
    );
    await env.db.execute(
      `update jobs set run_after = now() where kind = 'lti.key-cleanup' and status = 'queued'`,
    );
    env.services.jobs.wake();
    await until(async () => !(await kids()).includes(first ?? ''));
    expect(await kids()).toEqual([second, third]);
    expect(await published()).toEqual(expect.arrayContaining([second, third]));
    await until(async () => {
      const left = rowsOf<{ n: number }>(
        await env.db.execute(
          `select count(*)::int as n from jobs where kind = 'lti.key-cleanup' and status <> 'done'`,
        ),
      );
      return left[0]?.n === 0;
    });
    // The tool still signs with the newest key.
    expect(await published()).toContain(third);
  });
});
