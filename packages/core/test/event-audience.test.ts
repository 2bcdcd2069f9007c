import { describe, expect, it } from 'vitest';
import { eventForViewer } from '../src/event-audience';
import type { DomainEvent } from '../src/events';

const me = 'student-1';
const other = 'student-2';
const student = {
  userId: me,
  role: 'student' as const,
  awaitingApproval: false,
  unitIds: new Set(['unit-a']),
};
const assessor = {
  userId: 'assessor-1',
  role: 'assessor' as const,
  awaitingApproval: false,
  unitIds: new Set<string>(),
};
const pending = { ...assessor, userId: 'assessor-2', awaitingApproval: true };
const admin = {
  userId: 'admin-1',
  role: 'rto_admin' as const,
  awaitingApproval: false,
  unitIds: new Set<string>(),
};

const created = (studentId: string): DomainEvent => ({
  type: 'submission.created',
  submissionId: 's',
  studentId,
  taskId: 't',
  unitId: 'unit-a',
});

describe('who hears which event', () => {
  it('a student hears about their own submissions and enrolments only', () => {
    expect(eventForViewer(created(me), student)).toEqual(created(me));
    expect(eventForViewer(created(other), student)).toBeNull();
    expect(
      eventForViewer({ type: 'enrolment.created', studentId: other, unitId: 'unit-a' }, student),
    ).toBeNull();
    expect(
      eventForViewer({ type: 'video.processed', fileId: 'f', submissionId: 's', studentId: other }, student),
    ).toBeNull();
  });

  it('a student sees only their own entries of a bulk grading', () => {
    const graded: DomainEvent = {
      type: 'submission.graded',
      status: 'satisfactory',
      submissions: [
        { submissionId: 's1', studentId: me, taskId: 't1', unitId: 'unit-a' },
        { submissionId: 's2', studentId: other, taskId: 't1', unitId: 'unit-a' },
      ],
    };
    expect(eventForViewer(graded, student)).toEqual({
      ...graded,
      submissions: [{ submissionId: 's1', studentId: me, taskId: 't1', unitId: 'unit-a' }],
    });
    const theirs = graded.submissions.filter((entry) => entry.studentId === other);
    expect(eventForViewer({ ...graded, submissions: theirs }, student)).toBeNull();
  });

  it('a student hears about task and unit changes of their own units only', () => {
    expect(eventForViewer({ type: 'tasks.changed', unitId: 'unit-a' }, student)).not.toBeNull();
    expect(eventForViewer({ type: 'tasks.generated', unitId: 'unit-b' }, student)).toBeNull();
    expect(eventForViewer({ type: 'unit.changed', unitId: 'unit-b' }, student)).toBeNull();
  });

  it('an assessor hears all evidence and curriculum, but not about other people', () => {
    expect(eventForViewer(created(other), assessor)).not.toBeNull();
    expect(eventForViewer({ type: 'unit.changed', unitId: 'unit-z' }, assessor)).not.toBeNull();
    expect(eventForViewer({ type: 'user.changed', userId: me }, assessor)).toBeNull();
    expect(eventForViewer({ type: 'user.changed', userId: 'assessor-1' }, assessor)).not.toBeNull();
  });

  it('an assessor waiting for approval hears only about their own account', () => {
    const graded: DomainEvent = {
      type: 'submission.graded',
      status: 'satisfactory',
      submissions: [{ submissionId: 's1', studentId: me, taskId: 't1', unitId: 'unit-a' }],
    };
    for (const event of [
      created(other),
      graded,
      { type: 'unit.changed', unitId: 'unit-z' },
      { type: 'tasks.changed', unitId: 'unit-a' },
      { type: 'enrolment.created', studentId: me, unitId: 'unit-a' },
      { type: 'video.processed', fileId: 'f', submissionId: 's', studentId: me },
      { type: 'user.changed', userId: 'assessor-1' },
    ] satisfies DomainEvent[])
      expect(eventForViewer(event, pending)).toBeNull();
    expect(eventForViewer({ type: 'user.changed', userId: 'assessor-2' }, pending)).not.toBeNull();
  });

  it('an admin hears everything', () => {
    expect(eventForViewer({ type: 'user.changed', userId: me }, admin)).not.toBeNull();
    expect(eventForViewer(created(other), admin)).not.toBeNull();
  });
});
