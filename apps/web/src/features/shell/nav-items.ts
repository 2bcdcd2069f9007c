import type { CurrentUser } from '@evident/core/user';

export type NavPath =
  | '/'
  | '/unit-setup'
  | '/grading'
  | '/matrix'
  | '/admin'
  | '/admin/units'
  | '/admin/users';

export type NavItem = {
  label: string;
  to: NavPath;
  /** Only highlight on this exact path (the dashboards), not on every path below it. */
  exact: boolean;
};

const studentNav: NavItem[] = [
  { label: 'Dashboard', to: '/', exact: true },
  { label: 'Setup Unit', to: '/unit-setup', exact: false },
];

const assessorNav: NavItem[] = [
  { label: 'Grading', to: '/grading', exact: false },
  { label: 'Evidence Matrix', to: '/matrix', exact: false },
];

const adminNav: NavItem[] = [
  { label: 'Dashboard', to: '/admin', exact: true },
  { label: 'Units', to: '/admin/units', exact: false },
  { label: 'Users', to: '/admin/users', exact: false },
];

/** Spec section 2, top bar. An admin viewing the app as someone else keeps the admin navigation. */
export function navItemsFor(user: CurrentUser): NavItem[] {
  if (user.role === 'rto_admin' || user.originalUser?.role === 'rto_admin') return adminNav;
  if (user.role === 'assessor') return assessorNav;
  return studentNav;
}
