import { auditSearchInput } from '@evident/core/audit';
import { unitInput } from '@evident/core/curriculum-inputs';
import {
  ltiPassbackIdInput,
  ltiPlatformIdInput,
  ltiPlatformSchema,
  ltiPlatformUpdateInput,
} from '@evident/core/lti-platform';
import { orgSettingsInput, orgSettingsOutput } from '@evident/core/org-settings';
import { userSearchInput } from '@evident/core/people';
import {
  disposalOutput,
  disposeInput,
  legalHoldInput,
  legalHoldOutput,
  releaseHoldInput,
  retentionOverviewOutput,
  retentionPeriodInput,
  retentionPeriodOutput,
} from '@evident/core/retention';
import { listPeople } from '@evident/db/queries/people';
import { countAdminStats } from '@evident/db/queries/stats';
import { z } from 'zod';
import { requireUnit } from '../../rules/units';
import { adminProcedure, router } from '../../trpc';
import { idOutput, okOutput, textFileOutput } from '../../views/common-outputs';
import { unitOutput } from '../../views/curriculum-outputs';
import { peopleTokensRouter } from '../tokens/router';
import { approveUser, approveUserInput } from './approve-user';
import { auditCsv, auditPage } from './audit';
import { adminAuditPacksRouter } from './audit-packs';
import { adminClassesRouter } from './classes/router';
import { coverageCsv, coverageOf, coverageOutput, listUnitsWithCoverage } from './coverage';
import { adminDeclarationsRouter } from './declarations';
import { generateUnitTasks } from './generate-unit-tasks';
import { impersonate, impersonateInput, stopImpersonation } from './impersonation';
import {
  addPlatform,
  changePlatform,
  createRegistrationLink,
  listPassbacks,
  listPlatforms,
  ltiStatus,
  removePlatform,
  retryPassback,
  rotateKey,
} from './lti';
import {
  adminStatsOutput,
  approvedOutput,
  auditPageOutput,
  deactivatedOutput,
  generatedTasksOutput,
  ltiKeyOutput,
  ltiPassbacksOutput,
  ltiPlatformOutput,
  ltiRegistrationLinkOutput,
  ltiStatusOutput,
  mappedTaskOutput,
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
  disposeRecords,
  liftLegalHold,
  placeLegalHold,
  retentionOverview,
  retentionPeriod,
  setRetentionPeriod,
} from './retention';
import { getOrgSettings, updateOrgSettings } from './settings';
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

const updateUnitInput = unitInput.extend(unitIdInput.shape);

export const adminRouter = router({
  stats: router({
    get: adminProcedure
      .meta({ rest: { method: 'GET', path: '/api/admin/stats' } })
      .output(adminStatsOutput)
      .query(({ ctx }) => countAdminStats(ctx.db)),
  }),
  users: router({
    list: adminProcedure
      .meta({ rest: { method: 'GET', path: '/api/admin/users' } })
      .output(peopleOutput)
      .query(({ ctx }) => listPeople(ctx.db)),
    search: adminProcedure
      .meta({ rest: { method: 'GET', path: '/api/admin/users', withQuery: true } })
      .input(userSearchInput)
      .output(peoplePageOutput)
      .query(({ ctx, input }) => findPeople(ctx, input)),
    changeRole: adminProcedure
      .meta({ rest: { method: 'PUT', path: '/api/admin/users/{userId}/role' } })
      .input(changeRoleInput)
      .output(roleChangeOutput)
      .mutation(({ ctx, input }) => changeRole(ctx, input)),
    deactivate: adminProcedure
      .meta({ rest: { method: 'POST', path: '/api/admin/users/{userId}/deactivate' } })
      .input(personInput)
      .output(deactivatedOutput)
      .mutation(({ ctx, input }) => deactivate(ctx, input)),
    reactivate: adminProcedure
      .meta({ rest: { method: 'POST', path: '/api/admin/users/{userId}/reactivate' } })
      .input(personInput)
      .output(reactivatedOutput)
      .mutation(({ ctx, input }) => reactivate(ctx, input)),
    approve: adminProcedure
      .meta({ rest: { method: 'POST', path: '/api/admin/users/{userId}/approve' } })
      .input(approveUserInput)
      .output(approvedOutput)
      .mutation(({ ctx, input }) => approveUser(ctx, input)),
  }),
  audit: router({
    list: adminProcedure
      .meta({ rest: { method: 'GET', path: '/api/admin/audit' } })
      .input(auditSearchInput)
      .output(auditPageOutput)
      .query(({ ctx, input }) => auditPage(ctx, input)),
    exportCsv: adminProcedure
      .meta({ rest: { method: 'GET', path: '/api/admin/audit.csv', download: { mediaType: 'text/csv' } } })
      .input(auditSearchInput)
      .output(textFileOutput)
      .query(({ ctx, input }) => auditCsv(ctx, input)),
  }),
  // The organisation's settings: the time zone its documents write dates in.
  settings: router({
    get: adminProcedure
      .meta({ rest: { method: 'GET', path: '/api/admin/settings' } })
      .output(orgSettingsOutput)
      .query(({ ctx }) => getOrgSettings(ctx)),
    update: adminProcedure
      .meta({ rest: { method: 'PUT', path: '/api/admin/settings' } })
      .input(orgSettingsInput)
      .output(orgSettingsOutput)
      .mutation(({ ctx, input }) => updateOrgSettings(ctx, input)),
  }),
  // Issue 30 §4: records kept for their period, what is past it, disposal with a tombstone, legal holds.
  retention: router({
    get: adminProcedure
      .meta({ rest: { method: 'GET', path: '/api/admin/retention' } })
      .output(retentionOverviewOutput)
      .query(({ ctx }) => retentionOverview(ctx.db)),
    getPeriod: adminProcedure
      .meta({ rest: { method: 'GET', path: '/api/admin/retention/period' } })
      .output(retentionPeriodOutput)
      .query(({ ctx }) => retentionPeriod(ctx.db)),
    setPeriod: adminProcedure
      .meta({ rest: { method: 'PUT', path: '/api/admin/retention/period' } })
      .input(retentionPeriodInput)
      .output(retentionPeriodOutput)
      .mutation(({ ctx, input }) => setRetentionPeriod(ctx, input)),
    // Disposal: the one deletion of assessment records in the product.
    removeRecords: adminProcedure
      .meta({ rest: { method: 'POST', path: '/api/admin/retention/dispose' } })
      .input(disposeInput)
      .output(disposalOutput)
      .mutation(({ ctx, input }) => disposeRecords(ctx, input)),
  }),
  legalHolds: router({
    create: adminProcedure
      .meta({ rest: { method: 'POST', path: '/api/admin/legal-holds', status: 201 } })
      .input(legalHoldInput)
      .output(legalHoldOutput)
      .mutation(({ ctx, input }) => placeLegalHold(ctx, input)),
    // Lifting a hold: the hold stays on record with who lifted it, when and why.
    end: adminProcedure
      .meta({ rest: { method: 'POST', path: '/api/admin/legal-holds/{id}/release' } })
      .input(releaseHoldInput)
      .output(legalHoldOutput)
      .mutation(({ ctx, input }) => liftLegalHold(ctx, input)),
  }),
  // The wording students and assessors confirm, each save a new version (issue 29).
  declarations: adminDeclarationsRouter,
  auditPacks: adminAuditPacksRouter,
  impersonation: router({
    start: adminProcedure
      .meta({ rest: { method: 'POST', path: '/api/admin/impersonate' } })
      .input(impersonateInput)
      .output(okOutput)
      .mutation(({ ctx, input }) => impersonate(ctx, input)),
    stop: adminProcedure
      .meta({ rest: { method: 'POST', path: '/api/admin/stop-impersonation' } })
      .output(okOutput)
      .mutation(({ ctx }) => stopImpersonation(ctx)),
  }),

  tokens: peopleTokensRouter,

  classes: adminClassesRouter,

  units: router({
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
  }),

  // Issue 29: which task maps which requirement item of a unit, and the same grid as a spreadsheet.
  coverage: router({
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
  }),

  ltiStatus: router({
    get: adminProcedure
      .meta({ rest: { method: 'GET', path: '/api/admin/lti/status' } })
      .output(ltiStatusOutput)
      .query(({ ctx }) => ltiStatus(ctx)),
  }),
  ltiPlatforms: router({
    list: adminProcedure
      .meta({ rest: { method: 'GET', path: '/api/admin/lti/platforms' } })
      .output(z.array(ltiPlatformOutput))
      .query(({ ctx }) => listPlatforms(ctx)),
    create: adminProcedure
      .meta({ rest: { method: 'POST', path: '/api/admin/lti/platforms', status: 201 } })
      .input(ltiPlatformSchema)
      .output(ltiPlatformOutput)
      .mutation(({ ctx, input }) => addPlatform(ctx, input)),
    update: adminProcedure
      .input(ltiPlatformUpdateInput)
      .output(ltiPlatformOutput)
      .mutation(({ ctx, input }) => changePlatform(ctx, input)),
    delete: adminProcedure
      .meta({ rest: { method: 'DELETE', path: '/api/admin/lti/platforms/{id}', status: 204 } })
      .input(ltiPlatformIdInput)
      .output(idOutput)
      .mutation(({ ctx, input }) => removePlatform(ctx, input.id)),
  }),
  ltiPassbacks: router({
    list: adminProcedure
      .meta({ rest: { method: 'GET', path: '/api/admin/lti/passbacks' } })
      .output(ltiPassbacksOutput)
      .query(({ ctx }) => listPassbacks(ctx)),
    retry: adminProcedure
      .input(ltiPassbackIdInput)
      .output(idOutput)
      .mutation(({ ctx, input }) => retryPassback(ctx, input.id)),
  }),
  ltiRegistrationLinks: router({
    create: adminProcedure
      .meta({ rest: { method: 'POST', path: '/api/admin/lti/registration-link' } })
      .output(ltiRegistrationLinkOutput)
      .mutation(({ ctx }) => createRegistrationLink(ctx)),
  }),
  // Rotation: a new signing key replaces the current one (which stays published a while).
  ltiKeys: router({
    regenerate: adminProcedure
      .meta({ rest: { method: 'POST', path: '/api/admin/lti/keys/rotate' } })
      .output(ltiKeyOutput)
      .mutation(({ ctx }) => rotateKey(ctx)),
  }),

  tasks: router({
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
  }),
});
