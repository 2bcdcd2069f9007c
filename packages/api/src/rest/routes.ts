import { AppError } from '@evident/core/errors';
import type { createCaller } from '../root';

type Caller = ReturnType<typeof createCaller>;
export type RestRequest = {
  body: unknown;
  params: Record<string, string>;
  /** Query-string parameters; a repeated one keeps its first value. */
  query: Record<string, string>;
};
/** A JSON answer already serialised (by the database), sent as it is. */
export type RestRawJson = { rawJson: string };
/** A file to download (CSV, PDF) instead of a JSON answer. */
export type RestDownload = {
  download: { fileName: string; contentType: string; content: string | Uint8Array };
};
export type RestRoute = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify-style path: `:id` segments land in `params`. */
  path: string;
  call(caller: Caller, request: RestRequest): Promise<unknown | RestDownload | RestRawJson>;
};

const route = (method: RestRoute['method'], path: string, call: RestRoute['call']): RestRoute => ({
  method,
  path,
  call,
});

/** Payloads go through the procedures' own zod schemas; this table only translates paths. */
const body = <T>(request: RestRequest) => request.body as T;
/** Query-string parameters as a GET procedure's input, for its zod schema to check. */
const query = <T>(request: RestRequest) => request.query as T;
/** The body with path parameters laid over it, so `PUT /units/:id` cannot be redirected by a body `id`. */
const withParams = <T>(request: RestRequest, params: Record<string, string | undefined>) =>
  ({ ...(typeof request.body === 'object' ? request.body : {}), ...params }) as T;

/** Spec section 7: the `/api` paths outside callers use, mapped onto the tRPC procedures. */
export const restRoutes: RestRoute[] = [
  route('GET', '/api/auth/user', async (caller) => {
    const user = await caller.auth.session.get();
    if (!user) throw new AppError('UNAUTHORIZED', 'Not signed in');
    return user;
  }),
  route('POST', '/api/auth/login', (caller, r) => caller.auth.session.login(body(r))),
  route('POST', '/api/auth/register', (caller, r) => caller.auth.accounts.register(body(r))),
  route('POST', '/api/auth/logout', (caller) => caller.auth.session.logout()),
  route('POST', '/api/auth/forgot-password', (caller, r) => caller.auth.password.requestReset(body(r))),
  route('POST', '/api/auth/reset-password', (caller, r) => caller.auth.password.reset(body(r))),

  route('GET', '/api/student/tasks', (caller) => caller.student.tasks.list()),
  route('POST', '/api/units/generate-tasks', (caller, r) => caller.student.units.setUp(body(r))),
  route('POST', '/api/evidence/upload-url', (caller, r) => caller.student.evidence.requestUploadUrl(body(r))),
  route('POST', '/api/evidence', (caller, r) => caller.student.evidence.record(body(r))),
  route('POST', '/api/evidence/:fileId/withdraw', (caller, r) =>
    caller.student.evidence.withdraw(withParams(r, { fileId: r.params.fileId })),
  ),
  route('GET', '/api/student/tasks/:taskId/evidence', (caller, r) =>
    caller.student.evidence.list(withParams(r, { taskId: r.params.taskId })),
  ),

  route('GET', '/api/assessor/submissions', (caller, r) => caller.staff.submissions.list(query(r))),
  route('POST', '/api/assessor/grade', (caller, r) => caller.assessor.submissions.grade(body(r))),

  route('GET', '/api/admin/units', (caller) => caller.admin.units.list()),
  route('GET', '/api/admin/units/:id', (caller, r) =>
    caller.admin.units.get(withParams(r, { id: r.params.id })),
  ),
  route('POST', '/api/admin/units', (caller, r) => caller.admin.units.create(body(r))),
  route('PUT', '/api/admin/units/:id', (caller, r) =>
    caller.admin.units.update(withParams(r, { id: r.params.id })),
  ),
  route('DELETE', '/api/admin/units/:id', (caller, r) =>
    caller.admin.units.delete(withParams(r, { id: r.params.id })),
  ),
  route('POST', '/api/admin/units/:id/archive', (caller, r) =>
    caller.admin.units.archive(withParams(r, { id: r.params.id })),
  ),
  route('POST', '/api/admin/units/:id/unarchive', (caller, r) =>
    caller.admin.units.unarchive(withParams(r, { id: r.params.id })),
  ),
  route('POST', '/api/admin/units/:id/generate-tasks', (caller, r) =>
    caller.admin.units.generateTasks(withParams(r, { id: r.params.id })),
  ),
  route('GET', '/api/admin/classes', (caller) => caller.admin.classes.list()),
  route('POST', '/api/admin/classes', (caller, r) => caller.admin.classes.create(body(r))),
  route('GET', '/api/admin/classes/:id', (caller, r) =>
    caller.admin.classes.get(withParams(r, { id: r.params.id })),
  ),
  route('PUT', '/api/admin/classes/:id', (caller, r) =>
    caller.admin.classes.update(withParams(r, { id: r.params.id })),
  ),
  // Archives: enrolments stay on record.
  route('DELETE', '/api/admin/classes/:id', (caller, r) =>
    caller.admin.classes.delete(withParams(r, { id: r.params.id })),
  ),
  route('POST', '/api/admin/classes/:id/assessors', (caller, r) =>
    caller.admin.classes.addAssessors(withParams(r, { id: r.params.id })),
  ),
  route('POST', '/api/admin/classes/:id/students', (caller, r) =>
    caller.admin.classes.addStudents(withParams(r, { id: r.params.id })),
  ),
  // Ends the enrolment; the row stays.
  route('DELETE', '/api/admin/classes/:id/students/:userId', (caller, r) =>
    caller.admin.classes.endEnrolment(withParams(r, { id: r.params.id, userId: r.params.userId })),
  ),
  route('POST', '/api/tga/fetch-unit', (caller, r) => caller.admin.units.fetchFromRegister(body(r))),
  route(
    'GET',
    '/api/admin/units/:id/tasks',
    async (caller, r) => (await caller.admin.tasks.list(withParams(r, { unitId: r.params.id }))).tasks,
  ),
  route('POST', '/api/admin/units/:id/tasks', (caller, r) =>
    caller.admin.tasks.create(withParams(r, { unitId: r.params.id })),
  ),
  route('PUT', '/api/admin/tasks/:taskId', (caller, r) =>
    caller.admin.tasks.update(withParams(r, { taskId: r.params.taskId })),
  ),
  route('DELETE', '/api/admin/tasks/:taskId', (caller, r) =>
    caller.admin.tasks.delete(withParams(r, { taskId: r.params.taskId })),
  ),
  route('POST', '/api/admin/tasks/:taskId/archive', (caller, r) =>
    caller.admin.tasks.archive(withParams(r, { taskId: r.params.taskId })),
  ),
  route('POST', '/api/admin/tasks/:taskId/unarchive', (caller, r) =>
    caller.admin.tasks.unarchive(withParams(r, { taskId: r.params.taskId })),
  ),

  route('GET', '/api/reports/evidence-matrix', (caller, r) =>
    caller.staff.evidenceMatrix.getJson(query(r)),
  ),
  route('GET', '/api/reports/evidence-matrix.csv', async (caller, r) => ({
    download: await caller.staff.evidenceMatrix.exportCsv(query(r)),
  })),
  route('GET', '/api/reports/evidence-matrix/submission', (caller, r) =>
    caller.staff.submissions.get(query(r)),
  ),
  route('GET', '/api/reports/outstanding-reminders', (caller, r) =>
    caller.staff.outstanding.list(query(r)),
  ),
  route('POST', '/api/reports/email-outstanding', (caller, r) => caller.staff.outstanding.email(body(r))),

  route('GET', '/api/admin/stats', (caller) => caller.admin.stats.get()),
  // Without parameters the spec's plain list; any of search, role, status or page asks for a page.
  route('GET', '/api/admin/users', (caller, r) =>
    Object.keys(r.query).length === 0 ? caller.admin.users.list() : caller.admin.users.search(query(r)),
  ),
  route('POST', '/api/admin/users/:id/deactivate', (caller, r) =>
    caller.admin.users.deactivate(withParams(r, { userId: r.params.id })),
  ),
  route('POST', '/api/admin/users/:id/reactivate', (caller, r) =>
    caller.admin.users.reactivate(withParams(r, { userId: r.params.id })),
  ),
  route('PUT', '/api/admin/users/:id/role', (caller, r) =>
    caller.admin.users.changeRole(withParams(r, { userId: r.params.id })),
  ),
  route('GET', '/api/admin/audit', (caller, r) => caller.admin.audit.list(query(r))),
  route('GET', '/api/admin/audit.csv', async (caller, r) => ({
    download: await caller.admin.audit.exportCsv(query(r)),
  })),
  route('POST', '/api/admin/users/:id/approve', (caller, r) =>
    caller.admin.users.approve(withParams(r, { userId: r.params.id })),
  ),
  route('GET', '/api/admin/users/:id/tokens', (caller, r) =>
    caller.admin.tokens.list(withParams(r, { userId: r.params.id })),
  ),
  route('POST', '/api/admin/users/:id/tokens', (caller, r) =>
    caller.admin.tokens.issue(withParams(r, { userId: r.params.id })),
  ),
  route('DELETE', '/api/admin/tokens/:tokenId', (caller, r) =>
    caller.admin.tokens.revoke(withParams(r, { tokenId: r.params.tokenId })),
  ),
  route('POST', '/api/admin/impersonate', (caller, r) => caller.admin.impersonation.start(body(r))),
  route('POST', '/api/admin/stop-impersonation', (caller) => caller.admin.impersonation.stop()),
];
