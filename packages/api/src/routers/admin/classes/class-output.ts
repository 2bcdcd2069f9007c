import { emailOutcomes } from '@evident/core/classes';
import { z } from 'zod';
import { isoOutput as iso, userSummaryOutput as person } from '../../../views/common-outputs';

// What `admin.classes.list` and `.get` answer, so the OpenAPI document and the typed client describe
// the answer a script receives (and the server cannot drift from it unnoticed).
/** A calendar date, YYYY-MM-DD. */
export const day = z.iso.date();

const classUnit = z.object({
  id: z.string(),
  unitCode: z.string(),
  title: z.string(),
  archived: z.boolean(),
});

export const classListOutput = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    startsOn: day.nullable(),
    endsOn: day.nullable(),
    createdAt: iso,
    archivedAt: iso.nullable(),
    studentCount: z.number().int(),
    assessorCount: z.number().int(),
    units: z.array(classUnit),
  }),
);

export const classDetailOutput = z.object({
  id: z.string(),
  name: z.string(),
  startsOn: day.nullable(),
  endsOn: day.nullable(),
  createdAt: iso,
  archivedAt: iso.nullable(),
  status: z.enum(['open', 'ended', 'archived']),
  inviteCode: z.string(),
  inviteUrl: z.string(),
  units: z.array(classUnit),
  assessors: z.array(person.extend({ addedAt: iso })),
  students: z.array(
    person.extend({ enrolmentId: z.string(), enrolledAt: iso, invitationPending: z.boolean() }),
  ),
  endedEnrolments: z.array(
    person.extend({ enrolmentId: z.string(), enrolledAt: iso, endedAt: iso, endedBy: z.string().nullable() }),
  ),
});

/** `admin.classes.addStudents`: the class as it now is, and what became of each person asked for. */
export const addStudentsOutput = z.object({
  class: classDetailOutput,
  results: z.array(
    z.object({
      email: z.string(),
      outcome: z.enum(emailOutcomes),
      message: z.string(),
      userId: z.string().nullable(),
      name: z.string().nullable(),
    }),
  ),
});
