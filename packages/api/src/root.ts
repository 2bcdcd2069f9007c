import { accountRouter } from './routers/account/router';
import { adminRouter } from './routers/admin/router';
import { assessorRouter } from './routers/assessor/router';
import { authRouter } from './routers/auth/router';
import { invitationRouter } from './routers/invitation/router';
import { liveRouter } from './routers/live/router';
import { staffRouter } from './routers/staff/router';
import { studentRouter } from './routers/student/router';
import { thirdPartyRouter } from './routers/third-party/router';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  auth: authRouter,
  student: studentRouter,
  assessor: assessorRouter,
  staff: staffRouter,
  admin: adminRouter,
  live: liveRouter,
  account: accountRouter,
  invitation: invitationRouter,
  thirdParty: thirdPartyRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
