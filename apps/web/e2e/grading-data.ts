import sharp from 'sharp';
import { ownAddress } from './support';

/** The part of Playwright's APIRequestContext these helpers use (it keeps the session cookie). */
type Request = {
  post(url: string, options?: { data?: unknown; headers?: Record<string, string> }): Promise<Response>;
  put(url: string, options: { data: Buffer; headers: Record<string, string> }): Promise<Response>;
  get(url: string): Promise<Response>;
};
type Response = { ok(): boolean; status(): number; json(): Promise<unknown>; text(): Promise<string> };

async function ok(response: Promise<Response>, what: string): Promise<unknown> {
  const answered = await response;
  if (!answered.ok()) throw new Error(`${what}: ${answered.status()} ${await answered.text()}`);
  return answered.json();
}

/** A photo-like JPEG: a coloured scene with grain, so thumbnails look like photos, not flat boxes. */
export async function scenePhoto(hue: number, label: string): Promise<Buffer> {
  const width = 960;
  const height = 720;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${hue},55%,72%)"/><stop offset="1" stop-color="hsl(${hue},35%,38%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <rect x="90" y="300" width="320" height="360" fill="hsl(${(hue + 40) % 360},30%,30%)"/>
    <rect x="470" y="210" width="380" height="450" fill="hsl(${(hue + 200) % 360},25%,45%)"/>
    <circle cx="780" cy="140" r="70" fill="hsl(50,90%,70%)"/>
    <text x="60" y="110" font-size="64" font-family="sans-serif" fill="#fff">${label}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

/** A one-page PDF with real text, as a scanned checklist would be. */
export function checklistPdf(): Buffer {
  const stream = 'BT /F1 18 Tf 72 720 Td (Pre-start checklist: all items checked) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body);
}

export type EvidenceFile = { fileName: string; fileType: string; body: Buffer };

/**
 * Registers a student through the API, sets up a unit and records one file as evidence on each of
 * the first tasks: what an assessor then finds waiting on the grading screen.
 */
export async function studentWithEvidence(
  request: Request,
  person: { firstName: string; lastName: string; email: string; unitCode: string },
  files: EvidenceFile[],
): Promise<{ taskTitles: string[] }> {
  const password = 'on-the-tools';
  await ok(
    request.post('/api/auth/register', {
      data: { ...person, password, role: 'student' },
      // A sign-up address of its own, as real students have (the suite stays inside the per-address limit).
      headers: { 'x-forwarded-for': ownAddress() },
    }),
    'register',
  );
  await ok(request.post('/api/auth/login', { data: { email: person.email, password } }), 'login');
  await ok(request.post('/api/units/generate-tasks', { data: { unitCode: person.unitCode } }), 'set up unit');
  return { taskTitles: await uploadEvidence(request, files) };
}

/** The signed-in student records one file on each of their first tasks that has none yet. */
export async function uploadEvidence(request: Request, files: EvidenceFile[]): Promise<string[]> {
  const tasks = (await ok(request.get('/api/student/tasks'), 'tasks')) as {
    id: string;
    title: string;
    submission: unknown;
  }[];
  const open = tasks.filter((task) => task.submission === null);
  const taskTitles: string[] = [];
  for (const [index, file] of files.entries()) {
    const task = open[index];
    if (!task) break;
    await addEvidence(request, task.id, file);
    taskTitles.push(task.title);
  }
  return taskTitles;
}

/** The signed-in student records one more file on a task (after NYS: a resubmission). */
export async function addEvidence(request: Request, taskId: string, file: EvidenceFile): Promise<void> {
  const grant = (await ok(
    request.post('/api/evidence/upload-url', {
      data: { fileName: file.fileName, fileType: file.fileType },
    }),
    'upload url',
  )) as { uploadUrl: string; objectPath: string };
  await ok(
    request.put(grant.uploadUrl, { data: file.body, headers: { 'content-type': file.fileType } }),
    'upload',
  );
  await ok(
    request.post('/api/evidence', {
      data: { taskId, fileName: file.fileName, fileType: file.fileType, objectPath: grant.objectPath },
    }),
    'record evidence',
  );
}

/** The signed-in student's task id by title. */
export async function taskIdOf(request: Request, title: string): Promise<string> {
  const tasks = (await ok(request.get('/api/student/tasks'), 'tasks')) as { id: string; title: string }[];
  const task = tasks.find((t) => t.title === title);
  if (!task) throw new Error(`no task ${title}`);
  return task.id;
}
