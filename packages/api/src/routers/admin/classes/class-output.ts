import { roleSchema } from '@evident/core/roles';
import { z } from 'zod';

// What `admin.classes.list` and `.get` answer, so the OpenAPI document and the typed client describe
// the answer a script receives (and the server cannot drift from it unnoticed).
const iso = z.iso.datetime({ offset: true });
/** A calendar date, YYYY-MM-DD. */
const day = z.iso.date();

const classUnit = z.object({
  id: z.string(),
  unitCode: z.string(),
  title: z.string(),
  archived: z.boolean(),
});
const person = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  role: roleSchema,
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
