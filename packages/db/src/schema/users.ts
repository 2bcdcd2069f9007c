import { roles } from '@evident/core/roles';
import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const roleEnum = pgEnum('role', roles);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    /** Stored lower-cased; the unique index on lower(email) guards writers that forget. */
    email: text('email').notNull(),
    profileImageUrl: text('profile_image_url'),
    role: roleEnum('role').notNull(),
    /** Null for people who only ever sign in through SSO or an LMS launch. */
    passwordHash: text('password_hash'),
    /**
     * Assessors see students' evidence only once an administrator approves them; null while a
     * self-registered assessor waits. Unused for other roles.
     */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: uuid('approved_by'),
    /**
     * An assessor sees the students of their classes only, not also those in no class: set for one an
     * LMS launch made, whose courses are their classes (issue 28). False keeps issue 19's rule.
     */
    classesOnly: boolean('classes_only').notNull().default(false),
    /**
     * A deactivated person signs in by no route and their sessions, tokens and streams end; their
     * evidence and decisions stay and keep their name. Null while active.
     */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    deactivatedBy: uuid('deactivated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set while an admin views the app as another user; the session itself stays the admin's. */
    actingAsUserId: uuid('acting_as_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** How the person proved who they are when the session began: password, oidc or lti. */
    authMethod: text('auth_method').notNull().default('password'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    /** SHA-256 of the token; the token itself only ever exists in the mailed link. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

export const identityKindEnum = pgEnum('identity_kind', ['password', 'oidc', 'lti']);

/**
 * A way in for a person: an OpenID Connect or LTI account (issuer + subject) links to an existing
 * person instead of creating a second one. Passwords stay on `users.password_hash`; a `password` row
 * records only that the way exists.
 */
export const identities = pgTable(
  'identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: identityKindEnum('kind').notNull(),
    /** The OpenID issuer or LTI platform issuer; empty for a password. */
    issuer: text('issuer').notNull().default(''),
    subject: text('subject').notNull(),
    /** The email the provider asserted when the identity was linked, for the audit trail. */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('identities_kind_issuer_subject_idx').on(t.kind, t.issuer, t.subject),
    index('identities_user_idx').on(t.userId),
  ],
);

export const tokenScopeEnum = pgEnum('token_scope', ['read', 'write']);

/** Personal API tokens for scripts: shown once, stored as a SHA-256 hash, expiring, revocable. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    scope: tokenScopeEnum('scope').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('api_tokens_hash_idx').on(t.tokenHash), index('api_tokens_user_idx').on(t.userId)],
);
