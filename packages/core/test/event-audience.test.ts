import { describe, expect, it } from 'vitest';
import { eventForViewer, studentsOf } from '../src/event-audience';
import type { DomainEvent } from '../src/events';

const all = () => true;
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
    expect(eventForViewer(created(me), student, all)).toEqual(created(me));
    expect(eventForViewer(created(other), student, all)).toBeNull();
    expect(
      eventForViewer({ type: 'enrolment.created', studentId: other, unitId: 'unit-a' }, student, all),
    ).toBeNull();
    expect(
      eventForViewer(
        { type: 'video.processed', fileId: 'f', submissionId: 's', studentId: other },
        student,
        all,
      ),
    ).toBeNull();
  });

  it('a validation round is heard by admins and the people it names, whatever their role, no one else', () => {
    const round: DomainEvent = {
      type: 'validation.changed',
      roundId: 'r',
      peopleIds: ['assessor-1', 'validator-1'],
    };
    const validator = { ...assessor, userId: 'validator-1', role: 'validator' as const };
    const otherValidator = { ...validator, userId: 'validator-2' };
    expect(eventForViewer(round, admin, all)).toEqual(round);
    expect(eventForViewer(round, assessor, () => false)).toEqual(round);
    expect(eventForViewer(round, validator, all)).toEqual(round);
    expect(eventForViewer(round, otherValidator, all)).toBeNull();
    expect(eventForViewer(round, { ...assessor, userId: 'assessor-3' }, all)).toBeNull();
    expect(eventForViewer(round, { ...pending, userId: 'assessor-1' }, all)).toBeNull();
    expect(eventForViewer(round, student, all)).toBeNull();
    expect(studentsOf(round)).toEqual([]);
  });

  it('a unit outcome is heard by its student and the assessors who see them, no one else', () => {
    const outcome = (studentId: string): DomainEvent => ({
      type: 'unitOutcome.changed',
      studentId,
      unitId: 'unit-a',
    });
    expect(eventForViewer(outcome(me), student, all)).toEqual(outcome(me));
    expect(eventForViewer(outcome(other), student, all)).toBeNull();
    expect(eventForViewer(outcome(other), assessor, (id) => id === other)).toEqual(outcome(other));
    expect(eventForViewer(outcome(me), assessor, (id) => id === other)).toBeNull();
    expect(studentsOf(outcome(me))).toEqual([me]);
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
    expect(eventForViewer(graded, student, all)).toEqual({
      ...graded,
      submissions: [{ submissionId: 's1', studentId: me, taskId: 't1', unitId: 'unit-a' }],
    });
    const theirs = graded.submissions.filter((entry) => entry.studentId === other);
    expect(eventForViewer({ ...graded, submissions: theirs }, student, all)).toBeNull();
  });

  it('a student hears about task and unit changes of their own units only', () => {
    expect(eventForViewer({ type: 'tasks.changed', unitId: 'unit-a' }, student, all)).not.toBeNull();
    expect(eventForViewer({ type: 'tasks.generated', unitId: 'unit-b' }, student, all)).toBeNull();
    expect(eventForViewer({ type: 'unit.changed', unitId: 'unit-b' }, student, all)).toBeNull();
  });

  it('an assessor hears all evidence and curriculum, but not about other people', () => {
    expect(eventForViewer(created(other), assessor, all)).not.toBeNull();
    expect(eventForViewer({ type: 'unit.changed', unitId: 'unit-z' }, assessor, all)).not.toBeNull();
    expect(eventForViewer({ type: 'user.changed', userId: me }, assessor, all)).toBeNull();
    expect(eventForViewer({ type: 'user.changed', userId: 'assessor-1' }, assessor, all)).not.toBeNull();
  });

  it("an assessor hears of the work of the students they may see only, and of every unit's curriculum", () => {
    const sees = (studentId: string) => studentId === me;
    expect(eventForViewer(created(me), assessor, sees)).toEqual(created(me));
    for (const event of [
      created(other),
      {
        type: 'evidence.withdrawn',
        submissionId: 's',
        studentId: other,
        taskId: 't',
        unitId: 'u',
        fileId: 'f',
      },
      { type: 'thumbnail.processed', fileId: 'f', submissionId: 's', studentId: other },
      { type: 'video.processed', fileId: 'f', submissionId: 's', studentId: other },
      { type: 'enrolment.created', studentId: other, unitId: 'unit-a' },
    ] satisfies DomainEvent[])
      expect(eventForViewer(event, assessor, sees)).toBeNull();
    const entry = (studentId: string) => ({
      submissionId: `s-${studentId}`,
      studentId,
      taskId: 't',
      unitId: 'u',
    });
    const graded: DomainEvent = {
      type: 'submission.graded',
      status: 'satisfactory',
      submissions: [entry(me), entry(other)],
    };
    expect(eventForViewer(graded, assessor, sees)).toEqual({ ...graded, submissions: [entry(me)] });
    expect(eventForViewer({ ...graded, submissions: [entry(other)] }, assessor, sees)).toBeNull();
    expect(eventForViewer({ type: 'tasks.changed', unitId: 'unit-z' }, assessor, sees)).not.toBeNull();
    expect(studentsOf(graded)).toEqual([me, other]);
    expect(studentsOf({ type: 'unit.changed', unitId: 'u' })).toEqual([]);
  });

  it('an admin hears every student’s work, whatever the scope says', () => {
    expect(eventForViewer(created(other), admin, () => false)).toEqual(created(other));
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
      expect(eventForViewer(event, pending, all)).toBeNull();
    expect(eventForViewer({ type: 'user.changed', userId: 'assessor-2' }, pending, all)).not.toBeNull();
  });

  it('an admin hears everything', () => {
    expect(eventForViewer({ type: 'user.changed', userId: me }, admin, all)).not.toBeNull();
    expect(eventForViewer(created(other), admin, all)).not.toBeNull();
  });
});
