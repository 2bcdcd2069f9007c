import type { AuditAction, AuditSearch } from '@evident/core/audit';
import { type AnyColumn, and, desc, eq, gte, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../client';
import { auditEvents } from '../schema/audit';
import { users } from '../schema/users';

export type AuditRecord = {
  /** The real person who did it; null when no one is known (a refused sign-in). */
  actorId: string | null;
  /** Whom the app acted as when it differs from the actor (an admin viewing as someone). */
  actingAsId?: string | null;
  /** One of the kinds in packages/core/src/audit.ts, each with its label and filter heading. */
  action: AuditAction;
  subjectId?: string;
  /** Names and facts needed to read the row after what it names is gone. */
  detail?: Record<string, unknown>;
};

/** Append-only: nothing in the app updates or deletes these rows (reminders' own dedupe aside). */
export async function recordAudit(db: Database, event: AuditRecord): Promise<void> {
  await db.insert(auditEvents).values(event);
}

const actor = alias(users, 'audit_actor');
const actingAs = alias(users, 'audit_acting_as');
const subject = alias(users, 'audit_subject');

const personName = (person: { id: AnyColumn; firstName: AnyColumn; lastName: AnyColumn }) =>
  sql<
    string | null
  >`case when ${person.id} is null then null else ${person.firstName} || ' ' || ${person.lastName} end`;

/**
 * Midnight starting a day (`2026-03-02`) `after` days later in the zone, as the database works it out
 * (daylight saving included): a day in the filters is the organisation's day, as its CSV writes it.
 */
const dayStart = (day: string, timeZone: string, after = 0) =>
  sql`((${day}::date) + ${after}::int)::timestamp at time zone ${timeZone}`;

/**
 * Audit rows newest first, filtered by a person (as actor, acted-as or subject), a kind and a date
 * range, with people's current names beside them (null once a person is deleted; the row's detail
 * keeps the names recorded at the time).
 */
export async function listAuditEvents(
  db: Database,
  search: AuditSearch,
  pageSize: number | null,
  timeZone = 'UTC',
) {
  const conditions: (SQL | undefined)[] = [];
  if (search.userId) {
    conditions.push(
      or(
        eq(auditEvents.actorId, search.userId),
        eq(auditEvents.actingAsId, search.userId),
        eq(auditEvents.subjectId, search.userId),
      ),
    );
  }
  if (search.kind) conditions.push(eq(auditEvents.action, search.kind));
  if (search.from) conditions.push(gte(auditEvents.createdAt, dayStart(search.from, timeZone)));
  // A day's end is the next day's start, so `to` includes the whole of its day.
  if (search.to) conditions.push(lt(auditEvents.createdAt, dayStart(search.to, timeZone, 1)));
  const where = and(...conditions);
  const query = db
    .select({
      id: auditEvents.id,
      createdAt: auditEvents.createdAt,
      action: auditEvents.action,
      actorId: auditEvents.actorId,
      actorName: personName(actor),
      actingAsId: auditEvents.actingAsId,
      actingAsName: personName(actingAs),
      subjectId: auditEvents.subjectId,
      subjectName: personName(subject),
      detail: auditEvents.detail,
    })
    .from(auditEvents)
    .leftJoin(actor, eq(actor.id, auditEvents.actorId))
    .leftJoin(actingAs, eq(actingAs.id, auditEvents.actingAsId))
    .leftJoin(subject, eq(subject.id, auditEvents.subjectId))
    .where(where)
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id));
  if (pageSize === null) return { events: await query, total: null };
  const [events, [counted]] = await Promise.all([
    query.limit(pageSize).offset((search.page - 1) * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(auditEvents).where(where),
  ]);
  return { events, total: counted?.total ?? 0 };
}

/** Every kind recorded so far, for the Audit screen's filter. */
export async function listAuditKinds(db: Database): Promise<string[]> {
  const rows = await db.selectDistinct({ action: auditEvents.action }).from(auditEvents);
  return rows.map((row) => row.action).sort();
}
