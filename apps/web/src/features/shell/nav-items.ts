import type { CurrentUser } from '@evident/core/user';

export type NavPath =
  | '/'
  | '/unit-setup'
  | '/grading'
  | '/matrix'
  | '/admin'
  | '/admin/units'
  | '/admin/classes'
  | '/admin/users'
  | '/admin/audit'
  | '/admin/lti'
  | '/lms-courses'
  | '/validation';

export type NavItem = {
  label: string;
  to: NavPath;
  /** Only highlight on this exact path (the dashboards), not on every path below it. */
  exact: boolean;
  /** Also highlight at `/`, where the app shows this item's screen as the role's home. */
  home?: true;
};

const studentNav: NavItem[] = [
  { label: 'Dashboard', to: '/', exact: true },
  { label: 'Setup Unit', to: '/unit-setup', exact: false },
];

/** The courses an assessor launched Evident from (every course, for an admin), and their roster sync. */
const lmsCourses: NavItem = { label: 'LMS courses', to: '/lms-courses', exact: false };

/** The rounds the person was named a validator in (issue 30 §2); admins reach rounds from their dashboard. */
const validation: NavItem = { label: 'Validation', to: '/validation', exact: false };

const assessorNav: NavItem[] = [
  { label: 'Grading', to: '/grading', exact: false },
  { label: 'Evidence Matrix', to: '/matrix', exact: false, home: true },
  lmsCourses,
  validation,
];

/** A validator who is not an assessor: their rounds, which `/` shows them too, and nothing else. */
const validatorNav: NavItem[] = [{ ...validation, home: true }];

const adminNav: NavItem[] = [
  // At `/` an admin sees the admin dashboard, or while viewing as someone, that person's dashboard.
  { label: 'Dashboard', to: '/admin', exact: true, home: true },
  { label: 'Units', to: '/admin/units', exact: false },
  { label: 'Classes', to: '/admin/classes', exact: false },
  { label: 'Users', to: '/admin/users', exact: false },
  { label: 'Audit', to: '/admin/audit', exact: false },
  { label: 'LTI', to: '/admin/lti', exact: false },
];

/** Grading and the matrix, which admins open as themselves too (issue 19). */
const adminReportsNav: NavItem[] = [
  { label: 'Grading', to: '/grading', exact: false },
  { label: 'Evidence Matrix', to: '/matrix', exact: false },
];

/**
 * Spec section 2, top bar. An admin viewing the app as someone else keeps the admin navigation; with
 * grading, the matrix and LMS courses (beside LTI), unless viewing as a student, who may not open them.
 */
export function navItemsFor(user: CurrentUser): NavItem[] {
  if (user.role === 'rto_admin' || user.originalUser?.role === 'rto_admin') {
    if (user.role === 'student') return adminNav;
    if (user.role === 'validator') return [...adminNav, validation];
    const [dashboard, ...rest] = adminNav;
    return dashboard ? [dashboard, ...adminReportsNav, ...rest, lmsCourses] : adminNav;
  }
  if (user.role === 'assessor') return assessorNav;
  if (user.role === 'validator') return validatorNav;
  return studentNav;
}

/** Whether the item is the current screen's: highlighted, and `aria-current="page"` for screen readers. */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === item.to) return true;
  if (path === '/') return item.home === true;
  return !item.exact && path.startsWith(`${item.to}/`);
}
