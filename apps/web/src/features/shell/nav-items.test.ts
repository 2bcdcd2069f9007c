import type { CurrentUser } from '@evident/core/user';
import { describe, expect, it } from 'vitest';
import { type Area, canEnter } from '../auth/access';
import { isNavItemActive, navItemsFor } from './nav-items';

const person = (role: CurrentUser['role'], originalRole?: CurrentUser['role']) =>
  ({
    role,
    isImpersonating: originalRole !== undefined,
    originalUser: originalRole ? { role: originalRole } : null,
  }) as CurrentUser;

const activeAt = (user: CurrentUser, pathname: string) =>
  navItemsFor(user)
    .filter((item) => isNavItemActive(item, pathname))
    .map((item) => item.label);

describe('the highlighted navigation item', () => {
  it('at / is the home screen each role sees there', () => {
    expect(activeAt(person('student'), '/')).toEqual(['Dashboard']);
    expect(activeAt(person('assessor'), '/')).toEqual(['Evidence Matrix']);
    expect(activeAt(person('rto_admin'), '/')).toEqual(['Dashboard']);
    expect(activeAt(person('student', 'rto_admin'), '/')).toEqual(['Dashboard']);
  });

  it('below a section is that section, and a dashboard only on its own path', () => {
    expect(activeAt(person('rto_admin'), '/admin')).toEqual(['Dashboard']);
    expect(activeAt(person('rto_admin'), '/admin/')).toEqual(['Dashboard']);
    expect(activeAt(person('rto_admin'), '/admin/units/abc/tasks')).toEqual(['Units']);
    expect(activeAt(person('rto_admin'), '/admin/users')).toEqual(['Users']);
    expect(activeAt(person('rto_admin'), '/admin/classes/abc')).toEqual(['Classes']);
    expect(activeAt(person('rto_admin'), '/admin/audit')).toEqual(['Audit']);
    expect(activeAt(person('rto_admin'), '/admin/lti')).toEqual(['LTI']);
    expect(activeAt(person('rto_admin'), '/admin/lti/passbacks')).toEqual(['LTI']);
    expect(activeAt(person('assessor'), '/grading')).toEqual(['Grading']);
    expect(activeAt(person('student'), '/unit-setup')).toEqual(['Setup Unit']);
    expect(activeAt(person('rto_admin'), '/admin/unitsx')).toEqual([]);
  });

  it('an admin opens grading and the matrix as themselves or viewing as an assessor, not as a student', () => {
    const labels = (user: CurrentUser) => navItemsFor(user).map((item) => item.label);
    expect(labels(person('rto_admin'))).toEqual([
      'Dashboard',
      'Grading',
      'Evidence Matrix',
      'Units',
      'Classes',
      'Users',
      'Audit',
      'LTI',
      'LMS courses',
    ]);
    expect(labels(person('assessor', 'rto_admin'))).toContain('Grading');
    expect(labels(person('student', 'rto_admin'))).not.toContain('Grading');
    expect(activeAt(person('rto_admin'), '/matrix')).toEqual(['Evidence Matrix']);
  });

  it('offers LMS courses to everyone its route lets in (assessors and admins), and to no one else', () => {
    const offered = (user: CurrentUser) => navItemsFor(user).some((item) => item.to === '/lms-courses');
    const people = [
      person('student'),
      person('assessor'),
      person('rto_admin'),
      person('assessor', 'rto_admin'),
      person('student', 'rto_admin'),
    ];
    expect(people.map(offered)).toEqual(people.map((user) => canEnter(user, 'staff')));
    expect(people.map(offered)).toEqual([false, true, true, true, false]);
    expect(navItemsFor(person('assessor')).map((item) => item.label)).toEqual([
      'Grading',
      'Evidence Matrix',
      'LMS courses',
      'Validation',
    ]);
    expect(activeAt(person('assessor'), '/lms-courses')).toEqual(['LMS courses']);
  });

  it('gives a validator their rounds alone (issue 30 §2), and the routes agree', () => {
    const validator = person('validator');
    expect(navItemsFor(validator).map((item) => item.label)).toEqual(['Validation']);
    expect(activeAt(validator, '/')).toEqual(['Validation']);
    expect(activeAt(validator, '/validation/abc')).toEqual(['Validation']);
    expect(
      ['student', 'assessor', 'admin', 'staff', 'validation'].map((area) =>
        canEnter(validator, area as Area),
      ),
    ).toEqual([false, false, false, false, true]);
    // An admin viewing the app as a validator keeps the admin menu, and has the validator's rounds.
    const viewing = navItemsFor(person('validator', 'rto_admin')).map((item) => item.label);
    expect(viewing).toContain('Validation');
    expect(viewing).not.toContain('Grading');
  });
});
