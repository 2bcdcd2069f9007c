import { router } from '../../trpc';
import { adminPeopleProcedures } from './people';
import { adminTasksRouter } from './tasks';
import { adminUnitsRouter } from './units';

export const adminRouter = router({
  ...adminPeopleProcedures,
  units: adminUnitsRouter,
  tasks: adminTasksRouter,
});
