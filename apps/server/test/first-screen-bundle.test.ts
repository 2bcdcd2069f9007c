import { randomUUID } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandMatrix } from '../../web/src/start-up/inline-matrix';
import { bootConfig, startWebBundle, type WebBundle } from './web-bundle-fixtures';

// A signed-in person's first screen as the bundle renders it (web-bundle-fixtures.ts builds and
// starts it); the web app's files and headers are in web-assets-bundle.test.ts.
let bundle: WebBundle;
let base = '';
let studentCookie = '';
let otherStudentCookie = '';
let assessorCookie = '';

beforeAll(async () => {
  bundle = await startWebBundle();
  ({ base } = bundle);
  studentCookie = await bundle.signIn('jordan@demo.evident.local');
  otherStudentCookie = await bundle.signIn('mia@demo.evident.local');
  assessorCookie = await bundle.signIn('assessor@demo.evident.local');
}, 300_000);
afterAll(() => bundle?.close());

const get: WebBundle['get'] = (path, headers) => bundle.get(path, headers);
const entryScript = () => bundle.entryScript();

/** The answers a rendered page carries for the app (apps/server/src/first-screen.ts). */
function renderedAnswers(html: string): { answers: Record<string, unknown>; hints: Record<string, unknown> } {
  const json = html.match(/<script type="application\/json" id="evident-first-answers">(.*?)<\/script>/)?.[1];
  if (!json) throw new Error('no rendered answers in the page');
  return JSON.parse(json);
}

async function tasksOf(cookie: string): Promise<{ title: string }[]> {
  const answer = await fetch(`${base}/trpc/student.tasks.list`, { headers: { cookie } });
  return ((await answer.json()) as { result: { data: { title: string }[] } }).result.data;
}

describe("a signed-in person's first screen as the server renders it", () => {
  it('paints the dashboard with its tasks before any script, for that person only, and says so to no cache', async () => {
    const page = await get('/', { cookie: studentCookie, 'accept-encoding': 'br' });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers.vary).toContain('cookie');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.etag).toBeUndefined();
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const html = brotliDecompressSync(page.body).toString();
    // The screen itself, not placeholders: the heading, the student's first task, the unit's progress.
    expect(html).toContain('My Progress');
    expect(html).not.toContain('aria-label="Loading"');
    const [first] = await tasksOf(studentCookie);
    expect(first).toBeDefined();
    expect(html).toContain(first?.title.replaceAll('&', '&amp;'));
    expect(html).toContain('data-testid="progress-summary"');
    // No script runs before the paint: every script is a file or a JSON block, the entry script is
    // not in the page (boot.js loads it after the paint), and nothing is preloaded ahead of the paint.
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.every((tag) => / src="|type="application\/json"/.test(tag))).toBe(true);
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    const boot = bootConfig(html) as { rendered: boolean; entry: string };
    expect(boot.rendered).toBe(true);
    expect(boot.entry).toBe(entryScript());
    // The answers it was rendered from, for the app to start with.
    const { answers } = renderedAnswers(html);
    expect((answers['auth.session.get'] as { email: string }).email).toBe('jordan@demo.evident.local');
    expect(answers['student.tasks.list']).toEqual(
      await (async () => {
        const answer = await fetch(`${base}/trpc/student.tasks.list`, { headers: { cookie: studentCookie } });
        return ((await answer.json()) as { result: { data: unknown } }).result.data;
      })(),
    );
  });

  it("never puts one person's screen in another's page, however their requests interleave", async () => {
    const jordan = (await tasksOf(studentCookie)).map((task) => task.title);
    const mia = (await tasksOf(otherStudentCookie)).map((task) => task.title);
    const onlyJordans = jordan.filter((title) => !mia.includes(title));
    expect(onlyJordans.length).toBeGreaterThan(0);
    const cookies = Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? studentCookie : otherStudentCookie));
    const pages = await Promise.all(cookies.map((cookie) => get('/', { cookie })));
    pages.forEach((page, i) => {
      const html = page.body.toString();
      const email = (renderedAnswers(html).answers['auth.session.get'] as { email: string }).email;
      const name = i % 2 === 0 ? 'Jordan' : 'Mia';
      expect(email.startsWith(name.toLowerCase()), `page ${i}`).toBe(true);
      const markup = html.slice(html.indexOf('<div id="root">'), html.indexOf('id="evident-first-answers"'));
      const otherTitle = i % 2 === 0 ? mia.find((title) => !jordan.includes(title)) : onlyJordans[0];
      if (otherTitle) expect(markup, `page ${i}`).not.toContain(otherTitle.replaceAll('&', '&amp;'));
    });
  });

  it("renders by the device's hints: a touch screen's camera, the unit last chosen here", async () => {
    // The camera button's label, in the markup (the answers' task texts say "Take photos" too).
    const cameraButton = />Take photo</;
    const phone = (await get('/', { cookie: `${studentCookie}; evident-pointer=coarse` })).body.toString();
    expect(phone).toMatch(cameraButton);
    expect(renderedAnswers(phone).hints.coarsePointer).toBe(true);
    const laptop = (await get('/', { cookie: `${studentCookie}; evident-pointer=fine` })).body.toString();
    expect(laptop).not.toMatch(cameraButton);
    // Before the browser has said (a first visit), a phone's own mobile hint.
    const mobile = (await get('/', { cookie: studentCookie, 'sec-ch-ua-mobile': '?1' })).body.toString();
    expect(mobile).toMatch(cameraButton);

    const me = renderedAnswers(laptop).answers['auth.session.get'] as { id: string };
    const tasks = renderedAnswers(laptop).answers['student.tasks.list'] as {
      unitId: string;
      unitTitle: string;
    }[];
    const units = [...new Map(tasks.map((task) => [task.unitId, task.unitTitle])).entries()];
    expect(units.length).toBeGreaterThan(1);
    for (const [unitId, unitTitle] of units) {
      // Someone else's choice on this device stands before it (a shared tablet).
      const chosen = `evident-unit=${encodeURIComponent(`${randomUUID()}:${units[0]?.[0]}|${me.id}:${unitId}`)}`;
      const html = (await get('/', { cookie: `${studentCookie}; ${chosen}` })).body.toString();
      const title = html.match(/data-testid="unit-title"[^>]*>([^<]*)</)?.[1];
      expect(title).toBe(unitTitle.replaceAll('&', '&amp;'));
    }
  });

  it("renders the assessor's grading queue and matrix; other pages and signed-out visitors get the built pages", async () => {
    const grading = (await get('/grading', { cookie: assessorCookie })).body.toString();
    expect(renderedAnswers(grading).answers).toHaveProperty('staff.submissions.list');
    expect(grading).toContain('Grading');
    const matrix = (await get('/', { cookie: assessorCookie })).body.toString();
    expect(renderedAnswers(matrix).answers).toHaveProperty('staff.evidenceMatrix.get');
    // The matrix by its own address too (issue 31 §3), its students' rows painted before any script,
    // each cell saying its column, with the route's own code for boot.js to load after the paint.
    const ownPage = (await get('/matrix', { cookie: assessorCookie })).body.toString();
    const shown = renderedAnswers(ownPage).answers['staff.evidenceMatrix.get'] as {
      students: { firstName: string; lastName: string }[];
    };
    expect(shown.students.length).toBeGreaterThan(0);
    for (const student of shown.students) {
      expect(ownPage).toContain(`${student.firstName} ${student.lastName}`.replaceAll("'", '&#x27;'));
    }
    expect(ownPage).toMatch(/<td[^>]* aria-colindex="2"[^>]*><button type="button"[^>]* data-task="0"/);
    // The page carries the answer compact, and it expands to the very answer the API gives.
    const inlined = renderedAnswers(ownPage).answers['staff.evidenceMatrix.get'];
    expect(inlined).not.toHaveProperty('submissions');
    const rest = await fetch(`${base}/api/reports/evidence-matrix`, { headers: { cookie: assessorCookie } });
    expect(JSON.stringify(expandMatrix(inlined))).toBe(JSON.stringify(await rest.json()));
    // A phone's page holds the task columns a phone shows (some five, the last too), a laptop's more.
    const taskColumns = (html: string) => new Set(html.match(/ data-task="\d+"/g)).size;
    const phoneMatrix = (
      await get('/matrix', { cookie: assessorCookie, 'sec-ch-ua-mobile': '?1' })
    ).body.toString();
    const laptopMatrix = (
      await get('/matrix', { cookie: `${assessorCookie}; evident-viewport=1440x900` })
    ).body.toString();
    expect(taskColumns(phoneMatrix)).toBeLessThanOrEqual(7);
    expect(taskColumns(laptopMatrix)).toBeGreaterThan(taskColumns(phoneMatrix));
    const ownBoot = bootConfig(ownPage) as { screens: Record<string, Record<string, { chunks: string[] }>> };
    expect(
      ownBoot.screens['/matrix']?.assessor?.chunks.some((file) => /\/matrix-[^/]+\.js$/.test(file)),
    ).toBe(true);
    // A student's /grading is not a screen of theirs: the app shell, whose router says so.
    const notTheirs = await get('/grading', { cookie: studentCookie });
    expect(notTheirs.headers['cache-control']).toBe('no-cache');
    expect(notTheirs.body.toString()).toContain('aria-label="Loading"');
    // A session that has ended: the app shell too (the app then shows who is signed in: nobody).
    const ended = await get('/', { cookie: 'evident_session=no-such-session' });
    expect(ended.headers['cache-control']).toBe('no-cache');
    expect(ended.body.toString()).not.toContain('evident-first-answers');
  });
});
