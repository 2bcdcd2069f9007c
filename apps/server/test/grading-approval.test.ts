import type { DomainEvent } from '@evident/core/events';
import { awaitingApprovalMessage } from '@evident/core/user';
import { openDatabase } from '@evident/db/client';
import { auditEvents, users } from '@evident/db/schema';
import { seedDemo } from '@evident/db/seed/demo';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { gradingServer } from './grading-server';
import { createTestEnv, type TestEnv } from './harness';
import { restAs } from './rest-fixtures';

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
const events: DomainEvent[] = [];
gradingServer(events, (started) => {
  ({ env, app } = started);
});

const rest = (client: { sessionId: string | null }) => restAs(env, app, client);

describe('who may assess', () => {
  it('a self-registered assessor signs in but waits for approval; every assessor call answers 403 with why', async () => {
    const visitor = env.browser();
    await (await visitor.caller()).auth.accounts.register({
      firstName: 'Sam',
      lastName: 'Waiting',
      email: 'sam.waiting@example.com',
      password: 'long enough please',
      role: 'assessor',
    });
    await (await visitor.caller()).auth.session.login({
      email: 'sam.waiting@example.com',
      password: 'long enough please',
    });
    const caller = await visitor.caller();
    expect(await caller.auth.session.get()).toMatchObject({ role: 'assessor', awaitingApproval: true });
    await expect(caller.staff.submissions.list()).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: awaitingApprovalMessage,
    });
    const listed = await rest(visitor).get('/api/assessor/submissions');
    expect(listed.statusCode).toBe(403);
    expect(listed.body).toBe(awaitingApprovalMessage);
    const graded = await rest(visitor).post('/api/assessor/grade', {
      submissionIds: ['00000000-0000-4000-8000-000000000000'],
      status: 'satisfactory',
    });
    expect([graded.statusCode, graded.body]).toEqual([403, awaitingApprovalMessage]);
  });

  it('an admin approves a waiting assessor over REST: audited, announced, and the assessor may assess', async () => {
    const waiting = await env.signedIn('assessor', { approved: false });
    const admin = await env.signedIn('rto_admin');
    const before = await (await admin.caller()).admin.users.list();
    expect(before.find((u) => u.id === waiting.user.id)?.awaitingApproval).toBe(true);

    const approved = await rest(admin).post(`/api/admin/users/${waiting.user.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ userId: waiting.user.id, approvedAt: expect.any(String) });
    const [row] = await env.db.select().from(users).where(eq(users.id, waiting.user.id));
    expect(row?.approvedBy).toBe(admin.user.id);
    const audit = await env.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, waiting.user.id), eq(auditEvents.action, 'assessor.approve')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorId).toBe(admin.user.id);
    expect(events).toContainEqual({ type: 'user.changed', userId: waiting.user.id });

    const caller = await waiting.caller();
    expect(await caller.auth.session.get()).toMatchObject({ awaitingApproval: false });
    await expect(caller.staff.submissions.list()).resolves.toEqual([]);
    const after = await (await admin.caller()).admin.users.list();
    expect(after.find((u) => u.id === waiting.user.id)?.awaitingApproval).toBe(false);

    // Approving again changes nothing and records nothing more.
    const again = await rest(admin).post(`/api/admin/users/${waiting.user.id}/approve`, {});
    expect(again.statusCode).toBe(200);
    expect(
      await env.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.subjectId, waiting.user.id), eq(auditEvents.action, 'assessor.approve'))),
    ).toHaveLength(1);
  });

  it('only admins approve, and only assessors need it', async () => {
    const waiting = await env.signedIn('assessor', { approved: false });
    const student = await env.signedIn('student');
    const admin = await (await env.signedIn('rto_admin')).caller();
    const assessor = await (await env.signedIn('assessor')).caller();
    await expect(assessor.admin.users.approve({ userId: waiting.user.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(admin.admin.users.approve({ userId: student.user.id })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Only assessor accounts need approval',
    });
    await expect(
      admin.admin.users.approve({ userId: '00000000-0000-4000-8000-000000000000' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('ASSESSOR_SIGNUP=open approves an assessor on sign-up', async () => {
    const open = await createTestEnv({ env: { ASSESSOR_SIGNUP: 'open' } });
    try {
      const visitor = open.browser();
      await (await visitor.caller()).auth.accounts.register({
        firstName: 'Olu',
        lastName: 'Open',
        email: 'olu@example.com',
        password: 'long enough please',
        role: 'assessor',
      });
      await (await visitor.caller()).auth.session.login({
        email: 'olu@example.com',
        password: 'long enough please',
      });
      const caller = await visitor.caller();
      expect(await caller.auth.session.get()).toMatchObject({ awaitingApproval: false });
      await expect(caller.staff.submissions.list()).resolves.toEqual([]);
    } finally {
      await open.close();
    }
  });

  it('the demo assessor is approved', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await database.migrate();
      await seedDemo(database.db, async () => 'not-a-real-hash');
      const [demo] = await database.db
        .select()
        .from(users)
        .where(eq(users.email, 'assessor@demo.evident.local'));
      expect(demo?.approvedAt).toBeInstanceOf(Date);
    } finally {
      await database.close();
    }
  });
});
