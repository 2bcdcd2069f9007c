import { z } from 'zod';

export const roles = ['rto_admin', 'assessor', 'student'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** Roles a person may pick for themselves; admins are only ever created by another admin or the CLI. */
export const selfServiceRoles = ['student', 'assessor'] as const satisfies readonly Role[];

export const roleLabels: Record<Role, string> = {
  rto_admin: 'RTO Admin',
  assessor: 'Assessor',
  student: 'Student',
};
