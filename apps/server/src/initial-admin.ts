import { AppError } from '@evident/core/errors';
import type { PasswordHasher } from '@evident/core/ports/auth';
import type { Database } from '@evident/db/client';
import { findUserByEmail, insertUser } from '@evident/db/queries/users';

export type AdminSpec = { email: string; password: string; firstName?: string; lastName?: string };

/** Creates an rto_admin unless someone already has that email; says which happened. */
export async function ensureAdmin(db: Database, passwords: PasswordHasher, spec: AdminSpec) {
  const existing = await findUserByEmail(db, spec.email);
  if (existing) {
    if (existing.role !== 'rto_admin') {
      throw new AppError('CONFLICT', `${spec.email} already belongs to a ${existing.role}, not an admin`);
    }
    return { created: false, email: existing.email };
  }
  const row = await insertUser(db, {
    email: spec.email,
    firstName: spec.firstName ?? 'RTO',
    lastName: spec.lastName ?? 'Admin',
    role: 'rto_admin',
    passwordHash: await passwords.hash(spec.password),
  });
  return { created: Boolean(row), email: spec.email.toLowerCase() };
}
