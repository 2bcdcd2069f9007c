import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import {
  type ManifestEntry,
  manifestCsv,
  manifestCsvPath,
  manifestJson,
  manifestJsonPath,
  type PackContents,
  plainName,
  readPackContents,
  validationRecordPath,
  validationReportPath,
} from '@evident/api/audit-pack';
import type { JobHandler } from '@evident/api/jobs';
import type { JobPayload } from '@evident/core/job-kinds';
import type { Logger } from '@evident/core/logger';
import { auditPackPath } from '@evident/core/object-path';
import type { AssessmentRecordPdf } from '@evident/core/ports/assessment-record-pdf';
import type { Mailer } from '@evident/core/ports/mailer';
import type { ObjectStorage } from '@evident/core/ports/storage';
import type { ValidationReportPdf } from '@evident/core/ports/validation-report-pdf';
import { hashStoredObject } from '@evident/core/stored-file-hash';
import type { Database } from '@evident/db/client';
import { recordAudit } from '@evident/db/queries/audit';
import { type AuditPackRow, findAuditPack, updateAuditPack } from '@evident/db/queries/audit-packs';
import { findUserById } from '@evident/db/queries/users';
import { ZipFile } from 'yazl';

export type AuditPackJobDeps = {
  db: Database;
  storage: ObjectStorage;
  recordPdf: AssessmentRecordPdf;
  validationReportPdf: ValidationReportPdf;
  /** The queued mailer: the 'ready' mail is a job of its own. */
  mailer: Mailer;
  log: Logger;
  /** Where the mail's link points. */
  publicUrl: string;
};

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

type PlannedFile = ManifestEntry & { objectPath?: string; bytes?: Buffer };

/**
 * Each file's size and SHA-256 before a byte is written: the zip stores (never compresses) entries of
 * known size, so its total size is known up front and S3 takes it as one streamed PUT. A file
 * recorded before hashing is read once more here to hash it; the pack says its hash was taken now.
 */
async function planFiles(deps: AuditPackJobDeps, contents: PackContents): Promise<PlannedFile[]> {
  const planned: PlannedFile[] = [];
  for (const student of contents.students) {
    const name = `${student.record.student.firstName} ${student.record.student.lastName}`.trim();
    for (const file of student.files) {
      const stat = await deps.storage.stat(file.objectPath);
      if (!stat) throw new Error(`${file.fileName} (${file.objectPath}) is missing from the store`);
      const sha256 =
        file.recordedSha256 ?? (await hashStoredObject(deps.storage, file.objectPath))?.sha256 ?? '';
      planned.push({
        path: file.path,
        objectPath: file.objectPath,
        sha256,
        size: stat.size,
        kind: 'evidence',
        studentName: name,
        taskNumber: file.taskNumber,
        taskTitle: file.taskTitle,
        originalName: file.fileName,
        uploadedAt: file.uploadedAt,
        withdrawnAt: file.withdrawnAt,
        hashRecordedAtUpload: file.recordedSha256 !== null,
      });
    }
    // A record is small (a few hundred KB); one at a time, kept until the zip takes it.
    const pdf = Buffer.from(await deps.recordPdf.render(student.record));
    planned.push({
      path: `${student.folder}/assessment-record-${plainName(student.record.unit.unitCode, 'unit')}.pdf`,
      bytes: pdf,
      sha256: sha256Of(pdf),
      size: pdf.length,
      kind: 'assessment-record-pdf',
      studentName: name,
      taskNumber: null,
      taskTitle: null,
      originalName: null,
      uploadedAt: null,
      withdrawnAt: null,
      hashRecordedAtUpload: null,
    });
  }
  const made = (path: string, kind: PlannedFile['kind'], bytes: Buffer): PlannedFile => ({
    path,
    bytes,
    sha256: sha256Of(bytes),
    size: bytes.length,
    kind,
    studentName: null,
    taskNumber: null,
    taskTitle: null,
    originalName: null,
    uploadedAt: null,
    withdrawnAt: null,
    hashRecordedAtUpload: null,
  });
  planned.push(made('mapping.txt', 'mapping', Buffer.from(contents.coverage.mappingDocument)));
  for (const round of contents.validation) {
    const report = Buffer.from(await deps.validationReportPdf.render(round.report));
    planned.push(made(validationReportPath(round.folder), 'validation-report-pdf', report));
    const record = Buffer.from(`${JSON.stringify(round.record, null, 2)}\n`);
    planned.push(made(validationRecordPath(round.folder), 'validation-record', record));
  }
  return planned;
}

/** Passes bytes on, counting them for progress and hashing them to catch a file changed in the store. */
function checkedCopy(entry: PlannedFile, onBytes: (n: number) => void): Transform {
  const hash = createHash('sha256');
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      onBytes(chunk.length);
      done(null, chunk);
    },
    flush(done) {
      const found = hash.digest('hex');
      if (found !== entry.sha256)
        done(
          new Error(
            `${entry.path} no longer matches its recorded SHA-256 (found ${found}, recorded ${entry.sha256})`,
          ),
        );
      else done();
    },
  });
}

/**
 * Streams the zip from the store into the store: one file open at a time, its bytes passed through
 * (memory stays at a few chunks however large the pack). Answers the zip's size.
 */
async function writeZip(
  deps: AuditPackJobDeps,
  objectPath: string,
  planned: PlannedFile[],
  manifest: { json: Buffer; csv: Buffer },
  progress: (bytes: number) => void,
): Promise<number> {
  const zip = new ZipFile();
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    // Ends the write to the store with the error, so no partial zip is taken for a pack.
    (zip.outputStream as NodeJS.ReadableStream & { destroy(error: Error): void }).destroy(error);
  };
  const mtime = new Date();
  for (const entry of planned) {
    if (entry.bytes) zip.addBuffer(entry.bytes, entry.path, { compress: false, mtime });
    else
      zip.addReadStreamLazy(entry.path, { size: entry.size, compress: false, mtime }, (callback) => {
        deps.storage.getStream(entry.objectPath as string).then(
          (stream) => {
            if (!stream) return fail(new Error(`${entry.path} went missing from the store while packing`));
            const copy = checkedCopy(entry, progress);
            copy.on('error', fail);
            stream.on('error', fail);
            callback(null, stream.pipe(copy));
          },
          (error: Error) => fail(error),
        );
      });
  }
  zip.addBuffer(manifest.json, manifestJsonPath, { compress: false, mtime });
  zip.addBuffer(manifest.csv, manifestCsvPath, { compress: false, mtime });
  const size = await new Promise<number>((resolve) =>
    zip.end({ forceZip64Format: false, comment: '' }, resolve as () => void),
  );
  try {
    await deps.storage.put(
      objectPath,
      zip.outputStream as never,
      'application/zip',
      size >= 0 ? size : undefined,
    );
  } catch (error) {
    // The store's own complaint (a write cut short) hides why: say which file and what.
    throw failure ?? error;
  }
  if (failure) throw failure;
  return size;
}

async function build(deps: AuditPackJobDeps, pack: AuditPackRow) {
  await updateAuditPack(deps.db, pack.id, { status: 'building', progress: 0, error: null });
  const contents = await readPackContents(deps.db, pack);
  const planned = await planFiles(deps, contents);
  await updateAuditPack(deps.db, pack.id, { progress: 5 });
  const entries: ManifestEntry[] = planned.map(({ objectPath: _o, bytes: _b, ...entry }) => entry);
  const requester = pack.requestedBy ? await findUserById(deps.db, pack.requestedBy) : undefined;
  const meta = {
    id: pack.id,
    createdAt: pack.createdAt.toISOString(),
    requestedBy: requester ? `${requester.firstName} ${requester.lastName}`.trim() : null,
    sample: pack.sampleSize === null ? null : { size: pack.sampleSize },
  };
  const manifest = { json: manifestJson(meta, contents, entries), csv: manifestCsv(entries) };
  const unitCode = plainName(contents.coverage.unit.unitCode, 'unit');
  const objectPath = auditPackPath(
    pack.requestedBy ?? 'system',
    pack.id,
    `audit-pack-${unitCode}-${pack.createdAt.toISOString().slice(0, 10)}.zip`,
  );
  const total = entries.reduce((sum, entry) => sum + entry.size, 0) || 1;
  let done = 0;
  let shown = 5;
  let writing = Promise.resolve();
  const progress = (bytes: number) => {
    done += bytes;
    const percent = Math.min(99, 5 + Math.floor((done / total) * 94));
    // A row write every whole percent at most, never two at once.
    if (percent > shown) {
      shown = percent;
      writing = writing.then(() => updateAuditPack(deps.db, pack.id, { progress: percent }));
    }
  };
  const size = await writeZip(deps, objectPath, planned, manifest, progress);
  await writing;
  await deps.db.transaction(async (tx) => {
    await updateAuditPack(tx, pack.id, {
      status: 'ready',
      progress: 100,
      objectPath,
      sizeBytes: size,
      fileCount: entries.length,
      finishedAt: new Date(),
    });
    await recordAudit(tx, {
      actorId: null,
      action: 'audit-pack.built',
      subjectId: pack.id,
      detail: {
        unitCode: contents.coverage.unit.unitCode,
        students: pack.studentIds.length,
        files: entries.length,
        sizeBytes: size,
      },
    });
  });
  if (requester)
    await deps.mailer.send({
      kind: 'audit-pack-ready',
      to: requester.email,
      firstName: requester.firstName,
      unit: `${contents.coverage.unit.unitCode} ${contents.coverage.unit.title}`,
      studentCount: pack.studentIds.length,
      packsUrl: `${deps.publicUrl.replace(/\/$/, '')}/admin/audit-packs`,
    });
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** `audit-pack` jobs: one pack at a time per server; a rerun after a crash builds the zip again. */
export function createAuditPackJob(deps: AuditPackJobDeps): JobHandler<JobPayload<'audit-pack'>> {
  return {
    async run({ packId }) {
      const pack = await findAuditPack(deps.db, packId);
      // Built already, or disposed of with the records it held (a rerun must not copy them again).
      if (!pack || pack.status === 'ready' || pack.status === 'disposed') return;
      try {
        await build(deps, pack);
      } catch (error) {
        // Shown on the screen while the job retries; a later attempt clears it.
        await updateAuditPack(deps.db, pack.id, { error: messageOf(error) });
        throw error;
      }
    },
    async gaveUp({ packId }, error) {
      deps.log.warn(`audit pack ${packId} failed: ${error}`);
      await updateAuditPack(deps.db, packId, { status: 'failed', error, finishedAt: new Date() });
    },
  };
}
