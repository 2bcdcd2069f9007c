import type { AddressInfo } from 'node:net';
import type { AppRouter } from '@evident/api/root';
import { createTRPCClient, httpSubscriptionLink } from '@trpc/client';
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
let url: string;
const streamRequests: string[] = [];
beforeAll(async () => {
  env = await createTestEnv();
  app = await env.app();
  app.addHook('onRequest', async (req) => {
    // EventSource resumes with a Last-Event-ID header; tRPC's own reconnects put it in the input.
    if (req.url.startsWith('/trpc/live.events.stream'))
      streamRequests.push(`${decodeURIComponent(req.url)} ${req.headers['last-event-id'] ?? ''}`);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app.close();
  await env.close();
});

type Message = { type: string } & Record<string, unknown>;

describe("the web's live stream link", () => {
  it('reconnects after the connection drops and receives what was published while it was down, once', async () => {
    const assessor = await env.signedIn('assessor');
    const cookie = `${env.services.sessions.cookieName}=${assessor.sessionId}`;
    // The browser's EventSource sends the cookie by itself; this one is told to.
    const client = createTRPCClient<AppRouter>({
      links: [
        httpSubscriptionLink({
          url: `${url}/trpc`,
          EventSource,
          eventSourceOptions: {
            fetch: (input: string | URL, init?: RequestInit) =>
              fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), cookie } }),
          },
        }),
      ],
    });
    const received: Message[] = [];
    let notify: (() => void) | null = null;
    const until = (check: () => boolean) =>
      new Promise<void>((resolve) => {
        if (check()) return resolve();
        notify = () => {
          if (check()) resolve();
        };
      });
    const subscription = client.live.events.stream.subscribe(undefined, {
      onData: (message) => {
        received.push(message.data as Message);
        notify?.();
      },
    });
    try {
      await until(() => received.some((m) => m.type === 'connected'));
      const missed = {
        type: 'submission.created' as const,
        submissionId: '00000000-0000-4000-8000-000000000001',
        studentId: '00000000-0000-4000-8000-000000000002',
        taskId: '00000000-0000-4000-8000-000000000003',
        unitId: '00000000-0000-4000-8000-000000000004',
      };
      // Drop every open connection, then publish before the client can possibly be back.
      app.server.closeAllConnections();
      await env.services.events.publish(missed);
      await until(() => received.some((m) => m.type === 'submission.created'));

      expect(received[0]).toEqual({ type: 'connected' });
      expect(received.filter((m) => m.type !== 'connected')).toEqual([missed]);
      expect(streamRequests).toHaveLength(2);
      // The second request resumed from the id of the `connected` message.
      expect(streamRequests[0]).not.toMatch(/[0-9a-f]{8}:\d+/);
      expect(streamRequests[1]).toMatch(/[0-9a-f]{8}:\d+/);
    } finally {
      subscription.unsubscribe();
    }
  });
});
