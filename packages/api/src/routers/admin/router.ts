import { adminProcedure, router } from '../../trpc';
import { approveUser, approveUserInput } from './approve-user';
import { adminPeopleProcedures } from './people';
import { adminTasksRouter } from './tasks';
import { adminUnitsRouter } from './units';

export const adminRouter = router({
  ...adminPeopleProcedures,
  approveUser: adminProcedure.input(approveUserInput).mutation(({ ctx, input }) => approveUser(ctx, input)),
  units: adminUnitsRouter,
  tasks: adminTasksRouter,
});
