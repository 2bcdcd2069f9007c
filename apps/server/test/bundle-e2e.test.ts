import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BundleServer, buildOnce, bundleCli, startBundle, strangerDir } from './built-server';

/**
 * The built bundle, as users run it: `pnpm build`, then `node apps/server/dist/main.js` from a folder
 * that is neither the repository nor the package. Every path the bundle reads at run time is
 * exercised here: the migrations (first start, then the CLI), the assessment record's fonts and
 * pdfmake's own files (the PDF), the web app (the page at /), sharp (a thumbnail), argon2 (sign-in),
 * PGlite's WASM, pino (JSON log lines), csv-stringify (the CSV) and nodemailer (the outbox).
 */
const cwd = strangerDir();
const dataDir = mkdtempSync(join(tmpdir(), 'evident-bundle-data-'));
const env = {
  DATA_DIR: dataDir,
  LOG_LEVEL: 'info',
  // Nothing leaves the machine: the register is a closed loopback port, so the catalogue answers
  // for the example units, as it does for a server whose register is out of reach.
  TGA_BASE_URL: 'http://127.0.0.1:1',
};
let server: BundleServer;
let firstStartRestingMb = 0;

/** The server's resident memory after a few idle seconds (issue 15: under 250 MB at rest). */
async function restingRssMb(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const status = readFileSync(`/proc/${server.process.pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]) / 1024;
}

beforeAll(async () => {
  await buildOnce();
  // A newcomer's first start: a new data folder, the demo seed on (the embedded default).
  server = await startBundle({ cwd, env });
  firstStartRestingMb = await restingRssMb();
}, 300_000);
afterAll(async () => {
  await server?.stop();
  rmSync(cwd, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(email: string, password = 'evident-demo'): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

async function api<T>(cookie: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, `${method} ${path}: ${text}`).toBe(200);
  return JSON.parse(text) as T;
}

type Task = { id: string; title: string; unitId: string; unitCode: string; evidenceTypes: string[] };
type EvidenceFile = { url: string; thumbnailUrl: string | null; thumbnailStatus: string | null };

/** A student whose name needs the CJK font and Latin diacritics, with one photo recorded on a HLTINF006 task. */
async function studentWithPhoto() {
  const email = `wei.${Date.now()}@example.com`;
  const register = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Wei 李', lastName: 'Nguyễn', email, password: 'a-long-password' }),
  });
  expect(register.status, await register.clone().text()).toBe(200);
  const cookie = await signIn(email, 'a-long-password');
  await api(cookie, 'POST', '/api/units/generate-tasks', { unitCode: 'HLTINF006' });
  const tasks = await api<Task[]>(cookie, 'GET', '/api/student/tasks');
  const task = tasks.find((t) => t.evidenceTypes.includes('photo'));
  if (!task) throw new Error('HLTINF006 has no photo task');

  const photo = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 40, g: 120, b: 90 } },
  })
    .jpeg()
    .toBuffer();
  const grant = await api<{ uploadUrl: string; objectPath: string }>(
    cookie,
    'POST',
    '/api/evidence/upload-url',
    {
      fileName: 'hand-wash.jpg',
      fileType: 'image/jpeg',
    },
  );
  const put = await fetch(`${server.url}${grant.uploadUrl}`, {
    method: 'PUT',
    headers: { cookie, 'content-type': 'image/jpeg' },
    body: new Uint8Array(photo),
  });
  expect(put.status, await put.text()).toBe(200);
  await api(cookie, 'POST', '/api/evidence', {
    taskId: task.id,
    fileName: 'hand-wash.jpg',
    fileType: 'image/jpeg',
    objectPath: grant.objectPath,
  });
  const me = await api<{ id: string }>(cookie, 'GET', '/api/auth/user');
  return { cookie, task, photo, studentId: me.id };
}

describe('the built bundle, started from another folder', () => {
  it('holds under 250 MB at rest after a first start that created, migrated and seeded the database', () => {
    expect(firstStartRestingMb).toBeGreaterThan(0);
    expect(firstStartRestingMb).toBeLessThan(250);
  });

  it('serves the web app from apps/web/dist and logs JSON lines through pino', async () => {
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<div id="root">');
    // No terminal: one JSON line per event, the start-up line among them.
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(lines.map((line) => JSON.parse(line).msg)).toContain(
      `Evident is listening on ${server.url.replace('127.0.0.1', 'localhost')}`,
    );
    // Nothing was written to the working directory.
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('a photo gets its thumbnail (sharp), and the assessment record PDF and the matrix CSV carry the student', async () => {
    const { cookie, task, photo, studentId } = await studentWithPhoto();

    let file: EvidenceFile | undefined;
    for (let tries = 0; tries < 200 && file?.thumbnailStatus !== 'ready'; tries++) {
      if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      const evidence = await api<{ submission: { files: EvidenceFile[] } | null }>(
        cookie,
        'GET',
        `/api/student/tasks/${task.id}/evidence`,
      );
      file = evidence.submission?.files[0];
    }
    expect(file?.thumbnailStatus).toBe('ready');
    const original = await fetch(`${server.url}${file?.url}`);
    expect(Buffer.from(await original.arrayBuffer()).equals(photo)).toBe(true);
    const thumbnail = await fetch(`${server.url}${file?.thumbnailUrl}`);
    expect(thumbnail.status).toBe(200);
    const made = await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata();
    expect(made.format).toBe('webp');
    expect(made.width).toBeLessThan(1600);

    const assessor = await signIn('assessor@demo.evident.local');
    const pdf = await fetch(`${server.url}/api/assessor/reports/${studentId}/${task.unitId}.pdf`, {
      headers: { cookie: assessor },
    });
    expect(pdf.status, pdf.status === 200 ? '' : await pdf.clone().text()).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const pdfFile = join(dataDir, 'record.pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    writeFileSync(pdfFile, bytes);
    const text = spawnSync('pdftotext', ['-enc', 'UTF-8', pdfFile, '-'], { encoding: 'utf8' });
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toContain('Assessment record');
    expect(text.stdout).toContain('HLTINF006');
    expect(text.stdout).toContain('Wei 李 Nguyễn');
    expect(text.stdout).toContain(task.title.slice(0, 40));
    expect(text.stdout).toContain('hand-wash.jpg');

    const csv = await fetch(`${server.url}/api/reports/evidence-matrix.csv?unitId=${task.unitId}`, {
      headers: { cookie: assessor },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const rows = (await csv.text()).split(/\r?\n/);
    expect(rows[0]).toMatch(/^First Name,Last Name,Email,/);
    expect(rows[0]).toContain(task.title.slice(0, 40));
    expect(rows.find((row) => row.includes('Nguyễn'))).toContain('Wei 李');
  }, 120_000);

  it('mail goes to the outbox (nodemailer) without SMTP', async () => {
    const res = await fetch(`${server.url}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'jordan@demo.evident.local' }),
    });
    expect(res.status).toBe(200);
    const outbox = join(dataDir, 'outbox');
    const toJordan = () =>
      (existsSync(outbox) ? readdirSync(outbox) : []).filter((name) =>
        readFileSync(join(outbox, name), 'utf8').includes('To: jordan@demo.evident.local'),
      );
    for (let tries = 0; tries < 100 && toJordan().length === 0; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(toJordan()).toHaveLength(1);
  });

  it('after a stop, the CLI (from another folder) adds an admin; the restarted server signs them in and holds under 250 MB at rest', async () => {
    await server.stop();
    const cli = spawnSync(
      process.execPath,
      [bundleCli, 'create-admin', '--email', 'boss@example.com', '--password', 'boss-password'],
      { cwd, env: { ...process.env, ...env, LOG_LEVEL: 'warn' }, encoding: 'utf8' },
    );
    expect(cli.stderr).toBe('');
    expect(cli.status).toBe(0);
    server = await startBundle({ cwd, env });
    expect(await restingRssMb()).toBeLessThan(250);
    await signIn('boss@example.com', 'boss-password');
    // The demo people seeded on the first start are still there.
    await signIn('jordan@demo.evident.local');
  }, 120_000);
});
