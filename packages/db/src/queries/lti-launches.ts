import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { units } from '../schema/curriculum';
import { ltiContexts, ltiLinkLearners, ltiPlatforms, ltiResourceLinks } from '../schema/lti';
import { identities, users } from '../schema/users';
import { addClassAssessor, addClassUnit, classForLtiContext, enrolInClass } from './lti-classes';
import type { UserRow } from './users';

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

export type LaunchPolicy = {
  /** `ASSESSOR_SIGNUP`: under `open` a new teacher is approved at once, as a self-registered assessor is. */
  assessorSignup: 'open' | 'approval';
  /**
   * Called in the launch's transaction when it made a teacher who now waits for approval, with the
   * course's title if the launch named one: the admins are told with the account, or neither happens.
   */
  whenAwaitingApproval?: (tx: Database, assessor: UserRow, course: string | null) => Promise<unknown>;
};

/**
 * Everything a launch records, in one transaction: the person (found by issuer and subject, or
 * created), the course, the link and its unit, who launched it, and the student's enrolment.
 * A launch never changes what an existing account may do: a student the platform calls a teacher is
 * `roleRefused` and nothing is recorded (an assessor it calls a learner stays the assessor they are).
 */
export async function recordLtiLaunch(db: Database, facts: LaunchFacts, policy: LaunchPolicy) {
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
    if (user?.role === 'student' && facts.role === 'assessor') {
      // The LMS's word would make a student an assessor of other people's evidence.
      return { user, roleRefused: true, link: null, contextId: null, classId: null };
    }
    if (user) {
      // Names follow the platform; the role and approval are Evident's own.
      [user] = await tx
        .update(users)
        .set({ firstName: facts.firstName, lastName: facts.lastName })
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
          approvedAt: facts.role === 'assessor' && (await startsApproved(tx, facts, policy)) ? now : null,
          // Their courses are their classes: no LMS teacher sees every student in no class.
          classesOnly: facts.role === 'assessor',
        })
        .returning();
      if (!user) throw new Error('user insert returned nothing');
      if (user.role === 'assessor' && !user.approvedAt) {
        const course = facts.context ? (facts.context.title ?? facts.context.label) : null;
        await policy.whenAwaitingApproval?.(tx, user, course);
      }
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
    return { user, roleRefused: false, link: link ?? null, contextId: contextRowId, classId };
  });
}

/**
 * A new teacher waits for an admin's approval, as a self-registered assessor does, unless sign-up is
 * open or an admin trusts this platform's teaching roles: an LMS role alone is anyone's to give.
 */
async function startsApproved(db: Database, facts: LaunchFacts, policy: LaunchPolicy): Promise<boolean> {
  if (policy.assessorSignup === 'open') return true;
  const [platform] = await db
    .select({ trusted: ltiPlatforms.trustTeachingRoles })
    .from(ltiPlatforms)
    .where(eq(ltiPlatforms.id, facts.platformId));
  return platform?.trusted ?? false;
}
