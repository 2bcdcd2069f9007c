import { auditSearchInput } from '@evident/core/audit';
import { unitCodeInput, unitInput } from '@evident/core/curriculum-inputs';
import {
  ltiPassbackIdInput,
  ltiPlatformIdInput,
  ltiPlatformSchema,
  ltiPlatformUpdateInput,
} from '@evident/core/lti-platform';
import { userSearchInput } from '@evident/core/people';
import { listPeople } from '@evident/db/queries/people';
import { countAdminStats } from '@evident/db/queries/stats';
import { listUnits } from '@evident/db/queries/units';
import { z } from 'zod';
import { requireUnit } from '../../rules/units';
import { adminProcedure, router } from '../../trpc';
import { idOutput, okOutput, textFileOutput } from '../../views/common-outputs';
import { taskOutput, unitOutput } from '../../views/curriculum-outputs';
import { peopleTokensRouter } from '../tokens/router';
import { approveUser, approveUserInput } from './approve-user';
import { auditCsv, auditPage } from './audit';
import { adminClassesRouter } from './classes/router';
import { generateUnitTasks } from './generate-unit-tasks';
import { impersonate, impersonateInput, stopImpersonation } from './impersonation';
import {
  addPlatform,
  changePlatform,
  listPassbacks,
  listPlatforms,
  removePlatform,
  retryPassback,
} from './lti';
import {
  adminStatsOutput,
  approvedOutput,
  auditPageOutput,
  deactivatedOutput,
  generatedTasksOutput,
  ltiPassbacksOutput,
  ltiPlatformOutput,
  peopleOutput,
  peoplePageOutput,
  reactivatedOutput,
  registerUnitOutput,
  roleChangeOutput,
  unitListOutput,
  unitTasksOutput,
} from './outputs';
import { changeRole, changeRoleInput, deactivate, findPeople, personInput, reactivate } from './people';
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
import { archiveUnit, changeUnit, createUnit, fetchFromRegister, removeUnit, unitIdInput } from './units';

const updateUnitInput = unitInput.extend(unitIdInput.shape);

export const adminRouter = router({
  stats: router({ get: adminProcedure.output(adminStatsOutput).query(({ ctx }) => countAdminStats(ctx.db)) }),
  users: router({
    list: adminProcedure.output(peopleOutput).query(({ ctx }) => listPeople(ctx.db)),
    search: adminProcedure
      .input(userSearchInput)
      .output(peoplePageOutput)
      .query(({ ctx, input }) => findPeople(ctx, input)),
    changeRole: adminProcedure
      .input(changeRoleInput)
      .output(roleChangeOutput)
      .mutation(({ ctx, input }) => changeRole(ctx, input)),
    deactivate: adminProcedure
      .input(personInput)
      .output(deactivatedOutput)
      .mutation(({ ctx, input }) => deactivate(ctx, input)),
    reactivate: adminProcedure
      .input(personInput)
      .output(reactivatedOutput)
      .mutation(({ ctx, input }) => reactivate(ctx, input)),
    approve: adminProcedure
      .input(approveUserInput)
      .output(approvedOutput)
      .mutation(({ ctx, input }) => approveUser(ctx, input)),
  }),
  audit: router({
    list: adminProcedure
      .input(auditSearchInput)
      .output(auditPageOutput)
      .query(({ ctx, input }) => auditPage(ctx, input)),
    exportCsv: adminProcedure
      .input(auditSearchInput)
      .output(textFileOutput)
      .query(({ ctx, input }) => auditCsv(ctx, input)),
  }),
  impersonation: router({
    start: adminProcedure
      .input(impersonateInput)
      .output(okOutput)
      .mutation(({ ctx, input }) => impersonate(ctx, input)),
    stop: adminProcedure.output(okOutput).mutation(({ ctx }) => stopImpersonation(ctx)),
  }),

  tokens: peopleTokensRouter,

  classes: adminClassesRouter,

  units: router({
    list: adminProcedure.output(unitListOutput).query(({ ctx }) => listUnits(ctx.db)),
    get: adminProcedure
      .input(unitIdInput)
      .output(unitOutput)
      .query(({ ctx, input }) => requireUnit(ctx.db, input.id)),
    create: adminProcedure
      .input(unitInput)
      .output(unitOutput)
      .mutation(({ ctx, input }) => createUnit(ctx, input)),
    update: adminProcedure
      .input(updateUnitInput)
      .output(unitOutput)
      .mutation(({ ctx, input }) => changeUnit(ctx, input)),
    delete: adminProcedure
      .input(unitIdInput)
      .output(okOutput)
      .mutation(({ ctx, input }) => removeUnit(ctx, input.id)),
    archive: adminProcedure
      .input(unitIdInput)
      .output(unitOutput)
      .mutation(({ ctx, input }) => archiveUnit(ctx, input.id, true)),
    unarchive: adminProcedure
      .input(unitIdInput)
      .output(unitOutput)
      .mutation(({ ctx, input }) => archiveUnit(ctx, input.id, false)),
    generateTasks: adminProcedure
      .input(unitIdInput)
      .output(generatedTasksOutput)
      .mutation(({ ctx, input }) => generateUnitTasks(ctx, input.id)),
    fetchFromRegister: adminProcedure
      .input(unitCodeInput)
      .output(registerUnitOutput)
      .mutation(({ ctx, input }) => fetchFromRegister(ctx.register, input.unitCode)),
  }),

  ltiPlatforms: router({
    list: adminProcedure.output(z.array(ltiPlatformOutput)).query(({ ctx }) => listPlatforms(ctx)),
    create: adminProcedure
      .input(ltiPlatformSchema)
      .output(ltiPlatformOutput)
      .mutation(({ ctx, input }) => addPlatform(ctx, input)),
    update: adminProcedure
      .input(ltiPlatformUpdateInput)
      .output(ltiPlatformOutput)
      .mutation(({ ctx, input }) => changePlatform(ctx, input)),
    delete: adminProcedure
      .input(ltiPlatformIdInput)
      .output(idOutput)
      .mutation(({ ctx, input }) => removePlatform(ctx, input.id)),
  }),
  ltiPassbacks: router({
    list: adminProcedure.output(ltiPassbacksOutput).query(({ ctx }) => listPassbacks(ctx)),
    retry: adminProcedure
      .input(ltiPassbackIdInput)
      .output(idOutput)
      .mutation(({ ctx, input }) => retryPassback(ctx, input.id)),
  }),

  tasks: router({
    list: adminProcedure
      .input(unitTasksInput)
      .output(unitTasksOutput)
      .query(({ ctx, input }) => listTasks(ctx.db, input.unitId)),
    create: adminProcedure
      .input(createTaskInput)
      .output(taskOutput)
      .mutation(({ ctx, input }) => createTask(ctx, input)),
    update: adminProcedure
      .input(updateTaskInput)
      .output(taskOutput)
      .mutation(({ ctx, input }) => changeTask(ctx, input)),
    delete: adminProcedure
      .input(taskIdInput)
      .output(okOutput)
      .mutation(({ ctx, input }) => removeTask(ctx, input.taskId)),
    archive: adminProcedure
      .input(taskIdInput)
      .output(taskOutput)
      .mutation(({ ctx, input }) => archiveTask(ctx, input.taskId, true)),
    unarchive: adminProcedure
      .input(taskIdInput)
      .output(taskOutput)
      .mutation(({ ctx, input }) => archiveTask(ctx, input.taskId, false)),
    reorder: adminProcedure
      .input(reorderTasksInput)
      .output(z.array(taskOutput))
      .mutation(({ ctx, input }) => reorderTasks(ctx, input)),
  }),
});
