import type { DomainEvent } from '@evident/core/events';
import { classEnrolments, users } from '@evident/db/schema';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedClass } from './class-seed';
import { studentWithUnit } from './evidence-fixtures';
import { createTestEnv, type TestEnv } from './harness';
import { type LiveMessage, openStream, recordPdf } from './live-fixtures';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const publish = (event: DomainEvent) => env.services.events.publish(event);
const markerFor = (userId: string) => publish({ type: 'user.changed', userId });
const isMarker = (userId: string) => (m: LiveMessage) =>
  m.data.type === 'user.changed' && m.data.userId === userId;

/** Every event about a student's work, the kinds an assessor's stream carries. */
function workOf(studentId: string, unitId: string): DomainEvent[] {
  const ids = { submissionId: `sub-${studentId}`, studentId };
  return [
    { type: 'evidence.withdrawn', ...ids, taskId: 't', unitId, fileId: 'f' },
    { type: 'thumbnail.processed', ...ids, fileId: 'f' },
    { type: 'video.processed', ...ids, fileId: 'f' },
    { type: 'enrolment.created', studentId, unitId },
  ];
}

/** Which students an assessor heard about, by event type (graded entries one by one). */
function studentsHeard(messages: LiveMessage[]): string[] {
  return messages.flatMap(({ data }) => {
    if (data.type === 'submission.graded')
      return (data.submissions as { studentId: string }[]).map((entry) => `graded:${entry.studentId}`);
    return typeof data.studentId === 'string' ? [`${data.type}:${data.studentId}`] : [];
  });
}

describe("an assessor's live stream keeps to their classes", () => {
  it('carries the work of their classes’ students and of students in no class, not another class’s; admins hear all', async () => {
    const mine = await studentWithUnit(env, 'RIIWHS204E');
    const theirs = await studentWithUnit(env, 'RIIWHS204E');
    const classless = await env.signedIn('student');
    const assessor = await env.signedIn('assessor');
    const otherAssessor = await env.signedIn('assessor');
    const admin = await env.signedIn('rto_admin');
    const unitId = mine.task.unitId;
    await seedClass(env.db, {
      name: 'Mine',
      unitIds: [unitId],
      assessorIds: [assessor.user.id],
      studentIds: [mine.student.user.id],
    });
    await seedClass(env.db, {
      name: 'Theirs',
      unitIds: [unitId],
      assessorIds: [otherAssessor.user.id],
      studentIds: [theirs.student.user.id],
    });
    const streams = {
      assessor: await openStream(await assessor.caller()),
      admin: await openStream(await admin.caller()),
    };
    for (const stream of Object.values(streams)) await stream.next();

    const fromTheirs = await recordPdf(env, theirs.caller, theirs.task.id);
    const fromMine = await recordPdf(env, mine.caller, mine.task.id);
    for (const event of [
      ...workOf(theirs.student.user.id, unitId),
      ...workOf(classless.user.id, unitId),
      ...workOf(mine.student.user.id, unitId),
    ])
      await publish(event);
    await publish({
      type: 'submission.graded',
      status: 'satisfactory',
      submissions: [mine, theirs].map(({ student, task }) => ({
        submissionId: `sub-${student.user.id}`,
        studentId: student.user.id,
        taskId: task.id,
        unitId,
      })),
    });
    await publish({ type: 'submission.graded', status: 'satisfactory', submissions: [] });
    await publish({ type: 'tasks.changed', unitId });
    await markerFor(assessor.user.id);
    await markerFor(admin.user.id);

    const heard = await streams.assessor.readUntil(isMarker(assessor.user.id));
    const mineId = mine.student.user.id;
    const noClass = classless.user.id;
    expect(studentsHeard(heard)).toEqual([
      `submission.created:${mineId}`,
      ...['evidence.withdrawn', 'thumbnail.processed', 'video.processed', 'enrolment.created'].map(
        (type) => `${type}:${noClass}`,
      ),
      ...['evidence.withdrawn', 'thumbnail.processed', 'video.processed', 'enrolment.created'].map(
        (type) => `${type}:${mineId}`,
      ),
      `graded:${mineId}`,
    ]);
    expect(JSON.stringify(heard)).not.toContain(fromTheirs.submission.id);
    expect(JSON.stringify(heard)).toContain(fromMine.submission.id);
    expect(heard.map((m) => m.data.type)).toContain('tasks.changed');

    const adminHeard = await streams.admin.readUntil(isMarker(admin.user.id));
    expect(JSON.stringify(adminHeard)).toContain(fromTheirs.submission.id);
    expect(studentsHeard(adminHeard)).toContain(`graded:${theirs.student.user.id}`);
    for (const stream of Object.values(streams)) await stream.close();
  });

  it('follows a student who moves into their class while the stream is open', async () => {
    const mover = await studentWithUnit(env, 'SITXFSA005');
    const assessor = await env.signedIn('assessor');
    const elsewhere = await env.signedIn('assessor');
    const unitId = mover.task.unitId;
    const away = await seedClass(env.db, {
      name: 'Away',
      unitIds: [unitId],
      assessorIds: [elsewhere.user.id],
      studentIds: [mover.student.user.id],
    });
    const stream = await openStream(await assessor.caller());
    await stream.next();
    const thumbnail: DomainEvent = {
      type: 'thumbnail.processed',
      fileId: 'f',
      submissionId: 's',
      studentId: mover.student.user.id,
    };

    await publish(thumbnail);
    await markerFor(assessor.user.id);
    expect(studentsHeard(await stream.readUntil(isMarker(assessor.user.id)))).toEqual([]);

    await env.db
      .update(classEnrolments)
      .set({ endedAt: new Date() })
      .where(and(eq(classEnrolments.classId, away.id), eq(classEnrolments.studentId, mover.student.user.id)));
    await seedClass(env.db, {
      name: 'Here',
      unitIds: [unitId],
      assessorIds: [assessor.user.id],
      studentIds: [mover.student.user.id],
    });
    await publish(thumbnail);
    await markerFor(assessor.user.id);
    expect(studentsHeard(await stream.readUntil(isMarker(assessor.user.id)))).toEqual([
      `thumbnail.processed:${mover.student.user.id}`,
    ]);
    await stream.close();
  });

  it('for an assessor an LMS launch made, carries their classes’ students only, not one in no class', async () => {
    const classed = await studentWithUnit(env, 'SITXFSA005');
    const classless = await env.signedIn('student');
    const assessor = await env.signedIn('assessor');
    await env.db.update(users).set({ classesOnly: true }).where(eq(users.id, assessor.user.id));
    await seedClass(env.db, {
      name: 'Course',
      unitIds: [classed.task.unitId],
      assessorIds: [assessor.user.id],
      studentIds: [classed.student.user.id],
    });
    const stream = await openStream(await assessor.caller());
    await stream.next();
    for (const studentId of [classless.user.id, classed.student.user.id])
      await publish({ type: 'thumbnail.processed', fileId: 'f', submissionId: 's', studentId });
    await markerFor(assessor.user.id);
    expect(studentsHeard(await stream.readUntil(isMarker(assessor.user.id)))).toEqual([
      `thumbnail.processed:${classed.student.user.id}`,
    ]);
    await stream.close();
  });
});
