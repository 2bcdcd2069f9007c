import type { DomainEvent } from './events';
import type { Role } from './roles';

/**
 * Who is listening: the role the app acts as, whether they are an assessor still waiting for an
 * admin's approval, and for a student the units they are enrolled in.
 */
export type EventViewer = {
  userId: string;
  role: Role;
  awaitingApproval: boolean;
  unitIds: ReadonlySet<string>;
};

/**
 * For an approved assessor, whether a student's work is theirs to see: the students of the classes
 * they assess and those in no class (issue 19's rule, `studentInScope`). Not asked for anyone else.
 */
export type SeesStudent = (studentId: string) => boolean;

/** The students whose work an event is about: what an assessor's class scope is checked against. */
export function studentsOf(event: DomainEvent): string[] {
  switch (event.type) {
    case 'submission.created':
    case 'evidence.withdrawn':
    case 'video.processed':
    case 'thumbnail.processed':
    case 'enrolment.created':
    case 'unitOutcome.changed':
      return [event.studentId];
    case 'submission.graded':
      return [...new Set(event.submissions.map((entry) => entry.studentId))];
    case 'tasks.generated':
    case 'tasks.changed':
    case 'unit.changed':
    case 'user.changed':
    case 'validation.changed':
      return [];
  }
}

/**
 * The part of an event a person may see on their live stream, or null. A student hears about their
 * own work and enrolments and about changes to their units' tasks; an assessor, once approved, about
 * the work of the students they may see (`seesStudent`) and all curriculum, and before approval
 * nothing, as every assessor procedure refuses them; an admin about everything. Everyone hears when
 * their own account changes (an assessor's approval), and the people a validation round names when
 * it changes. Events carry ids only, so what a listener then
 * fetches still goes through the procedures' role checks.
 */
export function eventForViewer(
  event: DomainEvent,
  viewer: EventViewer,
  seesStudent: SeesStudent,
): DomainEvent | null {
  if (viewer.role === 'rto_admin') return event;
  if (event.type === 'user.changed') return event.userId === viewer.userId ? event : null;
  if (viewer.awaitingApproval) return null;
  // A round's validators (assessors or validators) and an action's owner; no student is ever one.
  if (event.type === 'validation.changed') return event.peopleIds.includes(viewer.userId) ? event : null;
  if (viewer.role === 'assessor') return scopedForAssessor(event, seesStudent);
  switch (event.type) {
    case 'submission.created':
    case 'evidence.withdrawn':
    case 'video.processed':
    case 'thumbnail.processed':
    case 'enrolment.created':
    case 'unitOutcome.changed':
      return event.studentId === viewer.userId ? event : null;
    case 'submission.graded': {
      const own = event.submissions.filter((entry) => entry.studentId === viewer.userId);
      return own.length > 0 ? { ...event, submissions: own } : null;
    }
    case 'tasks.generated':
    case 'tasks.changed':
    case 'unit.changed':
      return viewer.unitIds.has(event.unitId) ? event : null;
  }
}

/** Even a submission's id tells an assessor of another class's work: only what they may see. */
function scopedForAssessor(event: DomainEvent, seesStudent: SeesStudent): DomainEvent | null {
  switch (event.type) {
    case 'submission.created':
    case 'evidence.withdrawn':
    case 'video.processed':
    case 'thumbnail.processed':
    case 'enrolment.created':
    case 'unitOutcome.changed':
      return seesStudent(event.studentId) ? event : null;
    case 'submission.graded': {
      const seen = event.submissions.filter((entry) => seesStudent(entry.studentId));
      return seen.length > 0 ? { ...event, submissions: seen } : null;
    }
    case 'tasks.generated':
    case 'tasks.changed':
    case 'unit.changed':
    case 'user.changed':
      return event;
    // Decided before an assessor's scope is asked (eventForViewer).
    case 'validation.changed':
      return null;
  }
}
