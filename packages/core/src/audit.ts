import { z } from 'zod';
import { day } from './date-fields';
import { text } from './text-fields';

/**
 * The security-relevant events the audit trail records (`audit_events.action`). Other parts of the
 * app may record further kinds; the Audit screen shows any kind, labelled here when known.
 */
export const auditActionLabels: Record<string, string> = {
  'sign-in.success': 'Signed in',
  'sign-in.failure': 'Sign-in refused',
  'password.reset': 'Password reset',
  'sso.link': 'Single sign-on linked',
  'lti.role_refused': 'LMS launch as a teacher refused',
  'user.role-change': 'Role changed',
  'user.deactivate': 'Deactivated',
  'user.reactivate': 'Reactivated',
  'assessor.approve': 'Assessor approved',
  'impersonation.start': 'Started viewing as',
  'impersonation.stop': 'Stopped viewing as',
  'submission.graded': 'Grading decision',
  'evidence.withdrawn': 'Evidence withdrawn',
  'evidence.recorded': 'Evidence recorded',
  'token.issued': 'API token issued',
  'token.first_used': 'API token first used',
  'token.revoked': 'API token revoked',
  'unit.archive': 'Unit archived',
  'unit.unarchive': 'Unit restored',
  'unit.delete': 'Unit deleted',
  'task.archive': 'Task archived',
  'task.unarchive': 'Task restored',
  'task.delete': 'Task deleted',
  'class.create': 'Class created',
  'class.update': 'Class changed',
  'class.archive': 'Class archived',
  'class.invite-link': 'Class invitation link renewed',
  'class.assessor-add': 'Assessor added to class',
  'class.assessor-remove': 'Assessor removed from class',
  'class.enrol': 'Enrolled in class',
  'class.invite': 'Invited to class',
  'class.enrolment-end': 'Class enrolment ended',
};

export const auditActionLabel = (action: string) => auditActionLabels[action] ?? action;

export const AUDIT_PAGE_SIZE = 50;

/** `GET /api/admin/audit?userId=&kind=&from=&to=&page=`; from and to are whole days, both included. */
export const auditSearchInput = z.object({
  userId: z.uuid({ error: 'userId must be a user id' }).optional(),
  kind: text({ label: 'kind', max: 64, trim: true, required: true }).optional(),
  from: day({ label: 'from' }).optional(),
  to: day({ label: 'to' }).optional(),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(100_000, 'page must be at most 100000')
    .default(1),
});
export type AuditSearch = z.output<typeof auditSearchInput>;
