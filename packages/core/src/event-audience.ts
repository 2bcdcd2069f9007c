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
 * The part of an event a person may see on their live stream, or null. A student hears about their
 * own work and enrolments and about changes to their units' tasks; an assessor about all evidence
 * and curriculum (they grade every student) once approved, and before that nothing, as every
 * assessor procedure refuses them; an admin about everything. Everyone hears when their own account
 * changes (an assessor's approval). Events carry ids only, so what a listener then
 * fetches still goes through the procedures' role checks.
 */
export function eventForViewer(event: DomainEvent, viewer: EventViewer): DomainEvent | null {
  if (viewer.role === 'rto_admin') return event;
  if (event.type === 'user.changed') return event.userId === viewer.userId ? event : null;
  if (viewer.awaitingApproval) return null;
  if (viewer.role === 'assessor') return event;
  switch (event.type) {
    case 'submission.created':
    case 'evidence.withdrawn':
    case 'video.processed':
    case 'thumbnail.processed':
    case 'enrolment.created':
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
