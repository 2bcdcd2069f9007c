import { adminRouter } from './routers/admin/router';
import { authRouter } from './routers/auth';
import { liveRouter } from './routers/live/router';
import { studentRouter } from './routers/student';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  student: studentRouter,
  admin: adminRouter,
  live: liveRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
