import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { tasks, units } from '../schema/curriculum';
import { users } from '../schema/users';

export type AdminStats = { totalUnits: number; totalTasks: number; totalStudents: number };

export async function countAdminStats(db: Database): Promise<AdminStats> {
  const count = sql<number>`count(*)::int`;
  const [[u], [t], [s]] = await Promise.all([
    db.select({ n: count }).from(units),
    db.select({ n: count }).from(tasks),
    db.select({ n: count }).from(users).where(eq(users.role, 'student')),
  ]);
  return { totalUnits: u?.n ?? 0, totalTasks: t?.n ?? 0, totalStudents: s?.n ?? 0 };
}
