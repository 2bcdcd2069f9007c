import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';

// Issue 20: how the server serves a first screen it renders (first-screen.ts), with a stand-in for the
// web build's render module; the real one, on the bundle, is in web-assets-bundle.test.ts.
const PAGE =
  '<!doctype html><head></head><div id="root"><!--evident:first-screen--></div><!--evident:first-answers--><script async src="/boot.js"></script>';

/** A render module that writes who it rendered for and what it was given, or fails for one person. */
const RENDER_MODULE = `
export const firstScreens = { '/': { student: { queries: ['student.tasks.list'] } } };
export function renderHintsFor(request, userId) {
  return { rendered: true, coarsePointer: request.cookie('evident-pointer') === 'coarse', dashboardUnit: null, locale: null, timeZone: null, timeZoneOffset: null };
}
export async function renderFirstScreen({ path, user, answers, hints }) {
  if (user.firstName === 'Broken') throw new Error('the render failed');
  return '<main>' + user.firstName + ' at ' + path + ', ' + answers['student.tasks.list'].length + ' tasks, touch ' + hints.coarsePointer + ' $& $1</main>';
}
`;

describe("the server's first screen around its render module", () => {
  let env: TestEnv;
  let app: Awaited<ReturnType<TestEnv['app']>>;
  let dist: string;
  beforeAll(async () => {
    env = await createTestEnv();
    dist = await mkdtemp(join(tmpdir(), 'evident-first-screen-'));
    await mkdir(join(dist, '.server'), { recursive: true });
    await writeFile(join(dist, 'index.html'), '<!doctype html><div id="root">shell</div>');
    await writeFile(join(dist, 'landing.html'), '<!doctype html><div id="root">landing</div>');
    await writeFile(join(dist, '.server', 'page.html'), PAGE);
    await writeFile(join(dist, '.server', 'first-screen.mjs'), RENDER_MODULE);
    app = await env.app({ webDistDir: dist });
  });
  afterAll(async () => {
    await app.close();
    await env.close();
    await rm(dist, { recursive: true, force: true });
  });

  const cookieOf = (sessionId: string | null) => `${env.services.sessions.cookieName}=${sessionId}`;

  it("puts the person's screen and the answers it was rendered from in the page, as written", async () => {
    const student = await env.signedIn('student', { firstName: 'Ada' });
    const res = await app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: `${cookieOf(student.sessionId)}; evident-pointer=coarse` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    // `$&` stays as written: the markup is put in place, not read as a replacement pattern.
    expect(res.body).toContain('<main>Ada at /, 0 tasks, touch true $& $1</main>');
    const block = res.body.match(/id="evident-first-answers">(.*?)<\/script>/)?.[1] ?? '';
    const { answers, hints } = JSON.parse(block) as {
      answers: Record<string, unknown>;
      hints: Record<string, unknown>;
    };
    expect((answers['auth.session.get'] as { firstName: string }).firstName).toBe('Ada');
    expect(answers['student.tasks.list']).toEqual([]);
    expect(hints.coarsePointer).toBe(true);
  });

  it('gives the app shell when the render fails, for a page it does not render, and for anyone it does not', async () => {
    const broken = await env.signedIn('student', { firstName: 'Broken' });
    const failed = await app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: cookieOf(broken.sessionId) },
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('shell');
    expect(failed.headers['cache-control']).toBe('no-cache');

    const student = await env.signedIn('student');
    for (const url of ['/account', '/?unit=abc']) {
      const page = await app.inject({ method: 'GET', url, headers: { cookie: cookieOf(student.sessionId) } });
      expect(page.body, url).toContain('shell');
    }
    // An assessor has no first screen at `/` in this module; a stranger's cookie is nobody's.
    const assessor = await env.signedIn('assessor');
    const theirs = await app.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: cookieOf(assessor.sessionId) },
    });
    expect(theirs.body).toContain('shell');
    const stranger = await app.inject({ method: 'GET', url: '/', headers: { cookie: cookieOf('made-up') } });
    expect(stranger.body).toContain('shell');
    // Signed out: the landing page, as before.
    const visitor = await app.inject({ method: 'GET', url: '/' });
    expect(visitor.body).toContain('landing');
  });
});
