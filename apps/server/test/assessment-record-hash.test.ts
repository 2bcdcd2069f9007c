import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AssessmentRecord } from '@evident/core/assessment-record';
import { describe, expect, it } from 'vitest';
import { renderAssessmentRecordPdf } from '../src/reports/assessment-record-pdf';

// Issue 29 §6: the record prints each file's SHA-256 whole, says when one was taken after the file
// was recorded (it proves less), and says when a file has none.

type File = AssessmentRecord['tasks'][number]['files'][number];

const file = (fileName: string, extra: Partial<File>): File => ({
  fileName,
  fileType: 'application/pdf',
  fileSize: 2048,
  uploadedAt: '2026-03-01T20:30:00.000Z',
  capturedAt: null,
  recordedByAdminName: null,
  sha256: null,
  sha256RecordedLaterAt: null,
  withdrawal: null,
  declaration: null,
  ...extra,
});

const hash = (digit: string) => digit.repeat(16) + 'ab'.repeat(8) + digit.repeat(16) + 'cd'.repeat(8);

describe('the assessment record PDF and file hashes', () => {
  it('prints the whole hash under each file, notes one taken later, and says when there is none', async () => {
    const record: AssessmentRecord = {
      student: { id: 'student', firstName: 'Sam', lastName: 'Student', email: 'sam@example.test' },
      unit: { id: 'unit', unitCode: 'RIIWHS204E', title: 'Work safely at heights' },
      generatedAt: '2026-03-02T03:00:00.000Z',
      timeZone: 'Australia/Sydney',
      tasks: [
        {
          number: 1,
          title: 'Check the harness',
          description: '',
          status: 'submitted',
          submittedAt: '2026-03-01T20:30:00.000Z',
          files: [
            file('at-record.pdf', { sha256: hash('1') }),
            file('later.pdf', { sha256: hash('2'), sha256RecordedLaterAt: '2026-03-05T00:00:00.000Z' }),
            file('before.pdf', {}),
          ],
          decisions: [],
          observations: [],
        },
      ],
      unitOutcomes: [],
    };
    const path = join(mkdtempSync(join(tmpdir(), 'evident-hash-')), 'record.pdf');
    writeFileSync(path, await renderAssessmentRecordPdf(record));
    const text = execFileSync('pdftotext', ['-raw', path, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    const grouped = (sha256: string) => sha256.match(/.{16}/g)?.join(' ');
    expect(text).toContain(`at-record.pdf SHA-256: ${grouped(hash('1'))} Not declared application/pdf`);
    expect(text).toContain(
      `later.pdf SHA-256 (taken 5 Mar 2026, 11:00 am, after the file was recorded): ${grouped(hash('2'))} Not declared application/pdf`,
    );
    expect(text).toContain(
      'before.pdf No SHA-256: recorded before files were hashed Not declared application/pdf',
    );
  });
});
