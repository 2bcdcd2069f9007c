import { z } from 'zod';
import { text } from './text-fields';

/** Where a person stands: signing in and working, waiting for an admin's approval, or switched off. */
export const userStatuses = ['active', 'awaiting_approval', 'deactivated'] as const;
export type UserStatus = (typeof userStatuses)[number];

export const userStatusLabels: Record<UserStatus, string> = {
  active: 'Active',
  awaiting_approval: 'Waiting for approval',
  deactivated: 'Deactivated',
};

export const USERS_PAGE_SIZE = 50;

/** `GET /api/admin/users?search=&role=&status=&page=`: every parameter optional, page from 1. */
export const userSearchInput = z.object({
  search: text({ label: 'search', max: 200, trim: true }).optional(),
  role: z
    .enum(['rto_admin', 'assessor', 'student', 'validator'], {
      error: 'role must be rto_admin, assessor, student or validator',
    })
    .optional(),
  status: z
    .enum(userStatuses, { error: 'status must be active, awaiting_approval or deactivated' })
    .optional(),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(100_000, 'page must be at most 100000')
    .default(1),
});
export type UserSearch = z.output<typeof userSearchInput>;

/** An admin may move a person between these; admins are made only by the CLI. */
export const assignableRoles = ['student', 'assessor', 'validator'] as const;
