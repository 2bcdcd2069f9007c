import { adminRouter } from './routers/admin/router';
import { authRouter } from './routers/auth';
import { reportsRouter } from './routers/reports/router';
import { studentRouter } from './routers/student';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  student: studentRouter,
  reports: reportsRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
