import { assignableRoles, userStatuses } from '@evident/core/people';
import { requirementSections } from '@evident/core/requirements';
import { z } from 'zod';
import { isoOutput, userSummaryOutput } from '../../views/common-outputs';
import { taskOutput, unitOutput } from '../../views/curriculum-outputs';

// What the `admin.*` procedures answer (see views/common-outputs.ts for why each has a schema).

export const adminStatsOutput = z.object({
  totalUnits: z.number(),
  totalTasks: z.number(),
  totalStudents: z.number(),
});

/** One row of Users Management. */
const personRow = userSummaryOutput.extend({
  awaitingApproval: z.boolean(),
  status: z.enum(userStatuses),
});
export const peopleOutput = z.array(personRow);
export const peoplePageOutput = z.object({
  users: z.array(personRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export const roleChangeOutput = z.object({ userId: z.string(), role: z.enum(assignableRoles) });
export const deactivatedOutput = z.object({ userId: z.string(), deactivatedAt: isoOutput });
export const reactivatedOutput = z.object({ userId: z.string(), deactivatedAt: z.null() });
export const approvedOutput = z.object({ userId: z.string(), approvedAt: isoOutput.nullable() });

export const auditPageOutput = z.object({
  events: z.array(
    z.object({
      id: z.string(),
      createdAt: isoOutput,
      action: z.string(),
      actorId: z.string().nullable(),
      actorName: z.string().nullable(),
      actingAsId: z.string().nullable(),
      actingAsName: z.string().nullable(),
      subjectId: z.string().nullable(),
      subjectName: z.string().nullable(),
      detail: z.record(z.string(), z.unknown()),
      label: z.string(),
    }),
  ),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  kinds: z.array(z.string()),
});

export const unitListOutput = z.array(
  unitOutput.extend({
    taskCount: z.number(),
    submissionCount: z.number(),
    /** PC, PE and KE items of the current release, and how many no live task maps; null before any were read. */
    coverage: z.object({ coverable: z.number(), uncovered: z.number() }).nullable(),
  }),
);
export const generatedTasksOutput = z.object({ message: z.string(), taskCount: z.number() });
export const registerUnitOutput = z.object({
  code: z.string(),
  title: z.string(),
  performanceEvidence: z.string(),
  note: z.string().nullable(),
  /** Set when the bundled example units answered instead of the register: why, as a clause. */
  fallbackReason: z.string().nullable(),
  /** The register's release number, or 'catalogue' for the bundled summaries (issue 29). */
  release: z.string().nullable(),
  /** The whole unit as keyed items, in the register's order; only what the source holds. */
  requirements: z.array(
    z.object({
      section: z.enum(requirementSections),
      key: z.string(),
      parentKey: z.string().nullable(),
      text: z.string(),
    }),
  ),
  /** Sections the answer holds no items of: not at hand, to fetch again or paste. */
  missingSections: z.array(z.enum(requirementSections)),
});

/**
 * A task as an admin sees it: with the keys of the requirement items it maps (all of them, so a form
 * can send them back), and each item's release, marked `current: false` when an older release's.
 */
export const mappedTaskOutput = taskOutput.extend({
  requirementKeys: z.array(z.string()),
  requirements: z.array(
    z.object({
      key: z.string(),
      release: z.string(),
      section: z.enum(requirementSections),
      current: z.boolean(),
    }),
  ),
});

export const unitTasksOutput = z.object({
  unit: unitOutput,
  tasks: z.array(mappedTaskOutput.extend({ submissionCount: z.number() })),
});

export const ltiPlatformOutput = z.object({
  id: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  deploymentIds: z.array(z.string()),
  authorizationUrl: z.string(),
  tokenUrl: z.string(),
  jwksUrl: z.string(),
  /** Teachers it launches for the first time start as approved assessors. */
  trustTeachingRoles: z.boolean(),
  createdAt: isoOutput,
});
export const ltiPassbacksOutput = z.array(
  z.object({
    id: z.string(),
    status: z.enum(['queued', 'running', 'done', 'failed']),
    attempts: z.number(),
    maxAttempts: z.number(),
    nextAttemptAt: isoOutput.nullable(),
    lastError: z.string().nullable(),
    createdAt: isoOutput,
    studentName: z.string().nullable(),
    linkTitle: z.string().nullable(),
    unitCode: z.string().nullable(),
    issuer: z.string().nullable(),
  }),
);
/** A Dynamic Registration link for an LMS administrator. */
export const ltiRegistrationLinkOutput = z.object({ url: z.string() });
/** Whether this server has LTI on (`LTI_ENABLED` with `LTI_PRIVATE_KEY`): off, no platform can launch it. */
export const ltiStatusOutput = z.object({ enabled: z.boolean() });
/** The id (`kid`) of the new signing key. */
export const ltiKeyOutput = z.object({ kid: z.string() });
