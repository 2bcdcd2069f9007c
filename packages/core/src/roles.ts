// No zod here: the signed-in shell reads the labels, and a student's first screen loads no schemas
// (the API's output schema builds its own enum from `roles`).
// A validator (issue 30 §2) reviews the validation rounds they are named in, and nothing else.
export const roles = ['rto_admin', 'assessor', 'student', 'validator'] as const;
export type Role = (typeof roles)[number];

/** Roles a person may pick for themselves; admins are only ever created by another admin or the CLI. */
export const selfServiceRoles = ['student', 'assessor'] as const satisfies readonly Role[];

export const roleLabels: Record<Role, string> = {
  rto_admin: 'RTO Admin',
  assessor: 'Assessor',
  student: 'Student',
  validator: 'Validator',
};
