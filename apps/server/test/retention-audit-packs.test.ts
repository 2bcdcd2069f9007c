import { auditEvents, auditPacks } from '@evident/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf } from './evidence-fixtures';
import { createTestEnv, type TestEnv } from './harness';
import { restAs } from './rest-fixtures';
import { completedStudent } from './retention-fixtures';

// Issue 30 §4: an audit pack's zip is a copy of assessment records, so disposing of the records
// disposes of every pack holding them: the zip deleted, the pack's row kept and marked, its download
// answered 410 with the reason, each step audited. Runs on PostgreSQL too with TEST_DATABASE_URL.

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
beforeAll(async () => {
  env = await createTestEnv({ videoConverter: null });
  app = await env.app();
});
afterAll(async () => {
  await app?.close();
  await env?.close();
});

describe('disposal and the audit packs holding the records', () => {
  it('waits for a pack being built, then takes the ready pack with the records and leaves other packs', async () => {
    const assessor = await env.signedIn('assessor');
    const done = await completedStudent(env, assessor, 25);
    const other = await completedStudent(env, assessor, 25);
    const admin = await env.signedIn('rto_admin', { firstName: 'Rhea', lastName: 'Admin' });
    const rest = restAs(env, app, admin);
    const askPack = async (unitId: string, studentId: string) => {
      const made = await rest.post('/api/admin/audit-packs', { unitId, studentIds: [studentId] });
      expect(made.statusCode, made.body).toBe(200);
      return (made.json() as { id: string }).id;
    };
    const packId = await askPack(done.unit.id, done.student.id);
    const otherPackId = await askPack(other.unit.id, other.student.id);
    const target = { studentId: done.student.id, unitId: done.unit.id };

    // Not built yet: disposing now would leave a pack copying records that are gone. Nothing changes.
    const early = await rest.post('/api/admin/retention/dispose', target);
    expect(early.statusCode).toBe(409);
    expect(early.body).toContain('An audit pack holding these records is being built');

    await env.services.jobs.idle();
    const ready = (await rest.get(`/api/admin/audit-packs/${packId}`)).json();
    expect(ready.status).toBe('ready');
    const [stored] = await env.db.select().from(auditPacks).where(eq(auditPacks.id, packId));
    const zipPath = stored?.objectPath as string;
    expect(await env.services.storage.stat(zipPath)).not.toBeNull();

    const disposed = await rest.post('/api/admin/retention/dispose', target);
    expect(disposed.statusCode, disposed.body).toBe(200);
    const tombstone = disposed.json();
    expect(tombstone).toMatchObject({ counts: { files: 2, auditPacks: 1 }, filesPending: 0 });

    // The zip is gone; the row stays, saying when and by which disposal.
    expect(await env.services.storage.stat(zipPath)).toBeNull();
    const [row] = await env.db.select().from(auditPacks).where(eq(auditPacks.id, packId));
    expect(row).toMatchObject({ status: 'disposed', disposalId: tombstone.id, objectPath: zipPath });
    expect(row?.disposedAt).toBeInstanceOf(Date);

    // Asking for its download answers 410 with the reason, and so does a link handed out before.
    const gone = await rest.get(`/api/admin/audit-packs/${packId}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('This audit pack was disposed of on');
    expect(gone.body).toContain('Make a new pack for the records still kept.');
    const signedBefore = await app.inject({ method: 'GET', url: pathOf(ready.downloadUrl) });
    expect(signedBefore.statusCode).toBe(410);
    expect(signedBefore.body).toBe(gone.body);
    const listed = (await rest.get('/api/admin/audit-packs')).json() as { id: string; status: string }[];
    expect(listed.find((pack) => pack.id === packId)).toMatchObject({ status: 'disposed' });

    // Another unit's pack is not touched.
    expect((await rest.get(`/api/admin/audit-packs/${otherPackId}`)).json().status).toBe('ready');

    const [audit] = await env.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'audit-pack.disposed'), eq(auditEvents.subjectId, packId)));
    expect(audit).toMatchObject({ actorId: admin.user.id });
    expect(audit?.detail).toMatchObject({ disposalId: tombstone.id, unitCode: done.unit.unitCode });
  });
});
