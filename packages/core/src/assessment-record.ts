import { z } from 'zod';
import { gradeStatuses } from './grading';
import { taskStatuses } from './student-progress';
import { unitOutcomeValues } from './unit-outcome-values';

// A student's assessment record in one unit: what `staff.records.get` answers and what the PDF
// (`staff.records.exportPdf`, laid out by the `AssessmentRecordPdf` port) shows. Here rather than
// beside the procedure, so the port can name it.

const iso = z.iso.datetime({ offset: true });

/** A declaration made (issue 29): the version of the wording confirmed and when; null: 'Not declared'. */
const recordDeclaration = z.object({ version: z.number(), declaredAt: iso }).nullable();

const recordDecision = z.object({
  status: z.enum(gradeStatuses),
  assessorName: z.string().nullable(),
  /** The admin who made the decision while viewing the app as the assessor. */
  actingAdminName: z.string().nullable(),
  comment: z.string().nullable(),
  strategiesForReassessment: z.string().nullable(),
  fileCount: z.number(),
  createdAt: iso,
  /** The assessor's declaration the decision carries; null for one made without (API callers, older). */
  declaration: recordDeclaration,
});
export type RecordDecision = z.infer<typeof recordDecision>;

/** A unit outcome as the record keeps it (issue 29): what was judged, why, who declared what. */
const recordUnitOutcome = z.object({
  outcome: z.enum(unitOutcomeValues),
  justification: z.string(),
  remaining: z.string().nullable(),
  assessorName: z.string().nullable(),
  actingAdminName: z.string().nullable(),
  declaration: z.object({ version: z.number(), text: z.string() }),
  unitRelease: z.string().nullable(),
  createdAt: iso,
  supersededAt: iso.nullable(),
  supersededReason: z.string().nullable(),
});
export type RecordUnitOutcome = z.infer<typeof recordUnitOutcome>;

/**
 * An assessor's observation checklist on a task's submission (issue 29 §5): when, where, how long,
 * the typed signature and each requirement item's result with its words and note.
 */
const recordObservation = z.object({
  assessorName: z.string().nullable(),
  /** The admin who recorded it while viewing the app as the assessor. */
  actingAdminName: z.string().nullable(),
  observedOn: z.string(),
  place: z.string(),
  durationMinutes: z.number(),
  signedName: z.string(),
  unitRelease: z.string().nullable(),
  items: z.array(
    z.object({
      key: z.string(),
      text: z.string().nullable(),
      result: z.enum(['observed', 'not_observed', 'not_applicable']),
      note: z.string().nullable(),
    }),
  ),
  createdAt: iso,
});
export type RecordObservation = z.infer<typeof recordObservation>;

/** A supervisor's report on the task (issue 30 §1), only this task's answer, and how it was verified. */
const recordThirdPartyReport = z.object({
  /** 'Third-party report (supplementary)': it supports the judgement, never makes it. */
  label: z.string(),
  supervisorName: z.string(),
  workplace: z.string(),
  relationship: z.string(),
  supervisorRole: z.string(),
  supervisedFor: z.string(),
  experience: z.string(),
  observed: z.boolean(),
  dates: z.array(z.string()),
  comment: z.string(),
  signedName: z.string(),
  declarationVersion: z.number(),
  submittedAt: iso,
  verifications: z.array(
    z.object({
      method: z.string(),
      verifiedOn: z.string(),
      note: z.string(),
      assessorName: z.string().nullable(),
    }),
  ),
});
export type RecordThirdPartyReport = z.infer<typeof recordThirdPartyReport>;

export const assessmentRecordOutput = z.object({
  student: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  unit: z.object({ id: z.string(), unitCode: z.string(), title: z.string() }),
  generatedAt: iso,
  /** The organisation's IANA zone (`admin.settings`): the PDF writes every time in it. */
  timeZone: z.string(),
  tasks: z.array(
    z.object({
      number: z.number(),
      title: z.string(),
      description: z.string(),
      status: z.enum(taskStatuses),
      submittedAt: iso.nullable(),
      /** The submission's files as the screens list them, then those withdrawn from it, oldest first. */
      files: z.array(
        z.object({
          fileName: z.string(),
          fileType: z.string(),
          fileSize: z.number(),
          uploadedAt: iso,
          /** When the device captured it (issue 18): a file captured offline may arrive hours later. */
          capturedAt: iso.nullable(),
          /** The admin who recorded the file while viewing the app as the student; null when the student did. */
          recordedByAdminName: z.string().nullable(),
          /** Hex SHA-256 of the file's bytes (issue 29 §6); null for files from before hashing. */
          sha256: z.string().nullable(),
          /** When the hash was taken, if after the file was recorded: it proves the bytes unchanged only since. */
          sha256RecordedLaterAt: iso.nullable(),
          /** The student's declaration that the file is their own work; null: 'Not declared'. */
          declaration: recordDeclaration,
          /**
           * Taken back by the student before any decision judged it (or by an admin viewing as them):
           * kept in the record, as the withdraw dialog promises, but no longer part of the submission.
           */
          withdrawal: z
            .object({
              at: iso,
              /** The student's name, or the admin's; 'a former admin' once that admin is gone. */
              byName: z.string(),
              byAdmin: z.boolean(),
            })
            .nullable(),
        }),
      ),
      /** Oldest first: every judgement ever made, never overwritten. */
      decisions: z.array(recordDecision),
      /** Observation checklists on the submission, oldest first. */
      observations: z.array(recordObservation),
      /** Supervisors' reports on the task (issue 30 §1), oldest first; absent in a record made before them. */
      thirdPartyReports: z.array(recordThirdPartyReport).optional(),
    }),
  ),
  /** Every unit outcome recorded, oldest first: the one standing is last and not superseded. */
  unitOutcomes: z.array(recordUnitOutcome),
});
export type AssessmentRecord = z.infer<typeof assessmentRecordOutput>;
