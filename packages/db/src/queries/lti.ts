import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { tasks, units } from '../schema/curriculum';
import { submissions } from '../schema/evidence';
import { jobs } from '../schema/jobs';
import {
  ltiContexts,
  ltiHandoffs,
  ltiLinkLearners,
  ltiLogins,
  ltiPlatforms,
  ltiResourceLinks,
  ltiToolKeys,
} from '../schema/lti';
import { identities, users } from '../schema/users';
import { enqueueJobs } from './jobs';
import { addClassAssessor, addClassUnit, classForLtiContext, enrolInClass } from './lti-classes';

export type LtiPlatformRow = typeof ltiPlatforms.$inferSelect;
export type LtiPlatformFields = Omit<LtiPlatformRow, 'id' | 'createdAt'>;

/** Adds a platform, or updates the one with the same issuer and client id. */
export async function upsertLtiPlatform(db: Database, fields: LtiPlatformFields): Promise<LtiPlatformRow> {
  const [row] = await db
    .insert(ltiPlatforms)
    .values(fields)
    .onConflictDoUpdate({
      target: [ltiPlatforms.issuer, ltiPlatforms.clientId],
      set: {
        deploymentIds: fields.deploymentIds,
        authorizationUrl: fields.authorizationUrl,
        tokenUrl: fields.tokenUrl,
        jwksUrl: fields.jwksUrl,
      },
    })
    .returning();
  if (!row) throw new Error('platform upsert returned nothing');
  return row;
}

export const listLtiPlatforms = (db: Database) => db.select().from(ltiPlatforms).orderBy(ltiPlatforms.issuer);

export async function deleteLtiPlatform(db: Database, id: string): Promise<boolean> {
  const rows = await db
    .delete(ltiPlatforms)
    .where(eq(ltiPlatforms.id, id))
    .returning({ id: ltiPlatforms.id });
  return rows.length > 0;
}

export async function findLtiPlatformById(db: Database, id: string) {
  const [row] = await db.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, id));
  return row;
}

/**
 * The registration for an issuer and one of the client ids a message names; with no client id (a
 * login without `client_id`), the issuer's only registration, if it has just one.
 */
export async function findLtiPlatform(
  db: Database,
  issuer: string,
  clientIds: string[],
): Promise<LtiPlatformRow | undefined> {
  const rows = await db
    .select()
    .from(ltiPlatforms)
    .where(
      clientIds.length > 0
        ? and(eq(ltiPlatforms.issuer, issuer), inArray(ltiPlatforms.clientId, clientIds))
        : eq(ltiPlatforms.issuer, issuer),
    )
    .limit(2);
  return rows.length === 1 ? rows[0] : undefined;
}

export type LtiToolKeyRow = typeof ltiToolKeys.$inferSelect;

/** Keys not yet retired, newest first. */
export const listPublishedToolKeys = (db: Database, now: Date) =>
  db
    .select()
    .from(ltiToolKeys)
    .where(or(isNull(ltiToolKeys.retiresAt), gt(ltiToolKeys.retiresAt, now)))
    .orderBy(desc(ltiToolKeys.createdAt));

/** Adds a key; the others retire at `retireOthersAt` (still published until then). */
export async function addToolKey(
  db: Database,
  key: { kid: string; publicJwk: unknown; sealedPrivateJwk: string },
  retireOthersAt: Date | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    if (retireOthersAt)
      await tx.update(ltiToolKeys).set({ retiresAt: retireOthersAt }).where(isNull(ltiToolKeys.retiresAt));
    // A later clock than any existing key, so "newest" never ties within one millisecond.
    await tx.insert(ltiToolKeys).values({ ...key, createdAt: sql`clock_timestamp()` });
  });
}

export async function saveLtiLogin(
  db: Database,
  login: { state: string; nonce: string; platformId: string; expiresAt: Date; storageTarget?: string | null },
): Promise<void> {
  await db.insert(ltiLogins).values(login);
  // Old logins go as new ones come: the table holds only the last few minutes.
  await db.delete(ltiLogins).where(lt(ltiLogins.expiresAt, new Date(login.expiresAt.getTime() - 86_400_000)));
}

/**
 * Spends a login once: the state must be ours, unexpired, for this platform and carry this nonce.
 * 'used' when it was spent before (a replayed launch).
 */
export async function spendLtiLogin(
  db: Database,
  { state, nonce, platformId, now }: { state: string; nonce: string; platformId: string; now: Date },
): Promise<'ok' | 'used' | 'unknown' | 'expired'> {
  const [spent] = await db
    .update(ltiLogins)
    .set({ usedAt: now })
    .where(
      and(
        eq(ltiLogins.state, state),
        eq(ltiLogins.nonce, nonce),
        eq(ltiLogins.platformId, platformId),
        isNull(ltiLogins.usedAt),
        gt(ltiLogins.expiresAt, now),
      ),
    )
    .returning({ state: ltiLogins.state });
  if (spent) return 'ok';
  const [row] = await db.select().from(ltiLogins).where(eq(ltiLogins.nonce, nonce));
  if (row?.usedAt) return 'used';
  if (row && row.expiresAt <= now) return 'expired';
  return 'unknown';
}

export type LaunchFacts = {
  platformId: string;
  issuer: string;
  subject: string;
  role: 'student' | 'assessor';
  firstName: string;
  lastName: string;
  email: string | null;
  context: { id: string; title: string | null; label: string | null; membershipsUrl: string | null } | null;
  resourceLink: {
    id: string;
    title: string | null;
    lineItemUrl: string | null;
    agsScopes: string[];
    /** From the link's custom parameters (set by deep linking): points the link at this unit. */
    unitCode: string | null;
  } | null;
};

/**
 * Everything a launch records, in one transaction: the person (found by issuer and subject, or
 * created), the course, the link and its unit, who launched it, and the student's enrolment.
 */
export async function recordLtiLaunch(db: Database, facts: LaunchFacts) {
  return db.transaction(async (tx) => {
    const now = new Date();
    const [identity] = await tx
      .select({ userId: identities.userId })
      .from(identities)
      .where(
        and(
          eq(identities.kind, 'lti'),
          eq(identities.issuer, facts.issuer),
          eq(identities.subject, facts.subject),
        ),
      );
    let user = identity ? (await tx.select().from(users).where(eq(users.id, identity.userId)))[0] : undefined;
    if (user) {
      // Names follow the platform; a course's teacher becomes an assessor, but nobody is demoted here.
      const role = user.role === 'student' && facts.role === 'assessor' ? 'assessor' : user.role;
      [user] = await tx
        .update(users)
        .set({
          firstName: facts.firstName,
          lastName: facts.lastName,
          role,
          ...(role === 'assessor' && !user.approvedAt ? { approvedAt: now } : {}),
        })
        .where(eq(users.id, user.id))
        .returning();
      await tx
        .update(identities)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(identities.kind, 'lti'),
            eq(identities.issuer, facts.issuer),
            eq(identities.subject, facts.subject),
          ),
        );
    } else {
      // An email another account already holds is not taken as proof of being that person: the
      // platform account gets its own person, under an address only it can have.
      const claimed = facts.email?.toLowerCase() ?? null;
      const taken = claimed
        ? (await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${claimed}`))
            .length > 0
        : true;
      const email = !taken && claimed ? claimed : `lti-${crypto.randomUUID()}@lti.invalid`;
      [user] = await tx
        .insert(users)
        .values({
          firstName: facts.firstName,
          lastName: facts.lastName,
          email,
          role: facts.role,
          passwordHash: null,
          // The registered platform vouches for its teaching staff.
          approvedAt: facts.role === 'assessor' ? now : null,
        })
        .returning();
      if (!user) throw new Error('user insert returned nothing');
      await tx.insert(identities).values({
        userId: user.id,
        kind: 'lti',
        issuer: facts.issuer,
        subject: facts.subject,
        email: facts.email,
        lastUsedAt: now,
      });
    }
    if (!user) throw new Error('launch user missing');

    let contextRowId: string | null = null;
    if (facts.context) {
      const [row] = await tx
        .insert(ltiContexts)
        .values({
          platformId: facts.platformId,
          contextId: facts.context.id,
          title: facts.context.title,
          label: facts.context.label,
          membershipsUrl: facts.context.membershipsUrl,
        })
        .onConflictDoUpdate({
          target: [ltiContexts.platformId, ltiContexts.contextId],
          // A launch without the roster service (a student's, on some platforms) keeps the known URL.
          set: {
            title: sql`coalesce(excluded.title, ${ltiContexts.title})`,
            label: sql`coalesce(excluded.label, ${ltiContexts.label})`,
            membershipsUrl: sql`coalesce(excluded.memberships_url, ${ltiContexts.membershipsUrl})`,
          },
        })
        .returning({ id: ltiContexts.id });
      contextRowId = row?.id ?? null;
    }

    let link: typeof ltiResourceLinks.$inferSelect | undefined;
    if (facts.resourceLink) {
      const named = facts.resourceLink.unitCode
        ? (
            await tx
              .select({ id: units.id })
              .from(units)
              .where(and(eq(units.unitCode, facts.resourceLink.unitCode), isNull(units.archivedAt)))
          )[0]
        : undefined;
      [link] = await tx
        .insert(ltiResourceLinks)
        .values({
          platformId: facts.platformId,
          resourceLinkId: facts.resourceLink.id,
          contextId: contextRowId,
          title: facts.resourceLink.title,
          unitId: named?.id ?? null,
          lineItemUrl: facts.resourceLink.lineItemUrl,
          agsScopes: facts.resourceLink.agsScopes,
        })
        .onConflictDoUpdate({
          target: [ltiResourceLinks.platformId, ltiResourceLinks.resourceLinkId],
          set: {
            contextId: contextRowId,
            title: facts.resourceLink.title,
            // A launch that carries no grade service keeps the column an earlier one named.
            lineItemUrl: sql`coalesce(excluded.line_item_url, ${ltiResourceLinks.lineItemUrl})`,
            agsScopes: sql`case when cardinality(excluded.ags_scopes) > 0 then excluded.ags_scopes else ${ltiResourceLinks.agsScopes} end`,
            ...(named ? { unitId: named.id } : {}),
          },
        })
        .returning();
      if (link) {
        await tx
          .insert(ltiLinkLearners)
          .values({ linkId: link.id, userId: user.id, platformUserId: facts.subject, lastLaunchAt: now })
          .onConflictDoUpdate({
            target: [ltiLinkLearners.linkId, ltiLinkLearners.userId],
            set: { lastLaunchAt: now, platformUserId: facts.subject },
          });
        if (link.unitId && user.role === 'student') {
          await tx.execute(
            sql`insert into enrolments (student_id, unit_id) values (${user.id}, ${link.unitId}) on conflict do nothing`,
          );
        }
      }
    }
    // The course is a class (issue 19): the link's unit is one of its units, the learner is
    // enrolled, a teacher assesses it.
    let classId: string | null = null;
    if (contextRowId) {
      const found = await classForLtiContext(tx, contextRowId);
      classId = found?.id ?? null;
      if (found && link?.unitId) await addClassUnit(tx, found.id, link.unitId);
      if (found && user.role === 'student')
        await enrolInClass(tx, { classId: found.id, studentId: user.id, by: null });
      if (found && user.role === 'assessor' && facts.role === 'assessor')
        await addClassAssessor(tx, found.id, user.id);
    }
    return { user, link: link ?? null, contextId: contextRowId, classId };
  });
}

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

/** The job kind of grade passback (Assignment and Grade Services). */
export const ltiScoreJobKind = 'lti.score';

/**
 * Queues a score for every link with a gradebook column through which these students opened these
 * units. Call it in the transaction that records the decision; one waiting job per link and
 * student is enough, since the job sends the progress as it is when it runs.
 */
export async function queueLtiScores(
  db: Database,
  pairs: { studentId: string; unitId: string }[],
): Promise<number> {
  if (pairs.length === 0) return 0;
  const rows = await db
    .select({ linkId: ltiLinkLearners.linkId, userId: ltiLinkLearners.userId })
    .from(ltiLinkLearners)
    .innerJoin(ltiResourceLinks, eq(ltiResourceLinks.id, ltiLinkLearners.linkId))
    .where(
      and(
        sql`${ltiResourceLinks.lineItemUrl} is not null`,
        or(
          ...pairs.map((p) =>
            and(eq(ltiLinkLearners.userId, p.studentId), eq(ltiResourceLinks.unitId, p.unitId)),
          ),
        ),
      ),
    );
  const queued = await enqueueJobs(
    db,
    rows.map((row) => ({
      kind: ltiScoreJobKind,
      payload: { linkId: row.linkId, userId: row.userId },
      dedupeKey: `${ltiScoreJobKind}:${row.linkId}:${row.userId}`,
      // Through about two days of a platform being down.
      maxAttempts: 40,
    })),
  );
  return queued.length;
}

/** What a score needs: where it goes, for whom, and the student's progress in the link's unit now. */
export async function findLtiScoreFacts(
  db: Database,
  { linkId, userId }: { linkId: string; userId: string },
) {
  const [row] = await db
    .select({
      lineItemUrl: ltiResourceLinks.lineItemUrl,
      unitId: ltiResourceLinks.unitId,
      platformUserId: ltiLinkLearners.platformUserId,
      platform: ltiPlatforms,
    })
    .from(ltiLinkLearners)
    .innerJoin(ltiResourceLinks, eq(ltiResourceLinks.id, ltiLinkLearners.linkId))
    .innerJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiResourceLinks.platformId))
    .where(and(eq(ltiLinkLearners.linkId, linkId), eq(ltiLinkLearners.userId, userId)));
  if (!row?.lineItemUrl || !row.unitId) return undefined;
  const [progress] = await db
    .select({
      total: sql<number>`count(*)::int`,
      satisfied: sql<number>`count(*) filter (where ${submissions.status} = 'satisfactory')::int`,
      submitted: sql<number>`count(${submissions.id})::int`,
    })
    .from(tasks)
    .leftJoin(submissions, and(eq(submissions.taskId, tasks.id), eq(submissions.studentId, userId)))
    .where(and(eq(tasks.unitId, row.unitId), isNull(tasks.archivedAt)));
  return {
    ...row,
    lineItemUrl: row.lineItemUrl,
    progress: progress ?? { total: 0, satisfied: 0, submitted: 0 },
  };
}

/** Grade passbacks still waiting or given up on, newest first, for an admin to look into. */
export async function listLtiPassbacks(db: Database) {
  return db
    .select({
      id: jobs.id,
      status: jobs.status,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
      runAfter: jobs.runAfter,
      lastError: jobs.lastError,
      createdAt: jobs.createdAt,
      payload: jobs.payload,
      // Who and where, for the admin screen; gone when the person or link was deleted since.
      studentFirstName: users.firstName,
      studentLastName: users.lastName,
      linkTitle: ltiResourceLinks.title,
      unitCode: units.unitCode,
      issuer: ltiPlatforms.issuer,
    })
    .from(jobs)
    .leftJoin(users, sql`${users.id}::text = ${jobs.payload}->>'userId'`)
    .leftJoin(ltiResourceLinks, sql`${ltiResourceLinks.id}::text = ${jobs.payload}->>'linkId'`)
    .leftJoin(units, eq(units.id, ltiResourceLinks.unitId))
    .leftJoin(ltiPlatforms, eq(ltiPlatforms.id, ltiResourceLinks.platformId))
    .where(and(eq(jobs.kind, ltiScoreJobKind), inArray(jobs.status, ['queued', 'running', 'failed'])))
    .orderBy(desc(jobs.createdAt))
    .limit(200);
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

/** Changes a platform's registration in place; undefined when there is no such platform. */
export async function updateLtiPlatform(
  db: Database,
  id: string,
  fields: LtiPlatformFields,
): Promise<LtiPlatformRow | undefined> {
  const [row] = await db.update(ltiPlatforms).set(fields).where(eq(ltiPlatforms.id, id)).returning();
  return row;
}

/**
 * A passback waiting or given up on goes again now, with a fresh set of attempts: an admin who
 * fixed the platform's side should not wait out the backoff. 'running' ones are left alone.
 */
export async function retryLtiPassback(db: Database, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ status: 'queued', attempts: 0, runAfter: now, finishedAt: null, updatedAt: now })
    .where(and(eq(jobs.id, id), eq(jobs.kind, ltiScoreJobKind), inArray(jobs.status, ['queued', 'failed'])))
    .returning({ id: jobs.id });
  return rows.length > 0;
}

/** Tool keys whose publication ended before `before`: nothing signed with them is still checked. */
export async function deleteRetiredToolKeys(db: Database, before: Date): Promise<string[]> {
  const rows = await db
    .delete(ltiToolKeys)
    .where(and(sql`${ltiToolKeys.retiresAt} is not null`, lt(ltiToolKeys.retiresAt, before)))
    .returning({ kid: ltiToolKeys.kid });
  return rows.map((row) => row.kid);
}

/** When each retired key stops being published, for keys still in the table. */
export async function listToolKeyRetirements(db: Database): Promise<Date[]> {
  const rows = await db
    .selectDistinct({ retiresAt: ltiToolKeys.retiresAt })
    .from(ltiToolKeys)
    .where(sql`${ltiToolKeys.retiresAt} is not null`);
  return rows.flatMap((row) => (row.retiresAt ? [row.retiresAt] : []));
}

/** The login a state names, unspent and unexpired: whether the platform's storage holds its state. */
export async function findOpenLtiLogin(db: Database, state: string, now: Date) {
  const [row] = await db
    .select({ storageTarget: ltiLogins.storageTarget })
    .from(ltiLogins)
    .where(and(eq(ltiLogins.state, state), isNull(ltiLogins.usedAt), gt(ltiLogins.expiresAt, now)));
  return row;
}

const sha256 = async (value: string) =>
  Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value))).toString('hex');

/** A single-use handoff for this person, good until `expiresAt`; the secret is returned, its hash kept. */
export async function createLtiHandoff(db: Database, userId: string, expiresAt: Date): Promise<string> {
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
  await db.insert(ltiHandoffs).values({ tokenHash: await sha256(token), userId, expiresAt });
  // Spent and expired ones go as new ones come.
  await db.delete(ltiHandoffs).where(lt(ltiHandoffs.expiresAt, new Date(expiresAt.getTime() - 86_400_000)));
  return token;
}

/** Spends a handoff once: the person it was for, or undefined (unknown, spent or expired). */
export async function spendLtiHandoff(db: Database, token: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .update(ltiHandoffs)
    .set({ usedAt: now })
    .where(
      and(
        eq(ltiHandoffs.tokenHash, await sha256(token)),
        isNull(ltiHandoffs.usedAt),
        gt(ltiHandoffs.expiresAt, now),
      ),
    )
    .returning({ userId: ltiHandoffs.userId });
  return row?.userId;
}

/**
 * A running passback gives up its dedupe key: it has already read the progress it will send, so a
 * grade recorded from now on needs a job of its own (the key only spares queuing twice while one waits).
 */
export async function releaseLtiScoreDedupe(db: Database, jobId: string): Promise<void> {
  await db.update(jobs).set({ dedupeKey: null }).where(eq(jobs.id, jobId));
}
