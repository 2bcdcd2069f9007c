import type { Role } from './roles';

/**
 * Issue 19: what the class filter on the grading queue, the Evidence Matrix and Email Outstanding
 * offers besides the classes, and what an admin is told about grading. An admin sees every student;
 * an assessor the students of their classes and those in no class.
 */
export function allStudentsLabel(role: Role): string {
  return role === 'rto_admin' ? 'All students' : 'All my students';
}

/** The filter's value for "no class": a Select needs a string. */
export const allStudentsValue = 'all';

/** Admins follow grading without deciding: only an assessor (or an admin viewing as one) grades. */
export const adminReadOnlyGradingMessage =
  'Admins see grading read-only. To record a decision, view the app as the assessor who grades this student.';

/** An assessor asked for work of a student outside their classes. */
export const outsideYourClassesMessage =
  'This student is in a class you do not assess; their class’s assessors grade their work';
