import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { units } from '../schema/curriculum';
import { ltiContexts, ltiLinkLearners, ltiResourceLinks } from '../schema/lti';

/** Units a teacher may point a link at, by code (or title), live ones only. */
export async function searchUnitsForLinking(db: Database, query: string, limit = 25) {
  const like = `%${query.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ id: units.id, unitCode: units.unitCode, title: units.title })
    .from(units)
    .where(
      and(
        isNull(units.archivedAt),
        query.trim()
          ? or(sql`${units.unitCode} ilike ${like}`, sql`${units.title} ilike ${like}`)
          : undefined,
      ),
    )
    .orderBy(units.unitCode)
    .limit(limit);
}

/** Courses whose roster this person may sync: those they launched into as a teacher (any, for an admin). */
export async function listSyncableContexts(
  db: Database,
  { userId, anyCourse }: { userId: string; anyCourse: boolean },
) {
  const query = db
    .selectDistinct({
      id: ltiContexts.id,
      title: ltiContexts.title,
      label: ltiContexts.label,
      membershipsUrl: ltiContexts.membershipsUrl,
      platformId: ltiContexts.platformId,
    })
    .from(ltiContexts)
    .innerJoin(ltiResourceLinks, eq(ltiResourceLinks.contextId, ltiContexts.id))
    .leftJoin(ltiLinkLearners, eq(ltiLinkLearners.linkId, ltiResourceLinks.id));
  return anyCourse
    ? query.where(sql`${ltiContexts.membershipsUrl} is not null`)
    : query.where(and(sql`${ltiContexts.membershipsUrl} is not null`, eq(ltiLinkLearners.userId, userId)));
}

/**
 * After a roster sync: each listed student is enrolled in every unit the course's links open, and
 * recorded as a learner of those links (so grades pass back before their first launch).
 */
export async function enrolRosterInCourse(
  db: Database,
  { contextId, members }: { contextId: string; members: { userId: string; platformUserId: string }[] },
): Promise<number> {
  if (members.length === 0) return 0;
  const links = await db
    .select({ id: ltiResourceLinks.id, unitId: ltiResourceLinks.unitId })
    .from(ltiResourceLinks)
    .where(and(eq(ltiResourceLinks.contextId, contextId), sql`${ltiResourceLinks.unitId} is not null`));
  let enrolled = 0;
  for (const link of links) {
    for (const member of members) {
      await db
        .insert(ltiLinkLearners)
        .values({ linkId: link.id, userId: member.userId, platformUserId: member.platformUserId })
        .onConflictDoNothing();
      const rows = await db.execute(
        sql`insert into enrolments (student_id, unit_id) values (${member.userId}, ${link.unitId}) on conflict do nothing returning student_id`,
      );
      const inserted = (rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[]);
      enrolled += inserted.length;
    }
  }
  return enrolled;
}
