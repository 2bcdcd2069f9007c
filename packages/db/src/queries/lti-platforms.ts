import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../client';
import { ltiPlatforms } from '../schema/lti';

export type LtiPlatformRow = typeof ltiPlatforms.$inferSelect;
/** Trust in the platform's teaching roles is left as it is when not given (a start-up's LTI_PLATFORMS without it). */
export type LtiPlatformFields = Omit<LtiPlatformRow, 'id' | 'createdAt' | 'trustTeachingRoles'> & {
  trustTeachingRoles?: boolean;
};

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
        ...(fields.trustTeachingRoles === undefined ? {} : { trustTeachingRoles: fields.trustTeachingRoles }),
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

/** Changes a platform's registration in place; undefined when there is no such platform. */
export async function updateLtiPlatform(
  db: Database,
  id: string,
  fields: LtiPlatformFields,
): Promise<LtiPlatformRow | undefined> {
  const [row] = await db.update(ltiPlatforms).set(fields).where(eq(ltiPlatforms.id, id)).returning();
  return row;
}
