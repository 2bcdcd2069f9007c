import { parseArgs } from 'node:util';
import { emailSchema, newPasswordSchema } from '@evident/core/auth-schemas';
import type { Logger } from '@evident/core/logger';
import type { PasswordHasher } from '@evident/core/ports/auth';
import type { Role } from '@evident/core/roles';
import type { Database } from '@evident/db/client';
import { findUserByEmail, insertUser, type UserRow } from '@evident/db/queries/users';

export type AdminSpec = { email: string; password: string; firstName?: string; lastName?: string };

export type EnsureAdminResult =
  | { outcome: 'created'; email: string }
  | { outcome: 'already-admin'; email: string }
  /** Someone else has the email; their account is left exactly as it was. */
  | { outcome: 'not-admin'; email: string; role: Role };

function existingOutcome(row: UserRow): EnsureAdminResult {
  return row.role === 'rto_admin'
    ? { outcome: 'already-admin', email: row.email }
    : { outcome: 'not-admin', email: row.email, role: row.role };
}

/** Creates an rto_admin unless someone already has that email; says which happened. */
export async function ensureAdmin(
  db: Database,
  passwords: PasswordHasher,
  spec: AdminSpec,
): Promise<EnsureAdminResult> {
  const existing = await findUserByEmail(db, spec.email);
  if (existing) return existingOutcome(existing);
  const row = await insertUser(db, {
    email: spec.email,
    firstName: spec.firstName ?? 'RTO',
    lastName: spec.lastName ?? 'Admin',
    role: 'rto_admin',
    passwordHash: await passwords.hash(spec.password),
  });
  if (row) return { outcome: 'created', email: row.email };
  // Someone registered the email between the lookup and the insert.
  const raced = await findUserByEmail(db, spec.email);
  return raced ? existingOutcome(raced) : { outcome: 'already-admin', email: spec.email.toLowerCase() };
}

export function describeEnsureAdmin(result: EnsureAdminResult): string {
  switch (result.outcome) {
    case 'created':
      return `created admin ${result.email}`;
    case 'already-admin':
      return `${result.email} is already an admin`;
    case 'not-admin':
      return `${result.email} already belongs to a ${result.role} account, which is not an admin; left it alone and created no admin`;
  }
}

/**
 * INITIAL_ADMIN_EMAIL at start-up. An email that already belongs to a student or assessor is an
 * operator's mistake, not a reason to refuse to start: it is logged in one line and the server goes on.
 */
export async function ensureInitialAdmin(
  db: Database,
  passwords: PasswordHasher,
  spec: AdminSpec,
  log: Logger,
): Promise<EnsureAdminResult> {
  const result = await ensureAdmin(db, passwords, spec);
  if (result.outcome === 'created') log.info(describeEnsureAdmin(result));
  if (result.outcome === 'not-admin') log.warn(`INITIAL_ADMIN_EMAIL: ${describeEnsureAdmin(result)}`);
  return result;
}

export type CreateAdminArgs = { ok: true; spec: AdminSpec } | { ok: false; message: string };

/** `create-admin --email E --password P [--first-name F] [--last-name L]`, checked like sign-up. */
export function parseCreateAdminArgs(args: string[]): CreateAdminArgs {
  let values: Partial<Record<'email' | 'password' | 'first-name' | 'last-name', string>>;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
      },
    }));
  } catch (error) {
    // Unknown options, a missing value, stray positionals: node's message says which.
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  if (values.email === undefined) return { ok: false, message: '--email is required' };
  if (values.password === undefined) return { ok: false, message: '--password is required' };
  const email = emailSchema.safeParse(values.email);
  if (!email.success) return { ok: false, message: email.error.issues[0]?.message ?? 'Invalid email' };
  const password = newPasswordSchema.safeParse(values.password);
  if (!password.success) {
    return { ok: false, message: password.error.issues[0]?.message ?? 'Invalid password' };
  }
  return {
    ok: true,
    spec: {
      email: email.data,
      password: password.data,
      firstName: values['first-name']?.trim() || undefined,
      lastName: values['last-name']?.trim() || undefined,
    },
  };
}
