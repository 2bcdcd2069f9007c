import { thirdPartyStates } from '@evident/core/third-party';
import { z } from 'zod';
import { dateOutput } from '../../views/common-outputs';

export const thirdPartyRequestOutput = z.object({
  id: z.string(),
  studentId: z.string(),
  supervisorName: z.string(),
  supervisorEmail: z.string(),
  workplace: z.string(),
  relationship: z.string(),
  /** sent, opened, submitted, expired (a sent or opened link past its expiry) or revoked. */
  status: z.enum(thirdPartyStates),
  createdAt: dateOutput,
  lastSentAt: dateOutput,
  expiresAt: dateOutput,
  /** How many times the link was mailed. */
  sendCount: z.number(),
  /** The supervisor's report, once submitted. */
  reportId: z.string().nullable(),
  tasks: z.array(z.object({ id: z.string(), title: z.string(), unitCode: z.string() })),
});
export type ThirdPartyRequestView = z.infer<typeof thirdPartyRequestOutput>;

export const requestChangedOutput = z.object({ id: z.string(), status: z.enum(thirdPartyStates) });

/** What the supervisor's page shows: who asks and why, the student, each task with its requirements. */
export const supervisorPageOutput = z.object({
  studentName: z.string(),
  askedBy: z.string(),
  /** 'student' when the student asked for themselves, else 'assessor'. */
  askedAs: z.enum(['student', 'assessor']),
  supervisorName: z.string(),
  workplace: z.string(),
  relationship: z.string(),
  expiresAt: dateOutput,
  tasks: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      description: z.string(),
      unitCode: z.string(),
      unitTitle: z.string(),
      requirements: z.array(z.object({ key: z.string(), text: z.string() })),
    }),
  ),
  declaration: z.object({ version: z.number(), text: z.string() }),
});
export type SupervisorPageView = z.infer<typeof supervisorPageOutput>;

export const reportSubmittedOutput = z.object({ id: z.string(), submittedAt: dateOutput });

/** A submitted report as assessors and the student read it, labelled supplementary everywhere. */
export const thirdPartyReportOutput = z.object({
  id: z.string(),
  requestId: z.string(),
  /** 'Third-party report (supplementary)': the assessor still judges. */
  label: z.string(),
  supervisorName: z.string(),
  supervisorEmail: z.string(),
  workplace: z.string(),
  relationship: z.string(),
  supervisorRole: z.string(),
  supervisedFor: z.string(),
  experience: z.string(),
  signedName: z.string(),
  declarationVersion: z.number(),
  declarationText: z.string(),
  submittedAt: dateOutput,
  items: z.array(
    z.object({
      taskId: z.string(),
      taskTitle: z.string(),
      observed: z.boolean(),
      dates: z.array(z.string()),
      comment: z.string(),
    }),
  ),
  verifications: z.array(
    z.object({
      id: z.string(),
      method: z.string(),
      verifiedOn: z.string(),
      note: z.string(),
      assessorName: z.string().nullable(),
      createdAt: dateOutput,
    }),
  ),
});
export type ThirdPartyReportView = z.infer<typeof thirdPartyReportOutput>;
