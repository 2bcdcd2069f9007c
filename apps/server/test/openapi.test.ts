import { restRoutes } from '@evident/api/rest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
beforeAll(async () => {
  env = await createTestEnv();
  app = await env.app();
});
afterAll(async () => {
  await app.close();
  await env.close();
});

describe('GET /api/openapi.json', () => {
  it('documents every REST route, from the procedures’ own schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    for (const route of restRoutes) {
      const path = route.path.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[route.method.toLowerCase()], `${route.method} ${route.path}`).toBeDefined();
    }
    const count = Object.values(doc.paths as Record<string, object>).reduce(
      (n, ops) => n + Object.keys(ops).length,
      0,
    );
    expect(count).toBe(restRoutes.length);

    const issue = doc.paths['/api/admin/users/{id}/tokens'].post;
    expect(issue.description).toContain('admin.tokens.issue');
    expect(issue.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
    ]);
    const body = issue.requestBody.content['application/json'].schema;
    // userId comes from the path, so the body asks only for the rest.
    expect(Object.keys(body.properties).sort()).toEqual(['expiresInDays', 'name', 'scope']);
    expect(body.properties.scope.enum).toEqual(['read', 'write']);
    expect(body.required.sort()).toEqual(['name', 'scope']);
    expect(issue.responses['200'].content['application/json'].schema.properties.token).toEqual({
      type: 'string',
    });

    const login = doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(login.properties)).toEqual(expect.arrayContaining(['email', 'password']));
    const matrix = doc.paths['/api/reports/evidence-matrix.csv'].get;
    expect(matrix.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['unitId', 'filter']),
    );
  });

  it('describes every JSON answer from the procedure’s output schema, never an empty `{}`', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const empty: string[] = [];
    for (const route of restRoutes) {
      const operation = doc.paths[route.path.replace(/:(\w+)/g, '{$1}')][route.method.toLowerCase()];
      // A success is 200, or 201 for a creation; a 204 (a removed LTI platform) sends nothing.
      const success = operation.responses['200'] ?? operation.responses['201'];
      const json = success?.content['application/json'];
      if (!json) continue; // a download (CSV, PDF), documented as the file, or nothing
      if (Object.keys(json.schema).length === 0) empty.push(`${route.method} ${route.path}`);
    }
    expect(empty).toEqual([]);

    // A Date the resolver holds reaches the caller as ISO text, and says so.
    const unit = doc.paths['/api/admin/units'].get.responses['200'].content['application/json'].schema.items;
    expect(unit.properties.createdAt).toEqual({ type: 'string', format: 'date-time' });
    expect(unit.properties.archivedAt.anyOf).toEqual(
      expect.arrayContaining([{ type: 'string', format: 'date-time' }, { type: 'null' }]),
    );
    expect(unit.required).toEqual(expect.arrayContaining(['id', 'unitCode', 'title', 'taskCount']));
    // The matrix's REST path sends the database's JSON as it is: documented as the matrix, not its wrapper.
    const matrix = doc.paths['/api/reports/evidence-matrix'].get.responses['200'].content['application/json'];
    expect(Object.keys(matrix.schema.properties)).toEqual([
      'units',
      'unit',
      'students',
      'tasks',
      'submissions',
      'outcomes',
    ]);
    // Without parameters the plain list; with search, role, status or page, a page of the search.
    const usersGet = doc.paths['/api/admin/users'].get;
    const [list, page] = usersGet.responses['200'].content['application/json'].schema.oneOf;
    expect(list.items.properties.status.enum).toEqual(['active', 'awaiting_approval', 'deactivated']);
    expect(Object.keys(page.properties)).toEqual(expect.arrayContaining(['total']));
    expect(usersGet.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['search', 'role', 'status', 'page']),
    );
    expect(usersGet.parameters.every((p: { required: boolean }) => !p.required)).toBe(true);
  });

  it('renders for people at /api/docs, with nothing fetched from elsewhere', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<h1>Evident API</h1>');
    expect(response.body).toContain('/api/admin/tokens/{tokenId}');
    expect(response.body).not.toMatch(/<script|https?:\/\/(?!evident\.test)[^"<]*\.(js|css)/);
  });
});
