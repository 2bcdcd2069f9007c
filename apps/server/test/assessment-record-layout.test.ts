import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AssessmentRecord } from '@evident/core/assessment-record';
import { describe, expect, it } from 'vitest';
import { renderAssessmentRecordPdf } from '../src/reports/assessment-record-pdf';

/**
 * Issue 28: the record is printed in the organisation's time zone, lists the files a student
 * withdrew, and never ends a page on a heading whose rows start on the next.
 */
const dir = mkdtempSync(join(tmpdir(), 'evident-record-'));

/** The text of each page, laid out as printed (`pdftotext -layout`, pages split at form feeds). */
async function pages(record: AssessmentRecord): Promise<string[]> {
  const path = join(dir, `${record.student.id}.pdf`);
  writeFileSync(path, await renderAssessmentRecordPdf(record));
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  return text.split('\f').filter((page) => page.trim() !== '');
}

type Task = AssessmentRecord['tasks'][number];
type File = Task['files'][number];

const file = (name: string, uploadedAt: string, extra: Partial<File> = {}): File => ({
  fileName: name,
  fileType: 'image/jpeg',
  fileSize: 120_000,
  uploadedAt,
  capturedAt: null,
  recordedByAdminName: null,
  sha256: null,
  sha256RecordedLaterAt: null,
  withdrawal: null,
  declaration: null,
  ...extra,
});

const decision = (createdAt: string, comment: string): Task['decisions'][number] => ({
  status: 'satisfactory',
  assessorName: 'Priya Nair',
  actingAdminName: null,
  comment,
  strategiesForReassessment: null,
  fileCount: 1,
  createdAt,
  declaration: null,
});

function recordOf(tasks: Task[], timeZone = 'Australia/Sydney', id = 'student'): AssessmentRecord {
  return {
    student: { id, firstName: 'Sam', lastName: 'Student', email: 'sam@example.test' },
    unit: { id: 'unit', unitCode: 'RIIWHS204E', title: 'Work safely at heights' },
    generatedAt: '2026-03-02T03:00:00.000Z',
    timeZone,
    tasks,
    unitOutcomes: [],
  };
}

const task = (number: number, files: File[], decisions: Task['decisions']): Task => ({
  number,
  title: `Check harness ${number}`,
  description: 'Inspect the harness and lanyard before use and tag anything worn.',
  status: decisions.length > 0 ? 'satisfactory' : 'submitted',
  submittedAt: '2026-03-01T20:30:00.000Z',
  files,
  decisions,
  observations: [],
});

describe('the assessment record PDF', () => {
  it('writes times in the organisation’s zone: a decision at 21:00 UTC is the next morning in Sydney', async () => {
    const record = recordOf([
      task(
        1,
        [file('harness.jpg', '2026-03-01T20:30:00.000Z')],
        [decision('2026-03-01T21:00:00.000Z', 'Good')],
      ),
    ]);
    const [page] = await pages(record);
    const text = page?.replace(/\s+/g, ' ') ?? '';
    expect(text).toContain('Times in Australian Eastern Time (Sydney)');
    expect(text).toContain('2 Mar 2026, 8:00 am Satisfactory Priya Nair Good');
    expect(text).toContain('Submitted 2 Mar 2026, 7:30 am');
    expect(text).toContain('Generated: 2 Mar 2026, 2:00 pm');
    expect(text).not.toContain('1 Mar 2026');
    expect(text).not.toContain('UTC');

    const [perth] = await pages(recordOf(record.tasks, 'Australia/Perth', 'perth'));
    expect(perth).toContain('Times in Australian Western Standard Time (Perth)');
    expect(perth?.replace(/\s+/g, ' ')).toContain('2 Mar 2026, 5:00 am Satisfactory');
  });

  it('lists a withdrawn file, marked with when and by whom, after the files still submitted', async () => {
    const [page] = await pages(
      recordOf([
        task(
          1,
          [
            file('harness-front.jpg', '2026-03-01T20:30:00.000Z'),
            file('wrong-photo.jpg', '2026-03-01T20:20:00.000Z', {
              withdrawal: { at: '2026-03-01T20:25:00.000Z', byName: 'Sam Student', byAdmin: false },
            }),
            file('blurry.jpg', '2026-03-01T20:10:00.000Z', {
              withdrawal: { at: '2026-03-01T20:40:00.000Z', byName: 'Ada Admin', byAdmin: true },
            }),
          ],
          [],
        ),
      ]),
    );
    const text = page?.replace(/\s+/g, ' ') ?? '';
    expect(text).toContain('Withdrawn 2 Mar 2026, 7:25 am by Sam Student');
    expect(text).toContain('Withdrawn 2 Mar 2026, 7:40 am by admin Ada Admin');
    expect(text.indexOf('harness-front.jpg')).toBeLessThan(text.indexOf('wrong-photo.jpg'));
  });

  it('never ends a page on a heading: a task’s heading, Evidence and Decisions stay with their first rows', async () => {
    // Tasks of different lengths, so headings fall at every height of a page across the record.
    const tasks = Array.from({ length: 36 }, (_, index) =>
      task(
        index + 1,
        Array.from({ length: 1 + ((index * 7) % 5) }, (_, n) =>
          file(`photo-${index + 1}-${n + 1}.jpg`, '2026-03-01T20:30:00.000Z'),
        ),
        Array.from({ length: (index * 2) % 3 }, () => decision('2026-03-01T21:00:00.000Z', 'Seen on site')),
      ),
    );
    const printed = await pages(recordOf(tasks, 'Australia/Sydney', 'long'));
    expect(printed.length).toBeGreaterThan(4);
    const orphans: string[] = [];
    printed.forEach((page, index) => {
      const lines = page.split('\n').map((line) => line.trim());
      lines.forEach((line, at) => {
        const rest = lines.slice(at + 1).filter((next) => next !== '' && !next.includes(' · page '));
        const evidenceRows = () =>
          rest.some((next) => next === 'No evidence files.') ||
          (rest.findIndex((next) => /^File\s+Type\s+Size/.test(next)) >= 0 &&
            rest.length > rest.findIndex((next) => /^File\s+Type\s+Size/.test(next)) + 1);
        const decisionRows = () =>
          rest[0] === 'No decisions yet.' || (/^Date\s+Decision/.test(rest[0] ?? '') && rest.length > 1);
        const heading = /^Task \d+: /.test(line) || line === 'Evidence';
        if (heading && !evidenceRows()) orphans.push(`page ${index + 1}: ${line}`);
        if (line === 'Decisions' && !decisionRows()) orphans.push(`page ${index + 1}: ${line}`);
      });
    });
    expect(orphans).toEqual([]);
    // Every task made it, in order.
    const all = printed.join('\n');
    expect(all.match(/Task \d+: /g)).toHaveLength(tasks.length);
  });
});
