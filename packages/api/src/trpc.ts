import { AppError } from '@evident/core/errors';
import type { Role } from '@evident/core/roles';
import { initTRPC, TRPCError } from '@trpc/server';
import type { Context } from './context';
import { publicMessage, toTrpcError } from './errors';

// ---- initialisation -------------------------------------------------------------------------

const t = initTRPC.context<Context>().create({
  // tRPC adds server stack traces to error answers whenever NODE_ENV is not 'production', and a
  // self-hosted start often leaves it unset: never send them.
  isDev: false,
  errorFormatter({ shape, error }) {
    return { ...shape, message: publicMessage(error) };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

// ---- procedures -----------------------------------------------------------------------------

/** Domain code throws AppError; here it becomes the matching tRPC code (and so HTTP status). */
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof AppError) throw toTrpcError(result.error.cause);
  return result;
});

export const publicProcedure = t.procedure.use(mapAppErrors);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  const { session, user, realUserId, realRole } = ctx;
  if (!session || !user || !realUserId || !realRole) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue' });
  }
  return next({ ctx: { ...ctx, session, user, realUserId, realRole } });
});

const forbidden = () =>
  new TRPCError({ code: 'FORBIDDEN', message: 'You do not have permission to do that' });

/** Checks the role the app is acting as, so an admin viewing as a student gets the student's view. */
const actingRole = (role: Role) =>
  authedProcedure.use(({ ctx, next }) => {
    if (ctx.user.role !== role) throw forbidden();
    return next();
  });

export const studentProcedure = actingRole('student');
export const assessorProcedure = actingRole('assessor');

/**
 * Reports (the Evidence Matrix, its export and reminders): assessors, and admins, as themselves or
 * viewing as an assessor. An admin viewing as a student sees what the student sees, so not these.
 */
export const reportsProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== 'assessor' && ctx.user.role !== 'rto_admin') throw forbidden();
  // Reports show every student's evidence too: an assessor still waiting for approval (issue 12
  // point 1, which adds `awaitingApproval` to the current user) is refused here as well.
  if ('awaitingApproval' in ctx.user && ctx.user.awaitingApproval) throw forbidden();
  return next();
});

/** Admin rights stay with the person who signed in, impersonating or not. */
export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.realRole !== 'rto_admin') throw forbidden();
  return next();
});
