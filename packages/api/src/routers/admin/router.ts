import { auditSearchInput } from '@evident/core/audit';
import {
  ltiPassbackIdInput,
  ltiPlatformIdInput,
  ltiPlatformSchema,
  ltiPlatformUpdateInput,
} from '@evident/core/lti-platform';
import { orgSettingsInput, orgSettingsOutput } from '@evident/core/org-settings';
import { userSearchInput } from '@evident/core/people';
import { listPeople } from '@evident/db/queries/people';
import { countAdminStats } from '@evident/db/queries/stats';
import { z } from 'zod';
import { adminProcedure, router } from '../../trpc';
import { idOutput, okOutput, textFileOutput } from '../../views/common-outputs';
import { peopleTokensRouter } from '../tokens/router';
import { addedPersonOutput, addPerson, addPersonInput } from './add-person';
import { approveUser, approveUserInput } from './approve-user';
import { auditCsv, auditPage } from './audit';
import { adminAuditPacksRouter } from './audit-packs';
import { adminClassesRouter } from './classes/router';
import { adminCoverageRouter, adminTasksRouter, adminUnitsRouter } from './curriculum-router';
import { adminDeclarationsRouter } from './declarations';
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
  ltiKeyOutput,
  ltiPassbacksOutput,
  ltiPlatformOutput,
  ltiRegistrationLinkOutput,
  ltiStatusOutput,
  peopleOutput,
  peoplePageOutput,
  reactivatedOutput,
  roleChangeOutput,
} from './outputs';
import { changeRole, changeRoleInput, deactivate, findPeople, personInput, reactivate } from './people';
import { adminLegalHoldsRouter, adminRetentionRouter } from './retention-router';
import { getOrgSettings, updateOrgSettings } from './settings';
import {
  adminCredentialsRouter,
  adminValidationActionsRouter,
  adminValidationPlansRouter,
  adminValidationRoundsRouter,
} from './validation-router';

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
    create: adminProcedure
      .meta({ rest: { method: 'POST', path: '/api/admin/users', status: 201 } })
      .input(addPersonInput)
      .output(addedPersonOutput)
      .mutation(({ ctx, input }) => addPerson(ctx, input)),
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
  retention: adminRetentionRouter,
  legalHolds: adminLegalHoldsRouter,
  // The wording students and assessors confirm, each save a new version (issue 29).
  declarations: adminDeclarationsRouter,
  auditPacks: adminAuditPacksRouter,
  // Issue 30 §2: credentials on people, each unit's validation plan, validation rounds, their actions.
  credentials: adminCredentialsRouter,
  validationPlans: adminValidationPlansRouter,
  validationRounds: adminValidationRoundsRouter,
  validationActions: adminValidationActionsRouter,
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

  units: adminUnitsRouter,
  // Issue 29: which task maps which requirement item of a unit, and the same grid as a spreadsheet.
  coverage: adminCoverageRouter,
  tasks: adminTasksRouter,

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
});
