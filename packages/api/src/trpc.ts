import { adminReadOnlyGradingMessage } from '@evident/core/class-filter';
import { AppError } from '@evident/core/errors';
import { isNotFoundIssue } from '@evident/core/lookup-id';
import type { Role } from '@evident/core/roles';
import { awaitingApprovalMessage } from '@evident/core/user';
import { unstorableValueReason } from '@evident/db/errors';
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { AuthedContext, Context } from './context';
import { fieldErrorsOf, publicMessage, toTrpcError, UNSTORABLE_VALUE_MESSAGE } from './errors';
import type { ProcedureMeta } from './rest/rest-meta';

// ---- initialisation -------------------------------------------------------------------------

// Meta: a procedure's REST path, where it has one (rest/rest-meta.ts).
const builder = initTRPC.context<Context>().meta<ProcedureMeta>();

const t = builder.create({
  // tRPC adds server stack traces to error answers whenever NODE_ENV is not 'production', and a
  // self-hosted start often leaves it unset: never send them.
  isDev: false,
  // Live streams (routers/live): a ping every 15 s keeps proxies from closing an idle stream, and a
  // client that hears nothing for 40 s reconnects and resumes from its last event. A stream also ends
  // within seconds of its session ending or its person's role, approval or activity changing
  // (routers/live/live-events.ts); the 10-minute limit is a backstop. The reconnect replays what it missed.
  sse: {
    ping: { enabled: true, intervalMs: 15_000 },
    client: { reconnectAfterInactivityMs: 40_000 },
    maxDurationMs: 10 * 60_000,
  },
  errorFormatter({ shape, error }) {
    return {
      ...shape,
      message: publicMessage(error),
      data: { ...shape.data, fieldErrors: fieldErrorsOf(error) },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

// ---- procedures -----------------------------------------------------------------------------

export const readOnlyTokenMessage = 'This API token is read-only';

/**
 * Refused credentials (a bad, expired or revoked token) answer 401 everywhere, even on public
 * procedures: a script with a dead token learns so at once instead of acting signed out. A read-only
 * token calls no mutation.
 */
function refuseCredentials(ctx: Context, type: string): void {
  if (ctx.authRefusal) throw new TRPCError({ code: 'UNAUTHORIZED', message: ctx.authRefusal });
  if (ctx.principal?.readOnly && type === 'mutation') {
    throw new TRPCError({ code: 'FORBIDDEN', message: readOnlyTokenMessage });
  }
}

type CallResult = { ok: true } | { ok: false; error: TRPCError };

/** Domain code's AppError becomes the matching tRPC code (and so HTTP status). */
function mapErrors<Result extends CallResult>(ctx: Context, path: string, result: Result): Result {
  if (result.ok) return result;
  if (result.error.cause instanceof AppError) throw toTrpcError(result.error.cause);
  // An id that cannot be one names nothing (core/lookup-id.ts): not found, like an id of nothing.
  const notFound = result.error.cause instanceof ZodError && result.error.cause.issues.find(isNotFoundIssue);
  if (notFound) throw new TRPCError({ code: 'NOT_FOUND', message: notFound.message });
  // The input schemas refuse what the database cannot hold; anything they miss is still the request's.
  const unstorable = unstorableValueReason(result.error);
  if (unstorable) {
    ctx.log.warn(`${path}: the database refused a value of the request: ${unstorable}`);
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: UNSTORABLE_VALUE_MESSAGE,
      cause: result.error.cause,
    });
  }
  return result;
}

/**
 * Every procedure's first middleware, in one piece: each level of tRPC's chain copies its call's
 * options and awaits, on every call (issue 31 §2). A signed-in procedure's sign-in and role are
 * checked in the same one (signedInProcedure).
 */
export const publicProcedure = t.procedure.use(async ({ ctx, type, path, next }) => {
  refuseCredentials(ctx, type);
  return mapErrors(ctx, path, await next());
});

const isSignedIn = (ctx: Context): ctx is AuthedContext =>
  Boolean(ctx.principal && ctx.user && ctx.realUserId && ctx.realRole);

type SignedInFields = Pick<AuthedContext, 'principal' | 'user' | 'realUserId' | 'realRole'>;

/**
 * A procedure for someone signed in whom `admit` lets through (it throws otherwise), checked in the
 * one middleware that also guards credentials and maps errors.
 */
function signedInProcedure(admit?: (ctx: AuthedContext) => void) {
  return t.procedure.use(async ({ ctx, type, path, next }) => {
    refuseCredentials(ctx, type);
    if (!isSignedIn(ctx)) {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue' });
    }
    admit?.(ctx);
    // createContext already holds these: only their types narrow here. Given a `ctx`, `next` copies
    // the whole context (some forty keys) on every call, so it is given none.
    return mapErrors(ctx, path, await next<SignedInFields>({}));
  });
}

export const authedProcedure = signedInProcedure();

const forbidden = () =>
  new TRPCError({ code: 'FORBIDDEN', message: 'You do not have permission to do that' });

/** Checks the role the app is acting as, so an admin viewing as a student gets the student's view. */
const actingRole = (role: Role) =>
  signedInProcedure((ctx) => {
    if (ctx.user.role !== role) throw forbidden();
  });

export const studentProcedure = actingRole('student');
/** Assessors see every student's evidence, so a self-registered one waits for an admin's approval. */
function refuseUnapproved(user: { awaitingApproval: boolean }): void {
  if (user.awaitingApproval) throw new TRPCError({ code: 'FORBIDDEN', message: awaitingApprovalMessage });
}

/**
 * Grading decisions: an approved assessor, or an admin viewing as one (recorded as the acting admin).
 * An admin as themselves reads the grading queue but is told why they cannot decide.
 */
export const gradeProcedure = signedInProcedure((ctx) => {
  if (ctx.user.role === 'rto_admin') {
    throw new TRPCError({ code: 'FORBIDDEN', message: adminReadOnlyGradingMessage });
  }
  if (ctx.user.role !== 'assessor') throw forbidden();
  refuseUnapproved(ctx.user);
});

/**
 * Staff (routers/staff): approved assessors, and admins as themselves or viewing as an assessor. An
 * admin viewing as a student sees what the student sees, so not these.
 */
export const staffProcedure = signedInProcedure((ctx) => {
  if (ctx.user.role !== 'assessor' && ctx.user.role !== 'rto_admin') throw forbidden();
  refuseUnapproved(ctx.user);
});

/**
 * Shared by students and staff, each procedure deciding whose records it may touch (third-party
 * requests). A validator is neither, and is refused before any of that runs.
 */
export const studentOrStaffProcedure = signedInProcedure((ctx) => {
  if (ctx.user.role === 'validator') throw forbidden();
});

/**
 * The validator's side of validation (issue 30 §2): approved assessors and admins named in a round,
 * and people whose only role is validator. A validator calls these and account basics, nothing else:
 * every staff, grading and admin procedure refuses them, and each round checks who was named in it.
 */
export const validationProcedure = signedInProcedure((ctx) => {
  const role = ctx.user.role;
  if (role !== 'assessor' && role !== 'rto_admin' && role !== 'validator') throw forbidden();
  refuseUnapproved(ctx.user);
});

/** Admin rights stay with the person who signed in, impersonating or not. */
export const adminProcedure = signedInProcedure((ctx) => {
  if (ctx.realRole !== 'rto_admin') throw forbidden();
});
