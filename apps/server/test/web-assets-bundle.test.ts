import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Issue 20 on the bundle as `pnpm start` runs it: the server built by build.mjs, the web app by its
// Vite build (brotli and gzip copies, prerendered pages), plain node.
const serverRoot = new URL('..', import.meta.url).pathname;
const webRoot = new URL('../../web', import.meta.url).pathname;
// Inside the package, so the packages left external resolve from its node_modules as dist/ does.
const serverOut = join(serverRoot, `.bundle-test-web-${process.pid}`);
const webOut = mkdtempSync(join(tmpdir(), 'evident-web-dist-'));
const dataDir = mkdtempSync(join(tmpdir(), 'evident-web-bundle-'));

let server: ChildProcess;
let base = '';
let studentCookie = '';
let otherStudentCookie = '';
let assessorCookie = '';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** node:http rather than fetch: fetch decodes bodies and hides what came over the wire. */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Only the head of a response that never ends (the live stream). */
function headersOf(path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.alloc(0) });
      req.destroy();
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  const serverBuild = spawnSync(process.execPath, ['build.mjs', '--outdir', serverOut], {
    cwd: serverRoot,
    encoding: 'utf8',
  });
  expect(serverBuild.status, serverBuild.stderr).toBe(0);
  const webBuild = spawnSync(
    join(webRoot, 'node_modules/.bin/vite'),
    ['build', '--outDir', webOut, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: webRoot, encoding: 'utf8' },
  );
  expect(webBuild.status, webBuild.stderr).toBe(0);

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [join(serverOut, 'main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webOut,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    stdio: 'ignore',
  });
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    const ok = await fetch(`${base}/healthz`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  studentCookie = await signIn('jordan@demo.evident.local');
  otherStudentCookie = await signIn('mia@demo.evident.local');
  assessorCookie = await signIn('assessor@demo.evident.local');
}, 300_000);

async function signIn(email: string): Promise<string> {
  const answer = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'evident-demo' }),
  });
  expect(answer.status).toBe(200);
  return (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

afterAll(() => {
  server?.kill('SIGTERM');
  rmSync(serverOut, { recursive: true, force: true });
  rmSync(webOut, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

function entryScript(): string {
  const name = readdirSync(join(webOut, 'assets')).find((file) => /^index-.+\.js$/.test(file));
  if (!name) throw new Error('no entry script in the web build');
  return `/assets/${name}`;
}

/** The page's instructions for public/boot.js (build/prerender.ts). */
function bootConfig(html: string): unknown {
  const json = html.match(/<script type="application\/json" id="evident-boot">(.*?)<\/script>/)?.[1];
  if (!json) throw new Error('no boot instructions in the page');
  return JSON.parse(json);
}

describe('the web app as the bundle serves it', () => {
  it('sends a hashed script as brotli when asked, gzip when only gzip is accepted, cached for a year', async () => {
    const path = entryScript();
    const original = readFileSync(join(webOut, path));

    const br = await get(path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers.etag).toBeTruthy();
    // The document's policies are the document's: a script carries only what a subresource is checked against.
    expect(br.headers['content-security-policy']).toBeUndefined();
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.body.length).toBeLessThan(original.length / 2);
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);

    const gzip = await get(path, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(original)).toBe(true);

    const plain = await get(path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);

    // ETags kept: a revalidation costs no body.
    const again = await get(path, {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(again.status).toBe(304);
  });

  it('serves the HTML no-cache: the prerendered landing page at / when signed out, the app shell otherwise', async () => {
    const landing = await get('/', { 'accept-encoding': 'br' });
    expect(landing.status).toBe(200);
    expect(landing.headers['cache-control']).toBe('no-cache');
    expect(landing.headers['content-encoding']).toBe('br');
    expect(landing.headers.vary).toContain('accept-encoding');
    expect(landing.headers.etag).toBeTruthy();
    expect(landing.headers['content-security-policy']).toContain("script-src 'self'");
    const landingHtml = brotliDecompressSync(landing.body).toString();
    // Painted before any script runs: the landing page's own text is in the HTML.
    expect(landingHtml).toContain('Get Started Free');

    // Signed in, `/` is the person's own screen (below); any page the server does not render is the
    // app shell.
    const shell = await get('/account', { cookie: studentCookie });
    expect(shell.headers['cache-control']).toBe('no-cache');
    expect(shell.body.toString()).not.toContain('Get Started Free');
    expect(shell.body.toString()).toContain('aria-label="Loading"');

    const indexHtml = await get('/index.html');
    expect(indexHtml.status).toBe(200);
    expect(indexHtml.headers['cache-control']).toBe('no-cache');

    const screen = await get('/grading');
    expect(screen.headers['cache-control']).toBe('no-cache');
    expect(screen.headers['content-type']).toContain('text/html');
  });

  it('paints the landing page with no app code: boot.js loads the entry at first use', async () => {
    const html = (await get('/')).body.toString();
    // Every script is a file (the CSP allows no inline script) or a JSON block, which never runs.
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.every((tag) => / src="|type="application\/json"/.test(tag))).toBe(true);
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    const boot = bootConfig(html) as { entry: string; chunks: string[] };
    expect(boot.entry).toBe(entryScript());
    expect(boot.chunks.some((file) => /\/landing-page-[^/]+\.js$/.test(file))).toBe(true);
    for (const file of boot.chunks) expect((await get(file)).status, file).toBe(200);

    const script = await get('/boot.js', { 'accept-encoding': 'br' });
    expect(script.status).toBe(200);
    expect(script.headers['cache-control']).toBe('no-cache');
  });

  it("gives the app shell what a signed-in screen needs: the role's first queries and code", async () => {
    // An address with a query is left to the app: the app shell, whose boot.js asks for the screen.
    const html = (await get('/?from=mail', { cookie: studentCookie })).body.toString();
    expect(html).toContain(`<script type="module" crossorigin src="${entryScript()}"></script>`);
    const boot = bootConfig(html) as {
      screens: Record<string, Record<string, { queries: string[]; chunks: string[] }>>;
      signedIn: string[];
    };
    const student = boot.screens['/']?.student;
    expect(student?.queries).toEqual(['student.tasks.list']);
    expect(student?.chunks.some((file) => /\/student-home-[^/]+\.js$/.test(file))).toBe(true);
    expect(boot.signedIn.some((file) => /\/signed-in-shell-[^/]+\.js$/.test(file))).toBe(true);
    // The data layer (tRPC, the query cache, the offline queue) is in the signed-in screens' one
    // shared file, and a student's first screen is a handful of files, not dozens of small ones.
    const sharedChunk = /\/signed-in-(?!shell-)[^/]+\.js$/;
    expect(boot.signedIn.some((file) => sharedChunk.test(file))).toBe(true);
    // (Eleven at most: the UI kit is four of them, each run in a task of its own by
    // src/start-up/load-first-screen.ts, and one more is the few bytes that runs the last of them.)
    expect(new Set([...boot.signedIn, ...(student?.chunks ?? [])]).size).toBeLessThanOrEqual(11);
    // ...which the landing page, signed out, never loads.
    const landing = bootConfig((await get('/')).body.toString()) as { chunks: string[] };
    expect(landing.chunks.length).toBeGreaterThan(0);
    expect(landing.chunks.some((file) => sharedChunk.test(file))).toBe(false);
    // Only code the entry script does not already bring, and every file there.
    const everything = [
      ...boot.signedIn,
      ...Object.values(boot.screens).flatMap((byRole) => Object.values(byRole).flatMap((s) => s.chunks)),
    ];
    expect(everything).not.toContain(entryScript());
    for (const file of new Set(everything)) expect((await get(file)).status, file).toBe(200);

    // What boot.js asks, as it asks it: tRPC's plain GET, whose answer src/start-up/boot-answers.ts reads.
    const tasks = await fetch(`${base}/trpc/student.tasks.list`, {
      headers: { cookie: studentCookie, accept: 'application/json' },
    });
    expect(tasks.status).toBe(200);
    const body = (await tasks.json()) as { result: { data: unknown[] } };
    expect(body.result.data.length).toBeGreaterThan(0);
  });

  it('loads no zod on the first screens: the dashboard, the grading screen, the matrix', async () => {
    // The build's hidden source maps say which modules each file holds.
    // A file without a map holds no module of its own (it only passes on another file's exports).
    const sources = (file: string): string[] =>
      existsSync(join(webOut, `${file}.map`))
        ? (JSON.parse(readFileSync(join(webOut, `${file}.map`), 'utf8')) as { sources: string[] }).sources
        : [];
    const holdsZod = (file: string) => sources(file).some((source) => /[\\/]zod[\\/]/.test(source));
    // The schemas are in the build, for the screens with forms: the check below can fail.
    const all = readdirSync(join(webOut, 'assets')).filter((file) => file.endsWith('.js'));
    expect(all.some((file) => holdsZod(`/assets/${file}`))).toBe(true);

    const html = (await get('/?from=mail', { cookie: studentCookie })).body.toString();
    const boot = bootConfig(html) as {
      screens: Record<string, Record<string, { chunks: string[] }>>;
      signedIn: string[];
    };
    const entryImports = [...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map(
      (match) => match[1] ?? '',
    );
    const screens = [
      boot.screens['/']?.student,
      boot.screens['/grading']?.assessor,
      boot.screens['/']?.assessor,
    ];
    expect(screens.every(Boolean)).toBe(true);
    const firstScreens = new Set([
      entryScript(),
      ...entryImports,
      ...boot.signedIn,
      ...screens.flatMap((screen) => screen?.chunks ?? []),
    ]);
    for (const file of firstScreens) expect(holdsZod(file), file).toBe(false);
  });

  it('compresses an API answer above 1 KB, not a small one, and never the live stream', async () => {
    const tasks = await get('/trpc/student.tasks.list', {
      cookie: studentCookie,
      'accept-encoding': 'br, gzip',
    });
    expect(tasks.status).toBe(200);
    expect(tasks.headers['content-encoding']).toBe('br');
    expect(tasks.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(tasks.body).length).toBeGreaterThan(1024);

    const user = await get('/trpc/auth.session.get', { 'accept-encoding': 'br, gzip' });
    expect(user.status).toBe(200);
    expect(user.body.length).toBeLessThan(1024);
    expect(user.headers['content-encoding']).toBeUndefined();

    const live = await headersOf('/trpc/live.events.stream', {
      cookie: studentCookie,
      accept: 'text/event-stream',
      'accept-encoding': 'br, gzip',
    });
    expect(live.status).toBe(200);
    expect(live.headers['content-type']).toContain('text/event-stream');
    expect(live.headers['content-encoding']).toBeUndefined();
  });
});

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
      const chosen = `evident-unit=${encodeURIComponent(`${me.id}:${unitId}`)}`;
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
