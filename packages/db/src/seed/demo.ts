import type { Role } from '@evident/core/roles';
import type { Database } from '../client';
import { countUsers, insertUser } from '../queries/users';

export const DEMO_PASSWORD = 'evident-demo';

export const demoPeople: { firstName: string; lastName: string; email: string; role: Role }[] = [
  { firstName: 'Alex', lastName: 'Morgan', email: 'admin@demo.evident.local', role: 'rto_admin' },
  { firstName: 'Priya', lastName: 'Nair', email: 'assessor@demo.evident.local', role: 'assessor' },
  { firstName: 'Jordan', lastName: 'Lee', email: 'jordan@demo.evident.local', role: 'student' },
  { firstName: 'Mia', lastName: 'Nguyen', email: 'mia@demo.evident.local', role: 'student' },
  { firstName: 'Tom', lastName: 'Walker', email: 'tom@demo.evident.local', role: 'student' },
];

/** Seeds only an empty database; returns the sign-ins it created (none when it did nothing). */
export async function seedDemo(db: Database, hashPassword: (pw: string) => Promise<string>) {
  if ((await countUsers(db)) > 0) return [];
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const created = [];
  for (const person of demoPeople) {
    // The demo assessor can grade at once; a self-registered one waits for an admin.
    const approvedAt = person.role === 'assessor' ? new Date() : null;
    const row = await insertUser(db, { ...person, passwordHash, approvedAt });
    if (row) created.push({ id: row.id, email: row.email, role: row.role, password: DEMO_PASSWORD });
  }
  return created;
}
