import { unitCodeInput } from '@evident/core/curriculum-inputs';
import { setUpUnitForStudent } from '../curriculum/generate-tasks';
import { listDashboardTasks } from '../evidence/dashboard-tasks';
import { router, studentProcedure } from '../trpc';
import { studentEvidenceProcedures } from './evidence';

export const studentRouter = router({
  tasks: studentProcedure.query(({ ctx }) => listDashboardTasks(ctx, ctx.user.id)),

  setUpUnit: studentProcedure.input(unitCodeInput).mutation(async ({ ctx, input }) => {
    await ctx.rateLimits.consume('unitSetupUser', ctx.user.id);
    const result = await setUpUnitForStudent(ctx, ctx.user.id, input.unitCode);
    if (result.created) await ctx.events.publish({ type: 'tasks.generated', unitId: result.unitId });
    await ctx.events.publish({ type: 'enrolment.created', studentId: ctx.user.id, unitId: result.unitId });
    return { taskCount: result.taskCount, unitId: result.unitId, unitCode: result.unitCode };
  }),

  ...studentEvidenceProcedures,
});
