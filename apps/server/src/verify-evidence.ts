import type { ObjectStorage } from '@evident/core/ports/storage';
import { hashStoredObject } from '@evident/core/stored-file-hash';
import type { Database } from '@evident/db/client';
import { recordAudit } from '@evident/db/queries/audit';
import {
  type FileToVerify,
  listFilesToVerify,
  recordLaterHash,
} from '@evident/db/queries/evidence-integrity';

/**
 * `pnpm cli verify-evidence` (issue 29 §6): reads every stored evidence file back, streamed, and
 * compares its SHA-256 with the one recorded with it. Files recorded before hashing began have none
 * to compare; `--record-missing` records one now, marked as recorded later, since it proves the bytes
 * unchanged only from now on, not since the student sent them.
 */

export type VerifyOptions = { recordMissing: boolean; now?: Date; pageSize?: number; parallel?: number };

export type Mismatch = FileToVerify & { sha256: string; found: string };

export type VerifyReport = {
  checked: number;
  /** Files whose stored bytes no longer hash to the recorded SHA-256. */
  mismatched: Mismatch[];
  /** Files the store no longer has. */
  missing: FileToVerify[];
  /** Files the store could not be read for (a network failure, a permission): checked again next run. */
  unreadable: (FileToVerify & { reason: string })[];
  /** Files recorded before hashing, still without a hash (without `--record-missing`). */
  unhashed: FileToVerify[];
  /** Files recorded before hashing whose hash this run recorded (`--record-missing`). */
  recordedNow: FileToVerify[];
};

/** Exit status: 1 when any file is changed, missing or unreadable, what an operator must look into. */
export function verifyExitCode(report: VerifyReport): number {
  const problems = report.mismatched.length + report.missing.length + report.unreadable.length;
  return problems > 0 ? 1 : 0;
}

/** A few files at once: an S3 GET spends most of its time waiting on the network. */
async function eachInParallel<T>(items: T[], parallel: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
}

export async function verifyEvidence(
  deps: { db: Database; storage: Pick<ObjectStorage, 'getStream'> },
  options: VerifyOptions,
): Promise<VerifyReport> {
  const { db, storage } = deps;
  const now = options.now ?? new Date();
  const report: VerifyReport = {
    checked: 0,
    mismatched: [],
    missing: [],
    unreadable: [],
    unhashed: [],
    recordedNow: [],
  };

  async function verifyOne(file: FileToVerify) {
    let hashed: Awaited<ReturnType<typeof hashStoredObject>>;
    try {
      hashed = await hashStoredObject(storage, file.objectPath);
    } catch (error) {
      // One unreadable file must not hide what the rest of the store holds.
      report.unreadable.push({ ...file, reason: error instanceof Error ? error.message : String(error) });
      return;
    } finally {
      report.checked++;
    }
    if (!hashed) {
      report.missing.push(file);
      return;
    }
    if (file.sha256 !== null) {
      if (hashed.sha256 !== file.sha256)
        report.mismatched.push({ ...file, sha256: file.sha256, found: hashed.sha256 });
      return;
    }
    if (!options.recordMissing) {
      report.unhashed.push(file);
      return;
    }
    const recorded = await db.transaction(async (tx) => {
      if (!(await recordLaterHash(tx, { fileId: file.id, sha256: hashed.sha256, at: now }))) return false;
      // No person did it: the server's operator ran the command.
      await recordAudit(tx, {
        actorId: null,
        action: 'evidence.hash-recorded-later',
        subjectId: file.id,
        detail: { objectPath: file.objectPath, fileName: file.fileName, sha256: hashed.sha256 },
      });
      return true;
    });
    // Another run got there first; its hash stands and is checked next time.
    if (recorded) report.recordedNow.push({ ...file, sha256: hashed.sha256, sha256RecordedLaterAt: now });
  }

  let afterId: string | null = null;
  for (;;) {
    const page = await listFilesToVerify(db, { afterId, limit: options.pageSize ?? 200 });
    if (page.length === 0) break;
    await eachInParallel(page, options.parallel ?? 4, verifyOne);
    afterId = page[page.length - 1]?.id ?? null;
  }
  const byId = (a: FileToVerify, b: FileToVerify) => a.id.localeCompare(b.id);
  for (const list of [
    report.mismatched,
    report.missing,
    report.unreadable,
    report.unhashed,
    report.recordedNow,
  ])
    list.sort(byId);
  return report;
}

function describeFile(file: FileToVerify): string {
  const withdrawn = file.withdrawnAt ? ', withdrawn' : '';
  return (
    `  ${file.objectPath}  "${file.fileName}" (${file.fileSize} bytes), ${file.studentName} <${file.studentEmail}>, ` +
    `task "${file.taskTitle}", recorded ${file.createdAt.toISOString()}${withdrawn}, file id ${file.id}`
  );
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The report as the command prints it: problems first, each file on its own line. */
export function formatVerifyReport(report: VerifyReport): string {
  const lines = [`Checked ${count(report.checked, 'evidence file')}.`];
  if (report.mismatched.length > 0) {
    lines.push(
      `${count(report.mismatched.length, 'file no longer matches', 'files no longer match')} the SHA-256 recorded with it:`,
    );
    for (const file of report.mismatched)
      lines.push(`${describeFile(file)}\n    recorded ${file.sha256}\n    stored   ${file.found}`);
  }
  if (report.missing.length > 0) {
    lines.push(`${count(report.missing.length, 'file is', 'files are')} missing from the store:`);
    for (const file of report.missing) lines.push(describeFile(file));
  }
  if (report.unreadable.length > 0) {
    lines.push(`${count(report.unreadable.length, 'file', 'files')} could not be read from the store:`);
    for (const file of report.unreadable) lines.push(`${describeFile(file)}\n    ${file.reason}`);
  }
  if (report.unhashed.length > 0) {
    lines.push(
      `${count(report.unhashed.length, 'file was', 'files were')} recorded before hashing began and ${report.unhashed.length === 1 ? 'has' : 'have'} no SHA-256 to check ` +
        '(--record-missing records one now, marked as recorded later):',
    );
    for (const file of report.unhashed) lines.push(describeFile(file));
  }
  if (report.recordedNow.length > 0) {
    lines.push(
      `Recorded the SHA-256 of ${count(report.recordedNow.length, 'file')} from before hashing, marked as recorded later ` +
        '(it proves the file unchanged from now on, not since it was sent):',
    );
    for (const file of report.recordedNow) lines.push(describeFile(file));
  }
  if (verifyExitCode(report) === 0) lines.push('Every file with a recorded SHA-256 still matches it.');
  return lines.join('\n');
}

/** The command's arguments: only `--record-missing`. */
export function parseVerifyArgs(
  args: string[],
): { ok: true; recordMissing: boolean } | { ok: false; message: string } {
  const unknown = args.find((arg) => arg !== '--record-missing');
  if (unknown) return { ok: false, message: `unknown argument ${unknown}` };
  return { ok: true, recordMissing: args.includes('--record-missing') };
}
