import { restRoutes } from '@evident/api/rest';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';
import { ltiSecret } from './lti/lti-harness';

/**
 * Every `/api` route is generated from a procedure's `rest` meta, so that the role checks, the input
 * schemas and the document are the procedures' own. These alone are not, each for its reason.
 */
const notProcedures: Record<string, string> = {
  'GET /api/openapi.json': 'the OpenAPI document of the generated routes',
  'GET /api/docs': 'that document as a page',
  'GET /api/login': 'OpenID Connect: the browser is sent to the provider (sso-routes.ts)',
  'GET /api/login/callback': 'OpenID Connect: the provider sends the browser back (sso-routes.ts)',
};

/** `:id` and `:userId` alike: Fastify's table merges the names of parameters in one place. */
const shape = (path: string) => path.replace(/:\w+(\|:\w+)*/g, ':');

/**
 * Fastify's route table (`printRoutes`, one line a node, four characters a level), as
 * `METHOD /path` lines; HEAD, which Fastify adds to every GET, left out.
 */
function fastifyRoutes(printed: string): string[] {
  const trail: string[] = [];
  const routes: string[] = [];
  for (const line of printed.split('\n')) {
    const match = line.match(/^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?/);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    trail.length = depth;
    trail.push(match[2] ?? '');
    const path = trail.join('');
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push(`${method} ${shape(path)}`);
    }
  }
  return routes;
}

const opened: TestEnv[] = [];
afterAll(async () => {
  for (const env of opened) await env.close();
});

async function appWith(env: Record<string, string>) {
  const testEnv = await createTestEnv({ env });
  opened.push(testEnv);
  const app = await testEnv.app();
  await app.ready();
  return { env: testEnv, app };
}

const generated = new Set(restRoutes.map((route) => `${route.method} ${shape(route.path)}`));

describe('the REST face', () => {
  // With LTI on, its own routes (under /lti) join in: none may be under /api.
  it.each([
    ['LTI off', {}],
    ['LTI on', { LTI_ENABLED: 'true', LTI_PRIVATE_KEY: ltiSecret }],
  ])('has no /api route of its own besides the named few (%s)', async (_name, config) => {
    const { app } = await appWith(config);
    const api = fastifyRoutes(app.printRoutes({ commonPrefix: false })).filter((route) =>
      route.split(' ')[1]?.startsWith('/api'),
    );
    // The table was read: the exceptions are in it, and every generated route.
    expect(api).toEqual(expect.arrayContaining(Object.keys(notProcedures)));
    expect(api).toEqual(expect.arrayContaining([...generated]));
    expect(api.filter((route) => !generated.has(route) && !(route in notProcedures))).toEqual([]);
    await app.close();
  });

  it('documents every generated route in /api/openapi.json', async () => {
    const { app } = await appWith({});
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const missing = restRoutes.filter((route) => !doc.paths[route.template]?.[route.method.toLowerCase()]);
    expect(missing.map((route) => `${route.method} ${route.template}`)).toEqual([]);
    await app.close();
  });

  it('answers the LTI key procedures with 409 while LTI is off', async () => {
    const { env, app } = await appWith({});
    const admin = await env.signedIn('rto_admin');
    for (const url of ['/api/admin/lti/registration-link', '/api/admin/lti/keys/rotate']) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { cookie: `${env.services.sessions.cookieName}=${admin.sessionId}` },
      });
      expect([response.statusCode, response.body]).toEqual([409, 'LTI is not switched on for this server']);
    }
    await app.close();
  });
});
