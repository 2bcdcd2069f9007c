import {
  addAssessorsInput,
  addStudentsInput,
  classIdInput,
  classMemberInput,
  createClassInput,
  updateClassInput,
} from '@evident/core/classes';
import { listClasses } from '@evident/db/queries/classes';
import { adminProcedure, router } from '../../../trpc';
import { addAssessors, removeAssessor } from './class-assessors';
import { addStudentsOutput, classDetailOutput, classListOutput } from './class-output';
import { addStudents, endEnrolment } from './class-students';
import { createClass, deleteClass, getClass, regenerateInviteLink, updateClass } from './classes';

/** Classes (issue 19): `admin.classes.*`, and `/api/admin/classes...` through the REST table. */
export const adminClassesRouter = router({
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/classes' } })
    .output(classListOutput)
    .query(async ({ ctx }) =>
      (await listClasses(ctx.db)).map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        archivedAt: row.archivedAt?.toISOString() ?? null,
        units: row.units.map(({ archivedAt, ...unit }) => ({ ...unit, archived: archivedAt !== null })),
      })),
    ),
  get: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/classes/{id}' } })
    .input(classIdInput)
    .output(classDetailOutput)
    .query(({ ctx, input }) => getClass(ctx, input.id)),
  create: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/classes' } })
    .input(createClassInput)
    .output(classDetailOutput)
    .mutation(({ ctx, input }) => createClass(ctx, input)),
  update: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/admin/classes/{id}' } })
    .input(updateClassInput)
    .output(classDetailOutput)
    .mutation(({ ctx, input }) => updateClass(ctx, input)),
  /** Archives: the class leaves use, its enrolments stay on record. */
  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/admin/classes/{id}' } })
    .input(classIdInput)
    .output(classDetailOutput)
    .mutation(({ ctx, input }) => deleteClass(ctx, input.id)),
  addAssessors: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/classes/{id}/assessors' } })
    .input(addAssessorsInput)
    .output(classDetailOutput)
    .mutation(({ ctx, input }) => addAssessors(ctx, input)),
  removeAssessor: adminProcedure
    .input(classMemberInput)
    .output(classDetailOutput)
    .mutation(({ ctx, input }) => removeAssessor(ctx, input)),
  addStudents: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/classes/{id}/students' } })
    .input(addStudentsInput)
    .output(addStudentsOutput)
    .mutation(({ ctx, input }) => addStudents(ctx, input)),
  endEnrolment: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/admin/classes/{id}/students/{userId}' } })
    .input(classMemberInput)
    .output(classDetailOutput)
    .mutation(({ ctx, input }) => endEnrolment(ctx, input)),
  regenerateInviteLink: adminProcedure
    .input(classIdInput)
    .output(classDetailOutput)
    .mutation(({ ctx, input }) => regenerateInviteLink(ctx, input.id)),
});
