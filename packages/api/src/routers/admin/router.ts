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
import { requireUnit } from '../../rules/units';
import { adminProcedure, router } from '../../trpc';
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
  stats: router({ get: adminProcedure.query(({ ctx }) => countAdminStats(ctx.db)) }),
  users: router({
    list: adminProcedure.query(({ ctx }) => listPeople(ctx.db)),
    search: adminProcedure.input(userSearchInput).query(({ ctx, input }) => findPeople(ctx, input)),
    changeRole: adminProcedure.input(changeRoleInput).mutation(({ ctx, input }) => changeRole(ctx, input)),
    deactivate: adminProcedure.input(personInput).mutation(({ ctx, input }) => deactivate(ctx, input)),
    reactivate: adminProcedure.input(personInput).mutation(({ ctx, input }) => reactivate(ctx, input)),
    approve: adminProcedure.input(approveUserInput).mutation(({ ctx, input }) => approveUser(ctx, input)),
  }),
  audit: router({
    list: adminProcedure.input(auditSearchInput).query(({ ctx, input }) => auditPage(ctx, input)),
    exportCsv: adminProcedure.input(auditSearchInput).query(({ ctx, input }) => auditCsv(ctx, input)),
  }),
  impersonation: router({
    start: adminProcedure.input(impersonateInput).mutation(({ ctx, input }) => impersonate(ctx, input)),
    stop: adminProcedure.mutation(({ ctx }) => stopImpersonation(ctx)),
  }),

  tokens: peopleTokensRouter,

  classes: adminClassesRouter,

  units: router({
    list: adminProcedure.query(({ ctx }) => listUnits(ctx.db)),
    get: adminProcedure.input(unitIdInput).query(({ ctx, input }) => requireUnit(ctx.db, input.id)),
    create: adminProcedure.input(unitInput).mutation(({ ctx, input }) => createUnit(ctx, input)),
    update: adminProcedure.input(updateUnitInput).mutation(({ ctx, input }) => changeUnit(ctx, input)),
    delete: adminProcedure.input(unitIdInput).mutation(({ ctx, input }) => removeUnit(ctx, input.id)),
    archive: adminProcedure.input(unitIdInput).mutation(({ ctx, input }) => archiveUnit(ctx, input.id, true)),
    unarchive: adminProcedure
      .input(unitIdInput)
      .mutation(({ ctx, input }) => archiveUnit(ctx, input.id, false)),
    generateTasks: adminProcedure
      .input(unitIdInput)
      .mutation(({ ctx, input }) => generateUnitTasks(ctx, input.id)),
    fetchFromRegister: adminProcedure
      .input(unitCodeInput)
      .mutation(({ ctx, input }) => fetchFromRegister(ctx.register, input.unitCode)),
  }),

  ltiPlatforms: router({
    list: adminProcedure.query(({ ctx }) => listPlatforms(ctx)),
    create: adminProcedure.input(ltiPlatformSchema).mutation(({ ctx, input }) => addPlatform(ctx, input)),
    update: adminProcedure
      .input(ltiPlatformUpdateInput)
      .mutation(({ ctx, input }) => changePlatform(ctx, input)),
    delete: adminProcedure
      .input(ltiPlatformIdInput)
      .mutation(({ ctx, input }) => removePlatform(ctx, input.id)),
  }),
  ltiPassbacks: router({
    list: adminProcedure.query(({ ctx }) => listPassbacks(ctx)),
    retry: adminProcedure
      .input(ltiPassbackIdInput)
      .mutation(({ ctx, input }) => retryPassback(ctx, input.id)),
  }),

  tasks: router({
    list: adminProcedure.input(unitTasksInput).query(({ ctx, input }) => listTasks(ctx.db, input.unitId)),
    create: adminProcedure.input(createTaskInput).mutation(({ ctx, input }) => createTask(ctx, input)),
    update: adminProcedure.input(updateTaskInput).mutation(({ ctx, input }) => changeTask(ctx, input)),
    delete: adminProcedure.input(taskIdInput).mutation(({ ctx, input }) => removeTask(ctx, input.taskId)),
    archive: adminProcedure
      .input(taskIdInput)
      .mutation(({ ctx, input }) => archiveTask(ctx, input.taskId, true)),
    unarchive: adminProcedure
      .input(taskIdInput)
      .mutation(({ ctx, input }) => archiveTask(ctx, input.taskId, false)),
    reorder: adminProcedure.input(reorderTasksInput).mutation(({ ctx, input }) => reorderTasks(ctx, input)),
  }),
});
