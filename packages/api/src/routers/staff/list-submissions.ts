import { type FileReviewMark, reviewMarks } from '@evident/core/resubmission';
import { listSubmissionFiles } from '@evident/db/queries/evidence-files';
import { listGradingDecisions, listPendingSubmissions } from '@evident/db/queries/grading';
import { z } from 'zod';
import type { Services } from '../../context';
import { classIdInput, readerScope, refuseHiddenClass, type ScopeReader } from '../../rules/class-scope';
import { type EvidenceFileView, toEvidenceFileViews } from '../../views/evidence-file-views';
import { namesOfRecordingAdmins } from '../../views/recorded-by';

/** An earlier decision on the submission, shown on its card when new evidence came after NYS. */
export type EarlierDecision = {
  id: string;
  status: 'satisfactory' | 'not_yet_satisfactory';
  comment: string | null;
  strategiesForReassessment: string | null;
  assessorName: string | null;
  createdAt: string;
  /** The version of the assessor's declaration the decision carries; null: 'Not declared'. */
  declarationVersion: number | null;
};

/** Spec section 3, Submission (assessor view), plus what the grading screen shows around it. */
export type GradingSubmission = {
  id: string;
  status: 'submitted';
  studentId: string;
  /** `deactivated`: the account signs in no more; what it sent still waits for a decision. */
  student: { firstName: string; lastName: string; email: string; deactivated: boolean };
  task: { id: string; title: string; description: string };
  unit: { id: string; unitCode: string; title: string };
  /** ISO time the student last sent it for a decision. */
  submittedAt: string;
  /**
   * Primary file first, then in the order added; withdrawn files never. `recordedByAdminName`: the
   * admin who recorded it while viewing the app as the student; null when the student did. After a
   * decision, `judgedBy` names the latest one that judged the file (an id in `earlierDecisions`) and
   * `isNew` marks a file added since the last decision.
   */
  files: (EvidenceFileView & { recordedByAdminName: string | null } & FileReviewMark)[];
  /** Oldest first; the last one's comment and strategies are what the student answered. */
  earlierDecisions: EarlierDecision[];
};

export const gradingSubmissionsInput = z.object({ classId: classIdInput }).optional();

/**
 * `staff.submissions.list` / `GET /api/assessor/submissions[?classId=]`: everything awaiting a decision
 * from the students the reader assesses (or one class of them), by student.
 */
export async function listGradingSubmissions(
  deps: Pick<Services, 'db' | 'storage' | 'images' | 'evidenceLimits'> & ScopeReader,
  input: z.infer<typeof gradingSubmissionsInput>,
  now: Date = new Date(),
): Promise<GradingSubmission[]> {
  const [, pending] = await Promise.all([
    refuseHiddenClass(deps, input?.classId),
    listPendingSubmissions(deps.db, { scope: readerScope(deps, input?.classId) }),
  ]);
  const ids = pending.map((row) => row.id);
  const [files, decisions] = await Promise.all([
    listSubmissionFiles(deps.db, ids).then((rows) =>
      toEvidenceFileViews(deps, rows, now).then((views) => ({ rows, views })),
    ),
    listGradingDecisions(deps.db, { submissionIds: ids }),
  ]);
  const studentOf = new Map(pending.map((row) => [row.id, row.studentId]));
  const recorders = await namesOfRecordingAdmins(
    deps.db,
    files.rows,
    (file) => studentOf.get(file.submissionId) ?? '',
  );
  const filesBySubmission = new Map<
    string,
    Omit<GradingSubmission['files'][number], keyof FileReviewMark>[]
  >();
  files.rows.forEach((row, index) => {
    const view = files.views[index];
    if (!view) return;
    const list = filesBySubmission.get(row.submissionId) ?? [];
    // Not a spread with a key after it (docs/ARCHITECTURE.md, "A hot read's path").
    list.push(Object.assign({}, view, { recordedByAdminName: recorders(row) }));
    filesBySubmission.set(row.submissionId, list);
  });
  const decisionsBySubmission = new Map<string, (EarlierDecision & { fileIds: string[] })[]>();
  for (const decision of decisions) {
    const list = decisionsBySubmission.get(decision.submissionId) ?? [];
    list.push({
      id: decision.id,
      status: decision.status === 'satisfactory' ? 'satisfactory' : 'not_yet_satisfactory',
      comment: decision.comment,
      strategiesForReassessment: decision.strategiesForReassessment,
      assessorName: decision.assessorName,
      createdAt: decision.createdAt.toISOString(),
      declarationVersion: decision.declarationVersion,
      fileIds: decision.fileIds,
    });
    decisionsBySubmission.set(decision.submissionId, list);
  }
  /** Each file against this submission's own decisions: judged by one, or new since the last. */
  const withMarks = (submissionId: string) => {
    const listed = filesBySubmission.get(submissionId) ?? [];
    const decided = decisionsBySubmission.get(submissionId) ?? [];
    const marks = reviewMarks(
      listed.map((file) => file.id),
      decided,
    );
    return {
      files: listed.map((file) =>
        Object.assign({}, file, marks.get(file.id) ?? { judgedBy: null, isNew: false }),
      ),
      earlierDecisions: decided.map(({ fileIds: _judged, ...decision }) => decision),
    };
  };
  return pending.map((row) => ({
    id: row.id,
    status: 'submitted' as const,
    studentId: row.studentId,
    student: row.student,
    task: { id: row.task.id, title: row.task.title, description: row.task.description },
    unit: row.unit,
    submittedAt: row.submittedAt.toISOString(),
    ...withMarks(row.id),
  }));
}
