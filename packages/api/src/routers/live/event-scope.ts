import { type SeesStudent, studentsOf } from '@evident/core/event-audience';
import type { Database } from '@evident/db/client';
import { findScopingAssessors } from '@evident/db/queries/class-scope';
import type { FeedEntry } from './event-feed';

type ClassAudience = ReadonlyMap<string, ReadonlySet<string>>;

/** Kept with the feed's own entries, so it goes when the ring lets an event go. */
const audiences = new WeakMap<FeedEntry, Promise<ClassAudience>>();

/**
 * The classes' assessors of the students an event is about: one query per event, shared by every
 * assessor's stream on this server that carries it, rather than one per event per listener. Read
 * when the event arrives, so it follows enrolments, classes and assessors as they are then; a
 * failed read is tried again by the next stream that asks.
 */
function classAudienceOf(db: Database, entry: FeedEntry): Promise<ClassAudience> {
  let audience = audiences.get(entry);
  if (!audience) {
    audience = findScopingAssessors(db, studentsOf(entry.event));
    audiences.set(entry, audience);
    audience.catch(() => audiences.delete(entry));
  }
  return audience;
}

const everyStudent: SeesStudent = () => true;

/**
 * Whom of the event's students this assessor may hear about: those of their classes and those in
 * no class, unless they see their classes only (`studentInScope`'s rule). Anyone else's stream is
 * not scoped by class, and asks nothing.
 */
export async function studentsSeenBy(
  db: Database,
  entry: FeedEntry,
  viewer: { userId: string; role: string; awaitingApproval: boolean; classesOnly: boolean },
): Promise<SeesStudent> {
  if (viewer.role !== 'assessor' || viewer.awaitingApproval || studentsOf(entry.event).length === 0)
    return everyStudent;
  const audience = await classAudienceOf(db, entry);
  return (studentId) => audience.get(studentId)?.has(viewer.userId) ?? !viewer.classesOnly;
}
