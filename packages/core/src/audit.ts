import { z } from 'zod';
import { day } from './date-fields';
import { text } from './text-fields';

/** The audit screen's filter headings, in the order it lists them. */
export const auditGroups = [
  'Sign-in and access',
  'People',
  'Units and tasks',
  'Classes',
  'Evidence and grading',
  'Records kept',
  'Settings',
] as const;
export type AuditGroup = (typeof auditGroups)[number];

/**
 * Every kind of row the audit trail records (`audit_events.action`), its label and its heading in the
 * Audit screen's filter. `recordAudit` takes only these kinds, so a new one without a label does not
 * type-check; the server labels rows and the web builds its filter from this one table.
 */
export const auditActions = {
  'sign-in.success': { label: 'Signed in', group: 'Sign-in and access' },
  'sign-in.failure': { label: 'Sign-in refused', group: 'Sign-in and access' },
  'password.reset': { label: 'Password reset', group: 'Sign-in and access' },
  'sso.link': { label: 'Single sign-on linked', group: 'Sign-in and access' },
  'lti.role_refused': { label: 'LMS launch as a teacher refused', group: 'Sign-in and access' },
  'token.issued': { label: 'API token issued', group: 'Sign-in and access' },
  'token.first_used': { label: 'API token first used', group: 'Sign-in and access' },
  'token.revoked': { label: 'API token revoked', group: 'Sign-in and access' },
  'impersonation.start': { label: 'Started viewing as', group: 'Sign-in and access' },
  'impersonation.stop': { label: 'Stopped viewing as', group: 'Sign-in and access' },
  'user.create': { label: 'Person added', group: 'People' },
  'user.role-change': { label: 'Role changed', group: 'People' },
  'user.deactivate': { label: 'Deactivated', group: 'People' },
  'user.reactivate': { label: 'Reactivated', group: 'People' },
  'assessor.approve': { label: 'Assessor approved', group: 'People' },
  'unit.create': { label: 'Unit created', group: 'Units and tasks' },
  'unit.update': { label: 'Unit changed', group: 'Units and tasks' },
  'unit.archive': { label: 'Unit archived', group: 'Units and tasks' },
  'unit.unarchive': { label: 'Unit restored', group: 'Units and tasks' },
  'unit.delete': { label: 'Unit deleted', group: 'Units and tasks' },
  'task.generate': { label: 'Tasks generated', group: 'Units and tasks' },
  'task.create': { label: 'Task created', group: 'Units and tasks' },
  'task.update': { label: 'Task changed', group: 'Units and tasks' },
  'task.reorder': { label: 'Tasks reordered', group: 'Units and tasks' },
  'task.archive': { label: 'Task archived', group: 'Units and tasks' },
  'task.unarchive': { label: 'Task restored', group: 'Units and tasks' },
  'task.delete': { label: 'Task deleted', group: 'Units and tasks' },
  'class.create': { label: 'Class created', group: 'Classes' },
  'class.update': { label: 'Class changed', group: 'Classes' },
  'class.archive': { label: 'Class archived', group: 'Classes' },
  'class.invite-link': { label: 'Class invitation link renewed', group: 'Classes' },
  'class.assessor-add': { label: 'Assessor added to class', group: 'Classes' },
  'class.assessor-remove': { label: 'Assessor removed from class', group: 'Classes' },
  'class.enrol': { label: 'Enrolled in class', group: 'Classes' },
  'class.invite': { label: 'Invited to class', group: 'Classes' },
  'class.enrolment-end': { label: 'Class enrolment ended', group: 'Classes' },
  'evidence.recorded': { label: 'Evidence recorded', group: 'Evidence and grading' },
  'evidence.withdrawn': { label: 'Evidence withdrawn', group: 'Evidence and grading' },
  'evidence.hash-recorded-later': { label: 'File hash recorded later', group: 'Evidence and grading' },
  'evidence.declared': { label: 'Evidence declared own work', group: 'Evidence and grading' },
  'declaration.reminded': { label: 'Declaration reminder emailed', group: 'Evidence and grading' },
  'submission.graded': { label: 'Grading decision', group: 'Evidence and grading' },
  'observation.recorded': { label: 'Observation recorded', group: 'Evidence and grading' },
  'unit.outcome': { label: 'Unit outcome recorded', group: 'Evidence and grading' },
  'third-party.requested': { label: 'Third-party report requested', group: 'Evidence and grading' },
  'third-party.resent': { label: 'Third-party report link re-sent', group: 'Evidence and grading' },
  'third-party.revoked': { label: 'Third-party report request revoked', group: 'Evidence and grading' },
  'third-party.opened': { label: 'Third-party report link opened', group: 'Evidence and grading' },
  'third-party.submitted': { label: 'Third-party report submitted', group: 'Evidence and grading' },
  'third-party.verified': { label: 'Third-party report verified', group: 'Evidence and grading' },
  'reminder.sent': { label: 'Outstanding tasks emailed', group: 'Evidence and grading' },
  'audit-pack.requested': { label: 'Audit pack asked for', group: 'Evidence and grading' },
  'audit-pack.built': { label: 'Audit pack made', group: 'Evidence and grading' },
  'audit-pack.downloaded': { label: 'Audit pack downloaded', group: 'Evidence and grading' },
  'credential.added': { label: 'Credential recorded', group: 'People' },
  'validation.plan': { label: 'Validation plan set', group: 'Units and tasks' },
  'validation.round-created': { label: 'Validation round made', group: 'Units and tasks' },
  'validation.reviewed': { label: 'Validation review recorded', group: 'Units and tasks' },
  'validation.action-added': { label: 'Validation action added', group: 'Units and tasks' },
  'validation.action-done': { label: 'Validation action done', group: 'Units and tasks' },
  'validation.round-closed': { label: 'Validation round closed', group: 'Units and tasks' },
  'validation.report-downloaded': { label: 'Validation report downloaded', group: 'Units and tasks' },
  'records.disposed': { label: 'Records disposed of', group: 'Records kept' },
  'audit-pack.disposed': { label: 'Audit pack disposed of', group: 'Records kept' },
  'legal-hold.placed': { label: 'Legal hold placed', group: 'Records kept' },
  'legal-hold.released': { label: 'Legal hold lifted', group: 'Records kept' },
  'settings.retention': { label: 'Retention period changed', group: 'Records kept' },
  'settings.time-zone': { label: 'Time zone changed', group: 'Settings' },
  'settings.declaration': { label: 'Declaration wording changed', group: 'Settings' },
} as const satisfies Record<string, { label: string; group: AuditGroup }>;

export type AuditAction = keyof typeof auditActions;

const isAuditAction = (action: string): action is AuditAction => Object.hasOwn(auditActions, action);

/** A row's label; a kind no longer written (an older version's) shows as recorded. */
export const auditActionLabel = (action: string): string =>
  isAuditAction(action) ? auditActions[action].label : action;

export type AuditKindOption = { group: string; items: { value: string; label: string }[] };

/**
 * The Audit screen's kind filter: every kind under its heading, whether or not any row has it yet,
 * then under 'Other' any kind the trail holds that this version no longer writes.
 */
export function auditKindOptions(recorded: readonly string[] = []): AuditKindOption[] {
  const entries = Object.entries(auditActions) as [AuditAction, (typeof auditActions)[AuditAction]][];
  const options: AuditKindOption[] = auditGroups.map((group) => ({
    group,
    items: entries
      .filter(([, kind]) => kind.group === group)
      .map(([value, kind]) => ({ value, label: kind.label })),
  }));
  const older = [...new Set(recorded)].filter((kind) => !isAuditAction(kind)).sort();
  if (older.length > 0)
    options.push({ group: 'Other', items: older.map((value) => ({ value, label: value })) });
  return options;
}

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
