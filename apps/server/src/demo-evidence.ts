import type { Services } from '@evident/api/context';
import { recordEvidence } from '@evident/api/services';
import type { GradeStatus } from '@evident/core/grading';
import { newObjectPath } from '@evident/core/object-path';
import type { EventBus } from '@evident/core/ports/events';
import { recordDeclaration } from '@evident/db/queries/declarations';
import { recordGradingDecisions } from '@evident/db/queries/grading';
import { listStudentTasks } from '@evident/db/queries/tasks';
import { insertUploadGrant } from '@evident/db/queries/upload-grants';

type Deps = Pick<Services, 'db' | 'storage' | 'jobs' | 'videoProcessing' | 'log'>;

/** Which tasks (by position in the unit) each demo student has sent evidence for, and how it was graded. */
const evidencePlan: {
  email: string;
  unitCode: string;
  taskIndexes: number[];
  grades?: Record<number, GradeStatus>;
}[] = [
  {
    email: 'jordan@demo.evident.local',
    unitCode: 'HLTINF006',
    taskIndexes: [0, 1, 2, 3],
    grades: { 0: 'satisfactory', 1: 'not_yet_satisfactory' },
  },
  { email: 'jordan@demo.evident.local', unitCode: 'RIIWHS204E', taskIndexes: [0, 1] },
  { email: 'mia@demo.evident.local', unitCode: 'RIIWHS204E', taskIndexes: [0, 1, 2] },
  { email: 'tom@demo.evident.local', unitCode: 'HLTINF006', taskIndexes: [0, 1] },
];

const nysComment = 'The photo does not show the whole procedure: the last step is out of frame.';
const nysStrategies = 'Take a new photo that shows every step, from start to finish, in one frame.';
const palette = ['#2f6f4f', '#1f5f8b', '#8b5a1f', '#6b3f8b', '#8b1f3f'];

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A small photo-like JPEG: a coloured scene with the task's title on it, a few KB. */
async function scenePhoto(label: string, colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360">
    <rect width="480" height="360" fill="${colour}"/>
    <rect y="250" width="480" height="110" fill="#00000055"/>
    <circle cx="380" cy="90" r="45" fill="#f5d76e"/>
    <polygon points="40,250 150,120 260,250" fill="#ffffff33"/>
    <text x="24" y="300" font-family="sans-serif" font-size="22" fill="#ffffff">${escapeXml(label.slice(0, 38))}</text>
    <text x="24" y="332" font-family="sans-serif" font-size="15" fill="#dddddd">Demo evidence photo</text>
  </svg>`;
  // Only the first start's seed draws photos: sharp stays out of a server's memory until a photo comes.
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();
}

/** A tiny valid one-page PDF with one line of text. */
function notePdf(line: string): Buffer {
  const text = line.replace(/[()\\]/g, '').slice(0, 70);
  const stream = `BT /F1 14 Tf 50 780 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Seeding tells no one: nobody is signed in yet, and the assessor should not be notified of fixtures. */
const silentEvents: EventBus = { publish: async () => {}, subscribe: () => () => {} };

/** Stores the bytes and grants the upload as the upload route would, then records it the real way. */
async function uploadAndRecord(
  deps: Deps,
  studentId: string,
  taskId: string,
  file: { name: string; type: string; bytes: Buffer },
  /** Declared as the app sends a file (issue 29); false leaves it 'Not declared', for the demo's prompt. */
  declared = true,
) {
  const objectPath = newObjectPath(studentId, file.name);
  await deps.storage.put(objectPath, file.bytes, file.type);
  await insertUploadGrant(deps.db, {
    objectPath,
    userId: studentId,
    fileName: file.name,
    fileType: file.type,
    maxBytes: file.bytes.length,
    declaredSize: file.bytes.length,
    expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  });
  // Seeding tells no one: no events, and no reminder to declare (issue 29 §3) mailed to demo people.
  const { db, storage, jobs, videoProcessing, log } = deps;
  const quiet = { db, storage, jobs, videoProcessing, log, events: silentEvents, publicUrl: null };
  const recorded = await recordEvidence(quiet, studentId, {
    taskId,
    fileName: file.name,
    fileType: file.type,
    objectPath,
    ...(declared ? { declarationVersion: 1 } : {}),
  });
  return recorded.submission.id;
}

/**
 * Evidence on a handful of the demo students' tasks, and the demo assessor's decisions on two of
 * them, so a fresh demo shows the whole loop: waiting work, a satisfactory task, one sent back.
 */
export async function seedDemoEvidence(deps: Deps, people: { id: string; email: string; role: string }[]) {
  const assessor = people.find((p) => p.role === 'assessor');
  const grades: Record<GradeStatus, string[]> = { satisfactory: [], not_yet_satisfactory: [] };
  let n = 0;
  for (const plan of evidencePlan) {
    const student = people.find((p) => p.email === plan.email);
    if (!student) continue;
    const unitTasks = (await listStudentTasks(deps.db, student.id)).filter(
      (t) => t.unitCode === plan.unitCode,
    );
    for (const index of plan.taskIndexes) {
      const task = unitTasks[index];
      if (!task) continue;
      const photo = await scenePhoto(task.title, palette[n++ % palette.length] ?? '#2f6f4f');
      const submissionId = await uploadAndRecord(deps, student.id, task.id, {
        name: `photo-${index + 1}.jpg`,
        type: 'image/jpeg',
        bytes: photo,
      });
      if (index === 0) {
        // Sent as an older script would, without the declaration: the task asks the student for it.
        await uploadAndRecord(
          deps,
          student.id,
          task.id,
          { name: 'notes.pdf', type: 'application/pdf', bytes: notePdf(`Notes for ${task.title}`) },
          false,
        );
      }
      const grade = plan.grades?.[index];
      if (grade) grades[grade].push(submissionId);
    }
  }
  if (!assessor) return;
  for (const status of ['satisfactory', 'not_yet_satisfactory'] as const) {
    if (grades[status].length === 0) continue;
    const nys = status === 'not_yet_satisfactory';
    await deps.db.transaction(async (tx) =>
      recordGradingDecisions(tx, {
        submissionIds: grades[status],
        // The assessor's declaration, as the grading screen sends it (issue 29).
        declarationId: await recordDeclaration(tx, {
          kind: 'assessor',
          version: 1,
          userId: assessor.id,
          actingAdminId: null,
        }),
        status,
        comment: nys ? nysComment : 'Clear photo showing each step. Well done.',
        strategiesForReassessment: nys ? nysStrategies : null,
        assessorId: assessor.id,
        actingAdminId: null,
        at: new Date(),
      }),
    );
  }
}
