import { unitCodeInput } from '@evident/core/curriculum-inputs';
import { listStudentTasks } from '@evident/db/queries/tasks';
import { setUpUnitForStudent } from '../curriculum/generate-tasks';
import { router, studentProcedure } from '../trpc';

export const studentRouter = router({
  tasks: studentProcedure.query(({ ctx }) => listStudentTasks(ctx.db, ctx.user.id)),

  setUpUnit: studentProcedure.input(unitCodeInput).mutation(async ({ ctx, input }) => {
    const result = await setUpUnitForStudent(ctx, ctx.user.id, input.unitCode);
    return { taskCount: result.taskCount, unitId: result.unitId, unitCode: result.unitCode };
  }),
});
