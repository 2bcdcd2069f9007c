import { adminRouter } from './routers/admin/router';
import { assessorRouter } from './routers/assessor/router';
import { authRouter } from './routers/auth';
import { studentRouter } from './routers/student';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  student: studentRouter,
  assessor: assessorRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
