import { z } from 'zod';
import { isoOutput as iso } from '../../views/common-outputs';
import { evidenceFileViewOutput } from '../../views/evidence-file-views';
import type { GradingSubmission } from './list-submissions';

/** `staff.submissions.list`' answer as a schema: what the typed client and the OpenAPI document promise. */
export const gradingSubmissionsOutput = z.array(
  z.object({
    id: z.string(),
    status: z.literal('submitted'),
    studentId: z.string(),
    student: z.object({
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      deactivated: z
        .boolean()
        .describe('The account is deactivated: it signs in no more, its submissions still wait'),
    }),
    task: z.object({ id: z.string(), title: z.string(), description: z.string() }),
    unit: z.object({ id: z.string(), unitCode: z.string(), title: z.string() }),
    submittedAt: iso,
    files: z.array(
      evidenceFileViewOutput.extend({
        recordedByAdminName: z.string().nullable(),
        judgedBy: z
          .object({ decisionId: z.string(), status: z.enum(['satisfactory', 'not_yet_satisfactory']) })
          .nullable()
          .describe('The latest earlier decision that judged this file; null when none has'),
        isNew: z.boolean().describe('Added since the last decision (never before the first)'),
      }),
    ),
    earlierDecisions: z.array(
      z.object({
        id: z.string(),
        status: z.enum(['satisfactory', 'not_yet_satisfactory']),
        comment: z.string().nullable(),
        strategiesForReassessment: z.string().nullable(),
        assessorName: z.string().nullable(),
        createdAt: iso,
        declarationVersion: z
          .number()
          .nullable()
          .describe("The version of the assessor's declaration the decision carries; null: 'Not declared'"),
      }),
    ),
  }),
);

// The schema and the type the procedure builds must stay the same shape, both ways.
type Output = z.infer<typeof gradingSubmissionsOutput>[number];
export const sameShape: [
  Output extends GradingSubmission ? true : false,
  GradingSubmission extends Output ? true : false,
] = [true, true];
