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
};

export function fullName(user: Pick<UserSummary, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

export function initials(user: Pick<UserSummary, 'firstName' | 'lastName'>): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}
