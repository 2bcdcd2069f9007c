import { expect } from 'vitest';
import type { TestEnv } from './harness';

/** Only what the fixtures use of the test app, whatever its logger type. */
type App = Pick<Awaited<ReturnType<TestEnv['app']>>, 'inject'>;

export const sameOrigin = { origin: 'http://localhost:80', host: 'localhost:80' };
export const cookieOf = (browser: { sessionId: string | null }) => `evident_session=${browser.sessionId}`;

export const withToken = (token: string, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${token}`,
  ...extra,
});

/**
 * `issue(admin, userId, body)` on the app `appOf` gives (a test file's app exists only once its
 * `beforeAll` has run): an admin (signed in by cookie) issues a token for `userId` over REST, as
 * the spec's path says.
 */
export function tokenIssuer(appOf: () => App) {
  return async function issue(
    admin: { sessionId: string | null },
    userId: string,
    body: Record<string, unknown> = { name: 'Nightly export', scope: 'write' },
  ) {
    const response = await appOf().inject({
      method: 'POST',
      url: `/api/admin/users/${userId}/tokens`,
      headers: { cookie: cookieOf(admin), 'content-type': 'application/json', ...sameOrigin },
      payload: JSON.stringify(body),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { id: string; token: string };
  };
}
