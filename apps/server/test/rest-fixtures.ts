import type { TestEnv } from './harness';

/** Only what the fixtures use of the test app, whatever its logger type. */
type App = Pick<Awaited<ReturnType<TestEnv['app']>>, 'inject'>;

/** The headers of a same-origin JSON request, as the web app sends them. */
export const jsonHeaders = {
  'content-type': 'application/json',
  origin: 'http://localhost:80',
  host: 'localhost:80',
};

/** The options of a same-origin JSON request for `app.inject`, as the web app sends one. */
export const json = (payload: unknown) => ({
  headers: { ...jsonHeaders },
  payload: JSON.stringify(payload),
});

/** The cookie that carries a signed-in client's session. */
export const sessionCookie = (env: TestEnv, client: { sessionId: string | null }) =>
  `${env.services.sessions.cookieName}=${client.sessionId}`;

/** A client's REST calls with its session cookie: POST from the same origin, and GET. */
export function restAs(env: TestEnv, app: App, client: { sessionId: string | null }) {
  const cookie = sessionCookie(env, client);
  return {
    post: (url: string, body: unknown) =>
      app.inject({
        method: 'POST',
        url,
        headers: { cookie, ...jsonHeaders },
        payload: JSON.stringify(body),
      }),
    get: (url: string) => app.inject({ method: 'GET', url, headers: { cookie } }),
  };
}
