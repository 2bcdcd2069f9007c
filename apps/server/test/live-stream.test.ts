import type { AddressInfo } from 'node:net';
import { feedCapacity, feedOf } from '@evident/api/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentWithUnit } from './evidence-fixtures';
import { createTestEnv, type TestEnv } from './harness';
import { type LiveMessage, openHttpStream, openStream, recordPdf } from './live-fixtures';
import { waitFor } from './wait-for';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const newTask = {
  title: 'Sign the permit',
  description: 'Sign the permit to work',
  tooltip: 'Ask your supervisor',
};

/** Everyone hears about their own account: a marker that ends a read without waiting on a clock. */
const markerFor = (userId: string) => env.services.events.publish({ type: 'user.changed', userId });
const isMarker = (userId: string) => (m: LiveMessage) =>
  m.data.type === 'user.changed' && m.data.userId === userId;
const typesOf = (messages: LiveMessage[]) => messages.map((m) => m.data.type);

describe('live.events.stream: who hears what', () => {
  it('refuses a signed-out caller', async () => {
    const visitor = await env.browser().caller();
    await expect(visitor.live.events.stream()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('a student hears their own evidence and their units, an assessor all evidence, an admin everything', async () => {
    const alice = await studentWithUnit(env, 'RIIWHS204E');
    const bob = await studentWithUnit(env, 'SITXFSA005');
    const assessor = await env.signedIn('assessor');
    const admin = await env.signedIn('rto_admin');
    const streams = {
      alice: await openStream(alice.caller),
      bob: await openStream(bob.caller),
      assessor: await openStream(await assessor.caller()),
      admin: await openStream(await admin.caller()),
    };
    for (const stream of Object.values(streams))
      expect((await stream.next()).data).toEqual({ type: 'connected' });

    const recorded = await recordPdf(env, alice.caller, alice.task.id);
    const adminCaller = await admin.caller();
    await adminCaller.admin.tasks.create({ unitId: alice.task.unitId, ...newTask });
    const other = await adminCaller.admin.units.create({ unitCode: 'TEST010', title: 'Nobody enrolled' });
    for (const person of [alice.student, bob.student, assessor, admin]) await markerFor(person.user.id);

    const heard = {
      alice: await streams.alice.readUntil(isMarker(alice.student.user.id)),
      bob: await streams.bob.readUntil(isMarker(bob.student.user.id)),
      assessor: await streams.assessor.readUntil(isMarker(assessor.user.id)),
      admin: await streams.admin.readUntil(isMarker(admin.user.id)),
    };
    expect(heard.alice.map((m) => m.data)).toEqual([
      {
        type: 'submission.created',
        submissionId: recorded.submission.id,
        studentId: alice.student.user.id,
        taskId: alice.task.id,
        unitId: alice.task.unitId,
      },
      { type: 'tasks.changed', unitId: alice.task.unitId },
      { type: 'user.changed', userId: alice.student.user.id },
    ]);
    // Bob's only news is about his own account: Alice's work and unit are none of his business.
    expect(heard.bob.map((m) => m.data)).toEqual([{ type: 'user.changed', userId: bob.student.user.id }]);
    expect(typesOf(heard.assessor)).toEqual([
      'submission.created',
      'tasks.changed',
      'unit.changed',
      'user.changed',
    ]);
    expect(heard.assessor[2]?.data).toEqual({ type: 'unit.changed', unitId: other.id });
    expect(typesOf(heard.admin)).toEqual([
      'submission.created',
      'tasks.changed',
      'unit.changed',
      'user.changed',
      'user.changed',
      'user.changed',
      'user.changed',
    ]);
    // Ids, never content: no file names, titles or comments travel on the stream.
    expect(JSON.stringify(heard)).not.toContain('Checklist.pdf');
    expect(JSON.stringify(heard)).not.toContain('Sign the permit');
    for (const stream of Object.values(streams)) await stream.close();
  });

  it('an assessor waiting for approval hears nothing but their own account', async () => {
    const pending = await env.signedIn('assessor', { approved: false });
    const assessor = await env.signedIn('assessor');
    const { caller, task } = await studentWithUnit(env);
    const stream = await openStream(await pending.caller());
    expect((await stream.next()).data).toEqual({ type: 'connected' });

    const recorded = await recordPdf(env, caller, task.id);
    await (await assessor.caller()).assessor.submissions.grade({
      submissionIds: [recorded.submission.id],
      status: 'satisfactory',
    });
    await markerFor(assessor.user.id);
    await markerFor(pending.user.id);
    const heard = await stream.readUntil(isMarker(pending.user.id));
    expect(heard.map((m) => m.data)).toEqual([{ type: 'user.changed', userId: pending.user.id }]);
    await stream.close();
  });

  it("a student's new enrolment widens what their open stream carries", async () => {
    const { student, caller } = await studentWithUnit(env, 'RIIWHS204E');
    const stream = await openStream(caller);
    await stream.next();
    const { unitId } = await caller.student.units.setUp({ unitCode: 'HLTINF006' });
    await env.services.events.publish({ type: 'tasks.changed', unitId });
    await markerFor(student.user.id);
    const heard = await stream.readUntil(isMarker(student.user.id));
    expect(heard.map((m) => m.data)).toEqual([
      { type: 'enrolment.created', studentId: student.user.id, unitId },
      { type: 'tasks.changed', unitId },
      { type: 'user.changed', userId: student.user.id },
    ]);
    await stream.close();
  });
});

describe('live.events.stream: a dropped stream resumes', () => {
  it('replays what the person missed after their last event id, in order, and then follows live', async () => {
    const { student, caller, task, otherTask } = await studentWithUnit(env);
    const first = await openStream(caller);
    const { id: lastEventId } = await first.next();
    await first.close();

    // While the stream is down: the student's own evidence, someone else's, and a task change.
    const second = await recordPdf(env, caller, task.id);
    const someoneElse = await studentWithUnit(env);
    await recordPdf(env, someoneElse.caller, someoneElse.task.id);
    await env.services.events.publish({ type: 'tasks.changed', unitId: task.unitId });

    const resumed = await openStream(caller, lastEventId);
    await recordPdf(env, caller, otherTask.id);
    await markerFor(student.user.id);
    const heard = await resumed.readUntil(isMarker(student.user.id));
    expect(heard.map((m) => m.data)).toEqual([
      expect.objectContaining({ type: 'submission.created', submissionId: second.submission.id }),
      { type: 'tasks.changed', unitId: task.unitId },
      expect.objectContaining({ type: 'submission.created', taskId: otherTask.id }),
      { type: 'user.changed', userId: student.user.id },
    ]);
    const ids = heard.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    // After the replay, the stream's position moves to the newest event, shown or not.
    expect(await resumed.next()).toEqual({ id: heard.at(-1)?.id, data: { type: 'connected' } });
    await resumed.close();
  });

  it('asks the client to refetch everything when the id is from another server or too old to replay', async () => {
    const { student, caller } = await studentWithUnit(env);
    const foreign = await openStream(caller, 'deadbeef:12');
    expect((await foreign.next()).data).toEqual({ type: 'resync' });
    await foreign.close();

    const first = await openStream(caller);
    const { id: lastEventId } = await first.next();
    await first.close();
    for (let i = 0; i <= feedCapacity; i++) await markerFor('someone-else');
    const stale = await openStream(caller, lastEventId);
    expect((await stale.next()).data).toEqual({ type: 'resync' });
    // And it follows live from there.
    await markerFor(student.user.id);
    expect((await stale.next()).data).toEqual({ type: 'user.changed', userId: student.user.id });
    await stale.close();
  });
});

describe('live.events.stream over HTTP', () => {
  it("streams server-sent events through the server's own checks, uncompressed and unbuffered", async () => {
    const app = await env.app();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const assessor = await env.signedIn('assessor');
    const { caller, task } = await studentWithUnit(env);
    const controller = new AbortController();
    try {
      const response = await fetch(`http://127.0.0.1:${port}/trpc/live.events.stream`, {
        headers: {
          cookie: `${env.services.sessions.cookieName}=${assessor.sessionId}`,
          accept: 'text/event-stream',
          'accept-encoding': 'gzip, br',
          origin: `http://127.0.0.1:${port}`,
        },
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      expect(response.headers.get('content-encoding')).toBeNull();
      const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
      if (!reader) throw new Error('no body');
      let text = '';
      const readUntil = async (needle: string) => {
        while (!text.includes(needle)) {
          const chunk = await reader.read();
          if (chunk.done) throw new Error(`stream ended before ${needle}: ${text}`);
          text += chunk.value;
        }
      };
      // The first message arrives while the response is still open: nothing holds it back.
      await readUntil('"type":"connected"');
      const recorded = await recordPdf(env, caller, task.id);
      await readUntil(recorded.submission.id);
      expect(text).toMatch(/id: ?[0-9a-f]{8}:\d+/);
      expect(text).toContain('"type":"submission.created"');
    } finally {
      controller.abort();
      await app.close();
    }
  });

  it('a stream whose browser goes away stops listening on the server', async () => {
    // tRPC aborts a request's signal only when its response closes unfinished (patches/README.md):
    // a stream is such a response, and the abort is what ends it on the server.
    const feed = feedOf(env.services.events);
    const listen = feed.listen;
    let listening = 0;
    feed.listen = (listener) => {
      listening += 1;
      const stop = listen(listener);
      return () => {
        listening -= 1;
        return stop();
      };
    };
    const app = await env.app();
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const assessor = await env.signedIn('assessor');
      const stream = await openHttpStream(`http://127.0.0.1:${port}/trpc/live.events.stream`, {
        cookie: `${env.services.sessions.cookieName}=${assessor.sessionId}`,
        origin: `http://127.0.0.1:${port}`,
      });
      await stream.readUntil('"type":"connected"');
      expect(listening).toBe(1);
      stream.close();
      await waitFor(() => listening === 0, 20_000, 'the server letting go of the stream');
      expect(listening).toBe(0);
    } finally {
      feed.listen = listen;
      await app.close();
    }
  });

  it('refuses a signed-out stream', async () => {
    const app = await env.app();
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/trpc/live.events.stream',
        headers: { accept: 'text/event-stream' },
      });
      expect(response.body).toContain('Please sign in to continue');
    } finally {
      await app.close();
    }
  });
});
