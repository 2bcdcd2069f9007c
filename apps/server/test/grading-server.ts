import type { DomainEvent } from '@evident/core/events';
import { submissions } from '@evident/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';

type TestApp = Awaited<ReturnType<TestEnv['app']>>;

/**
 * A grading test file's server: started once for the file, with every event it publishes collected
 * in `events`; before each test nothing is left waiting and `events` is emptied, so a test's lists,
 * counts and events are its own.
 */
export function gradingServer(
  events: DomainEvent[],
  started: (server: { env: TestEnv; app: TestApp }) => void,
) {
  let env: TestEnv | undefined;
  let app: TestApp | undefined;
  beforeAll(async () => {
    env = await createTestEnv({ videoConverter: null });
    app = await env.app();
    env.services.events.subscribe((event) => events.push(event));
    started({ env, app });
  });
  afterAll(async () => {
    await app?.close();
    await env?.close();
  });
  beforeEach(async () => {
    await env?.db
      .update(submissions)
      .set({ status: 'satisfactory' })
      .where(eq(submissions.status, 'submitted'));
    events.length = 0;
  });
}
