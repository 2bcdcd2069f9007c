import type { Role } from './roles';

/** A person as the client sees them (spec section 3, User). */
export type UserSummary = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  profileImageUrl: string | null;
  role: Role;
};

/** The signed-in user; when an admin views the app as someone else this is that someone. */
export type CurrentUser = UserSummary & {
  isImpersonating: boolean;
  originalUser: UserSummary | null;
  /**
   * A self-registered assessor an administrator has not approved yet: signed in, but shown no
   * student's evidence (every assessor procedure answers 403 with `awaitingApprovalMessage`).
   */
  awaitingApproval: boolean;
};

export const awaitingApprovalMessage =
  'An administrator must approve your assessor account before you can see or grade students’ evidence';

/** Only assessors wait for approval; other roles never need it. */
export function isAwaitingApproval(user: { role: Role; approvedAt: Date | null }): boolean {
  return user.role === 'assessor' && user.approvedAt === null;
}

export function fullName(user: Pick<UserSummary, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

export function initials(user: Pick<UserSummary, 'firstName' | 'lastName'>): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}
