import { unitInput } from '@evident/core/curriculum-inputs';
import { z } from 'zod';
import { requireUnit } from '../../rules/units';
import { adminProcedure, router } from '../../trpc';
import { okOutput, textFileOutput } from '../../views/common-outputs';
import { unitOutput } from '../../views/curriculum-outputs';
import { coverageCsv, coverageOf, coverageOutput, listUnitsWithCoverage } from './coverage';
import { generateUnitTasks } from './generate-unit-tasks';
import {
  generatedTasksOutput,
  mappedTaskOutput,
  registerUnitOutput,
  unitListOutput,
  unitTasksOutput,
} from './outputs';
import {
  archiveTask,
  changeTask,
  createTask,
  createTaskInput,
  listTasks,
  removeTask,
  reorderTasks,
  reorderTasksInput,
  taskIdInput,
  unitTasksInput,
  updateTaskInput,
} from './tasks';
import { unitRequirements, unitRequirementsOutput } from './unit-requirements';
import {
  archiveUnit,
  changeUnit,
  createUnit,
  fetchFromRegister,
  fetchUnitInput,
  removeUnit,
  unitIdInput,
} from './units';

/*
 * The admin's curriculum: units with their requirements, the coverage of those by tasks, and tasks.
 * Mounted by the admin router as admin.units, admin.coverage and admin.tasks.
 */

const updateUnitInput = unitInput.extend(unitIdInput.shape);

export const adminUnitsRouter = router({
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/units' } })
    .output(unitListOutput)
    .query(({ ctx }) => listUnitsWithCoverage(ctx.db)),
  get: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/units/{id}' } })
    .input(unitIdInput)
    .output(unitOutput)
    .query(({ ctx, input }) => requireUnit(ctx.db, input.id)),
  create: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/units' } })
    .input(unitInput)
    .output(unitOutput)
    .mutation(({ ctx, input }) => createUnit(ctx, input)),
  update: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/admin/units/{id}' } })
    .input(updateUnitInput)
    .output(unitOutput)
    .mutation(({ ctx, input }) => changeUnit(ctx, input)),
  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/admin/units/{id}' } })
    .input(unitIdInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => removeUnit(ctx, input.id)),
  archive: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/units/{id}/archive' } })
    .input(unitIdInput)
    .output(unitOutput)
    .mutation(({ ctx, input }) => archiveUnit(ctx, input.id, true)),
  unarchive: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/units/{id}/unarchive' } })
    .input(unitIdInput)
    .output(unitOutput)
    .mutation(({ ctx, input }) => archiveUnit(ctx, input.id, false)),
  generateTasks: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/units/{id}/generate-tasks' } })
    .input(unitIdInput)
    .output(generatedTasksOutput)
    .mutation(({ ctx, input }) => generateUnitTasks(ctx, input.id)),
  // Issue 29: the unit's whole requirements (current release), section by section, and what is missing.
  getRequirements: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/units/{id}/requirements' } })
    .input(unitIdInput)
    .output(unitRequirementsOutput)
    .query(({ ctx, input }) => unitRequirements(ctx.db, input.id)),
  fetchFromRegister: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/tga/fetch-unit' } })
    .input(fetchUnitInput)
    .output(registerUnitOutput)
    .mutation(({ ctx, input }) => fetchFromRegister(ctx.register, input.unitCode, input)),
});

/** Which task maps which requirement item of a unit (issue 29), and the same grid as a spreadsheet. */
export const adminCoverageRouter = router({
  get: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/units/{id}/coverage' } })
    .input(unitIdInput)
    .output(coverageOutput)
    .query(({ ctx, input }) => coverageOf(ctx.db, input.id)),
  exportCsv: adminProcedure
    .meta({
      rest: {
        method: 'GET',
        path: '/api/admin/units/{id}/coverage.csv',
        download: { mediaType: 'text/csv' },
      },
    })
    .input(unitIdInput)
    .output(textFileOutput)
    .query(({ ctx, input }) => coverageCsv(ctx.db, input.id)),
});

export const adminTasksRouter = router({
  list: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/units/{unitId}/tasks', field: 'tasks' } })
    .input(unitTasksInput)
    .output(unitTasksOutput)
    .query(({ ctx, input }) => listTasks(ctx.db, input.unitId)),
  create: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/units/{unitId}/tasks' } })
    .input(createTaskInput)
    .output(mappedTaskOutput)
    .mutation(({ ctx, input }) => createTask(ctx, input)),
  update: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/admin/tasks/{taskId}' } })
    .input(updateTaskInput)
    .output(mappedTaskOutput)
    .mutation(({ ctx, input }) => changeTask(ctx, input)),
  delete: adminProcedure
    .meta({ rest: { method: 'DELETE', path: '/api/admin/tasks/{taskId}' } })
    .input(taskIdInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => removeTask(ctx, input.taskId)),
  archive: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/tasks/{taskId}/archive' } })
    .input(taskIdInput)
    .output(mappedTaskOutput)
    .mutation(({ ctx, input }) => archiveTask(ctx, input.taskId, true)),
  unarchive: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/tasks/{taskId}/unarchive' } })
    .input(taskIdInput)
    .output(mappedTaskOutput)
    .mutation(({ ctx, input }) => archiveTask(ctx, input.taskId, false)),
  reorder: adminProcedure
    .input(reorderTasksInput)
    .output(z.array(mappedTaskOutput))
    .mutation(({ ctx, input }) => reorderTasks(ctx, input)),
});
