import type { CurrentUser } from '@evident/core/user';
import { notFound } from '@tanstack/react-router';

/** The parts of the app a route can belong to. */
export type Area = 'student' | 'assessor' | 'admin' | 'staff' | 'validation';

/**
 * Whether the user may open an area's routes. An admin viewing the app as someone else keeps the
 * admin area (spec section 2) as well as the area of the person being viewed; an admin viewing as a
 * student leaves the staff area, as the server does.
 */
export function canEnter(user: CurrentUser | null, area: Area): boolean {
  if (!user) return false;
  if (area === 'admin') {
    return user.role === 'rto_admin' || (user.isImpersonating && user.originalUser?.role === 'rto_admin');
  }
  // Grading and the Evidence Matrix: assessors, and admins as themselves (read-only grading, issue 19).
  if (area === 'staff') return user.role === 'assessor' || user.role === 'rto_admin';
  // Validation rounds (issue 30 §2): validators, and the assessors and admins named in a round.
  if (area === 'validation')
    return user.role === 'assessor' || user.role === 'rto_admin' || user.role === 'validator';
  return user.role === area;
}

/**
 * A route guard for beforeLoad. The wrong role sees the not-found screen rather than a "forbidden"
 * one (and a signed-out visitor sees the landing page), so the app reveals nothing about its routes.
 */
export function requireArea(user: CurrentUser | null, area: Area): void {
  if (!canEnter(user, area)) throw notFound();
}
