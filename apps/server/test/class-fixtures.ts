import { buildTask, buildUnit } from '@evident/db/testing/factories';
import type { TestEnv } from './harness';

/** A unit with two tasks, ready for a class. */
export async function unitWithTwoTasks(env: TestEnv) {
  const unit = await buildUnit(env.db);
  await buildTask(env.db, { unitId: unit.id, title: `${unit.unitCode} first task` });
  await buildTask(env.db, { unitId: unit.id, title: `${unit.unitCode} second task` });
  return unit;
}

/** Ada Admin, signed in, and her caller. */
export async function adminCallerIn(env: TestEnv) {
  const admin = await env.signedIn('rto_admin', { firstName: 'Ada', lastName: 'Admin' });
  return { admin, caller: await admin.caller() };
}
