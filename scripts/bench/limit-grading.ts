import { kindOfMimeType } from '../../packages/core/src/evidence-types';
import { reviewMarks } from '../../packages/core/src/resubmission';
import { signDownloadQuery } from '../../packages/storage/src/url-signing';
import * as q from './limit-queries';

export type Row = unknown[];
/** Sends one of Evident's statements (limit-queries.ts), prepared where Evident prepares it. */
export type Driver = { rows(statement: q.Statement, params: unknown[]): Promise<Row[]> };

/** Answers `{ elements }` of a PostgreSQL array, whether the driver parsed it or left its text. */
export function pgArray(value: unknown): string[] {
  if (Array.isArray(value)) return value as string[];
  const text = String(value);
  const items: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 1; i < text.length - 1; i++) {
    const char = text[i] ?? '';
    if (quoted && char === '\\') current += text[++i] ?? '';
    else if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) {
      items.push(current);
      current = '';
    } else current += char;
  }
  if (text.length > 2) items.push(current);
  return items;
}

/** Evident's defaults: DOWNLOAD_URL_TTL_MINUTES=15, thumbnails as WebP, links relative (no PUBLIC_URL). */
const downloadUrlTtlMs = 15 * 60_000;
const thumbnailContentType = 'image/webp';

const iso = (value: unknown) => (value === null ? null : (value as Date).toISOString());

function renamed(fileName: string, extension: string): string {
  return `${fileName.replace(/\.[^.]*$/, '') || 'file'}.${extension}`;
}

/** A file row as the grading screen sees it: its record, signed links, and its processing state. */
function fileView(f: Row, secret: string, expiresAt: Date) {
  const link = (objectPath: string, fileName: string, contentType: string, disposition = 'inline') =>
    `/files/download/${objectPath}?${signDownloadQuery(secret, {
      objectPath,
      fileName,
      contentType,
      expiresAt,
      disposition: disposition as 'inline' | 'attachment',
    })}`;
  const objectPath = f[2] as string;
  const thumbnailPath = f[3] as string | null;
  const fileName = f[4] as string;
  const fileType = f[5] as string;
  const videoStatus = f[9] as 'pending' | 'ready' | 'failed' | null;
  const kind = kindOfMimeType(fileType);
  return {
    id: f[0],
    fileName,
    fileType,
    fileSize: Number(f[6]),
    isPrimary: f[7],
    createdAt: iso(f[8]),
    capturedAt: iso(f[14]),
    sha256: f[16],
    sha256RecordedLaterAt: iso(f[17]),
    declared: f[18] !== null,
    url: link(objectPath, fileName, fileType),
    downloadUrl: link(objectPath, fileName, fileType, 'attachment'),
    thumbnailUrl: thumbnailPath ? link(thumbnailPath, renamed(fileName, 'webp'), thumbnailContentType) : null,
    playableUrl:
      f[10] && videoStatus === 'ready' ? link(f[10] as string, renamed(fileName, 'mp4'), 'video/mp4') : null,
    videoStatus: kind === 'video' ? videoStatus : null,
    thumbnailStatus: kind === 'image' ? (videoStatus ?? (thumbnailPath ? 'ready' : 'failed')) : null,
    urlsExpireAt: expiresAt.toISOString(),
  };
}

/** GET /api/assessor/submissions for an assessor: Evident's statements, in Evident's order. */
export async function gradingQueue(db: Driver, reader: string, secret: string) {
  const pending = await db.rows(q.pendingSubmissions, ['submitted', reader, reader, reader]);
  if (pending.length === 0) return [];
  const ids = pending.map((p) => p[0] as string);
  const expiresAt = new Date(Date.now() + downloadUrlTtlMs);
  // Evident's ids go as one uuid[] parameter (`= any($1::uuid[])`): one statement whatever the count.
  const [files, decisions] = await Promise.all([
    db.rows(q.submissionFiles, [ids]),
    db.rows(q.gradingDecisions, [ids]),
  ]);
  const studentOf = new Map(pending.map((p) => [p[0], p[2]]));
  const recorderIds = [...new Set(files.flatMap((f) => (f[13] ? [f[13] as string] : [])))];
  const names = new Map<unknown, string>();
  if (recorderIds.length > 0) {
    for (const u of await db.rows(q.recorderNames, [recorderIds])) {
      names.set(u[0], `${u[1]} ${u[2]}`.trim());
    }
  }
  const filesOf = new Map<unknown, ReturnType<typeof fileView>[]>();
  for (const f of files) {
    const recordedBy = f[13];
    const view = {
      ...fileView(f, secret, expiresAt),
      recordedByAdminName:
        !recordedBy || recordedBy === studentOf.get(f[1])
          ? null
          : (names.get(recordedBy) ?? 'a former admin'),
    };
    filesOf.set(f[1], [...(filesOf.get(f[1]) ?? []), view]);
  }
  const decisionsOf = new Map<unknown, Row[]>();
  for (const d of decisions) decisionsOf.set(d[1], [...(decisionsOf.get(d[1]) ?? []), d]);
  return pending.map((p) => {
    const listed = filesOf.get(p[0]) ?? [];
    const decided = (decisionsOf.get(p[0]) ?? []).map((d) => ({
      id: d[0] as string,
      status: d[2] === 'satisfactory' ? ('satisfactory' as const) : ('not_yet_satisfactory' as const),
      comment: d[3],
      strategiesForReassessment: d[4],
      assessorName: d[8],
      createdAt: iso(d[6]),
      declarationVersion: d[12],
      fileIds: pgArray(d[5]),
    }));
    const marks = reviewMarks(
      listed.map((file) => file.id as string),
      decided,
    );
    return {
      id: p[0],
      status: 'submitted',
      studentId: p[2],
      student: { firstName: p[4], lastName: p[5], email: p[6], deactivated: p[7] },
      task: { id: p[8], title: p[9], description: p[10] },
      unit: { id: p[12], unitCode: p[13], title: p[14] },
      submittedAt: iso(p[3]),
      files: listed.map((file) => ({
        ...file,
        ...(marks.get(file.id as string) ?? { judgedBy: null, isNew: false }),
      })),
      earlierDecisions: decided.map(({ fileIds: _judged, ...decision }) => decision),
    };
  });
}
