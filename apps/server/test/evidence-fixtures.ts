import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { evidenceFiles, submissions } from '@evident/db/schema';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { TestEnv } from './harness';

/** A real photo-like JPEG (noise compresses badly, like a real scene). */
export function jpeg(width = 900, height = 600): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 120, g: 160, b: 90 },
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export function pdf(padding = 0): Buffer {
  return Buffer.concat([
    Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'),
    Buffer.alloc(padding, 0x20),
    Buffer.from('trailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  ]);
}

/** A PDF put where a fresh upload grant says and recorded on the task, declared when a version is given. */
export async function recordPdf(
  env: TestEnv,
  caller: Caller,
  taskId: string,
  fileName = 'Checklist.pdf',
  declarationVersion?: number,
) {
  const grant = await caller.student.evidence.requestUploadUrl({ fileName, fileType: 'application/pdf' });
  await env.services.storage.put(grant.objectPath, pdf(), 'application/pdf');
  return caller.student.evidence.record({
    taskId,
    fileName,
    fileType: 'application/pdf',
    objectPath: grant.objectPath,
    ...(declarationVersion ? { declarationVersion } : {}),
  });
}

/** EBML header of a WebM file, as MediaRecorder writes it. */
export function webmAudio(size = 4096): Buffer {
  const bytes = Buffer.alloc(size, 0x42);
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]).copy(bytes);
  return bytes;
}

/** A student enrolled in one example unit, with its task list. */
export async function studentWithUnit(env: TestEnv, unitCode = 'RIIWHS204E') {
  const student = await env.signedIn('student');
  const caller = await student.caller();
  await caller.student.units.setUp({ unitCode });
  const tasks = await caller.student.tasks.list();
  const [first, second] = tasks;
  if (!first || !second) throw new Error(`unit ${unitCode} has fewer than two tasks`);
  return { student, caller, tasks, task: first, otherTask: second };
}

/** How many submission and evidence-file rows a student has: a refusal must leave both at zero. */
export async function evidenceRows(env: TestEnv, studentId: string) {
  const [subs] = await env.db
    .select({ n: sql<number>`count(*)::int` })
    .from(submissions)
    .where(eq(submissions.studentId, studentId));
  const [files] = await env.db
    .select({ n: sql<number>`count(*)::int` })
    .from(evidenceFiles)
    .innerJoin(submissions, eq(submissions.id, evidenceFiles.submissionId))
    .where(eq(submissions.studentId, studentId));
  return { submissions: subs?.n ?? 0, files: files?.n ?? 0 };
}

/** `/files/...?...` of a signed URL (absolute with PUBLIC_URL, relative without), for fastify.inject. */
export function pathOf(url: string): string {
  const parsed = new URL(url, 'http://anywhere.invalid');
  return `${parsed.pathname}${parsed.search}`;
}

export type SentResponse = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/**
 * An HTTP request over a real socket that reports the server's early answer while the body is still
 * being written, the way a browser sees a 413 on a big upload.
 */
export function send(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
): Promise<SentResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    let answered = false;
    req.on('response', () => {
      answered = true;
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    req.end(options.body);
  });
}

/** Only what the fixtures use of the test app, whatever its logger type. */
type App = Pick<Awaited<ReturnType<TestEnv['app']>>, 'inject'>;

export type Caller = Awaited<ReturnType<typeof studentWithUnit>>['caller'];

/**
 * The local disk's signed PUT, and the upload a browser makes with it, on the app `appOf` gives
 * (a test file's app exists only once its `beforeAll` has run).
 */
export function localUploads(appOf: () => App) {
  const put = (uploadUrl: string, contentType: string, body: Buffer) =>
    appOf().inject({
      method: 'PUT',
      url: pathOf(uploadUrl),
      headers: { 'content-type': contentType },
      payload: body,
    });

  /** upload-url, then the PUT, as a browser does it; returns what recordEvidence needs. */
  async function upload(caller: Caller, fileName: string, fileType: string, body: Buffer) {
    const grant = await caller.student.evidence.requestUploadUrl({ fileName, fileType });
    const response = await put(grant.uploadUrl, fileType, body);
    expect(response.statusCode, response.body).toBe(200);
    return { grant, fileName, fileType, objectPath: grant.objectPath };
  }

  return { put, upload };
}
