import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { units } from './curriculum';
import { users } from './users';

/** An LMS registered as an LTI 1.3 platform: where its sign-in, tokens and keys are. */
export const ltiPlatforms = pgTable(
  'lti_platforms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    /** Deployments of our tool on this platform; a launch naming another is refused. */
    deploymentIds: text('deployment_ids').array().notNull().default(sql`'{}'::text[]`),
    authorizationUrl: text('authorization_url').notNull(),
    tokenUrl: text('token_url').notNull(),
    jwksUrl: text('jwks_url').notNull(),
    /**
     * An admin vouches for the teaching roles this platform sends: a teacher its first launch makes
     * starts as an approved assessor rather than waiting for approval.
     */
    trustTeachingRoles: boolean('trust_teaching_roles').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lti_platforms_issuer_client_idx').on(t.issuer, t.clientId)],
);

/**
 * The tool's own RSA keys. The private half is sealed with LTI_PRIVATE_KEY (AES-256-GCM). Every key
 * not yet retired is published at /lti/keys; the newest signs. Rotation adds a key and retires the
 * older ones a day later, so platforms that cached the old set still verify what was signed with it.
 */
export const ltiToolKeys = pgTable('lti_tool_keys', {
  kid: text('kid').primaryKey(),
  publicJwk: jsonb('public_jwk').notNull(),
  sealedPrivateJwk: text('sealed_private_jwk').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  retiresAt: timestamp('retires_at', { withTimezone: true }),
});

/** One login initiation: the state and nonce we issued, spent by the launch that answers it. */
export const ltiLogins = pgTable(
  'lti_logins',
  {
    state: text('state').primaryKey(),
    nonce: text('nonce').notNull(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * The platform offered its storage (`lti_storage_target`): the state was also put there, so a
     * launch whose state cookie the browser withheld (a third-party iframe) is checked against it.
     */
    storageTarget: text('storage_target'),
  },
  (t) => [uniqueIndex('lti_logins_nonce_idx').on(t.nonce), index('lti_logins_expires_idx').on(t.expiresAt)],
);

/** A course on a platform (the launch's context claim). */
export const ltiContexts = pgTable(
  'lti_contexts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    contextId: text('context_id').notNull(),
    title: text('title'),
    label: text('label'),
    /** Names and Role Provisioning: the course roster's URL, when the platform offers it. */
    membershipsUrl: text('memberships_url'),
  },
  (t) => [uniqueIndex('lti_contexts_platform_context_idx').on(t.platformId, t.contextId)],
);

/** A link placed in a course; deep linking (or an admin) points it at a unit. */
export const ltiResourceLinks = pgTable(
  'lti_resource_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    platformId: uuid('platform_id')
      .notNull()
      .references(() => ltiPlatforms.id, { onDelete: 'cascade' }),
    resourceLinkId: text('resource_link_id').notNull(),
    contextId: uuid('context_id').references(() => ltiContexts.id, { onDelete: 'set null' }),
    title: text('title'),
    unitId: uuid('unit_id').references(() => units.id, { onDelete: 'set null' }),
    /** Assignment and Grade Services: the link's gradebook column and the scopes granted. */
    lineItemUrl: text('line_item_url'),
    agsScopes: text('ags_scopes').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [uniqueIndex('lti_resource_links_platform_link_idx').on(t.platformId, t.resourceLinkId)],
);

/** Who launched from which link, as which platform user: grade passback's addressees. */
export const ltiLinkLearners = pgTable(
  'lti_link_learners',
  {
    linkId: uuid('link_id')
      .notNull()
      .references(() => ltiResourceLinks.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platformUserId: text('platform_user_id').notNull(),
    lastLaunchAt: timestamp('last_launch_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.userId] }), index('lti_link_learners_user_idx').on(t.userId)],
);

/**
 * A launch handed on without cookies: into the LMS iframe's tab (exchanged for a session token the
 * app sends as a header) or out of it into a new window (exchanged for a session cookie). Single use,
 * a couple of minutes long; only the SHA-256 of the secret is kept.
 */
export const ltiHandoffs = pgTable(
  'lti_handoffs',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('lti_handoffs_expires_idx').on(t.expiresAt)],
);
