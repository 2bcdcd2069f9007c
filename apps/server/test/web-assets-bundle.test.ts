import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, bootConfig, startWebBundle, type WebBundle } from './web-bundle-fixtures';

// The web app's files, the HTML and the API answers as the bundle serves them (web-bundle-fixtures.ts
// builds and starts it); a signed-in first screen is in first-screen-bundle.test.ts.
let bundle: WebBundle;
let base = '';
let webOut = '';
let studentCookie = '';

beforeAll(async () => {
  bundle = await startWebBundle();
  ({ base, webOut } = bundle);
  studentCookie = await bundle.signIn('jordan@demo.evident.local');
}, 300_000);
afterAll(() => bundle?.close());

const get: WebBundle['get'] = (path, headers) => bundle.get(path, headers);
const entryScript = () => bundle.entryScript();

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
    expect(student?.queries).toEqual(['student.tasks.list', 'student.unitOutcomes.list']);
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
      boot.screens['/matrix']?.assessor,
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
