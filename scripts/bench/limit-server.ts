import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import postgres from 'postgres';
import { openDatabase } from '../../packages/db/src/client';
import { type Driver, gradingQueue, pgArray, type Row } from './limit-grading';
import * as q from './limit-queries';

/**
 * The limit: a bare Fastify server that answers Evident's four hot reads with Evident's own SQL
 * (limit-queries.ts) and nothing else: no tRPC, no zod, no drizzle, no security headers, no request
 * log. It looks up the session cookie in the same table with the same join, reads the same rows and
 * shapes them into the same JSON. `pnpm bench limit` runs it beside the built server
 * (limit.ts) and checks its answers equal Evident's before measuring either.
 *
 * Run as its own process: `PORT=… DATABASE_URL=postgres://…` (the same database Evident uses), or
 * `PORT=… PGLITE_DIR=…` (a copy of Evident's PGlite folder made while both were stopped: an embedded
 * database is one process's alone, so the same data is the closest honest equivalent). FILES_SECRET
 * signs file links as Evident's local storage does.
 */

/** Set by limit.ts when it starts this process (never by a turbo task). */
const settings: Record<string, string | undefined> = { ...process.env };

type PgliteClient = {
  query<T>(text: string, params: unknown[], options: { rowMode: 'array' }): Promise<{ rows: T[] }>;
};

async function connect(): Promise<Driver> {
  const url = settings.DATABASE_URL;
  if (url) {
    // The pool Evident's openDatabase makes (10 connections), with postgres.js' own type parsers.
    const sql = postgres(url, {
      max: 10,
      onnotice: () => {},
      connection: { application_name: 'evident-limit' },
    });
    // Named and prepared on each connection where Evident prepares the statement, unnamed where it
    // does not (limit-queries.ts says which, as PostgreSQL's log showed it).
    return {
      rows: (statement, params) =>
        sql.unsafe(statement.text, params as never[], { prepare: statement.prepared }).values(),
    };
  }
  const dataDir = settings.PGLITE_DIR;
  if (!dataDir) throw new Error('set DATABASE_URL or PGLITE_DIR');
  // openDatabase for PGlite's start parameters (shared_buffers) exactly as Evident's; only its client is used.
  // rawClient: PGlite's own parsers (dates as Date), not the ones laid over for drizzle.
  const handle = await openDatabase({ kind: 'pglite', dataDir, rawClient: true });
  const client = (handle.db as unknown as { $client: PgliteClient }).$client;
  // PGlite has no named statements: the same text through its one query path, as drizzle sends Evident's.
  return {
    rows: async (statement, params) =>
      (await client.query<Row>(statement.text, params, { rowMode: 'array' })).rows,
  };
}

export type Person = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  profileImageUrl: string | null;
  role: string;
  approved: boolean;
};

const cookieName = 'evident_session';

function sessionIdOf(cookie: string | undefined): string | null {
  for (const part of (cookie ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === cookieName && value) return value;
  }
  return null;
}

/** A person from the session's row, its columns from `at` (the session's user, or whom they act as). */
function account(row: Row, at: number): (Person & { deactivated: boolean }) | null {
  if (row[at] === null) return null;
  const role = row[at + 5] as string;
  return {
    id: row[at] as string,
    firstName: row[at + 1] as string,
    lastName: row[at + 2] as string,
    email: row[at + 3] as string,
    profileImageUrl: row[at + 4] as string | null,
    role,
    approved: !(role === 'assessor' && row[at + 6] === null),
    deactivated: row[at + 7] !== null,
  };
}

/**
 * The session's person and whom they act as, as Evident's authenticator decides; null: signed out.
 * One statement, as Evident's: the session, its user (columns 5-12) and whom they act as (13-20).
 */
async function signedIn(db: Driver, req: FastifyRequest) {
  const sessionId = sessionIdOf(req.headers.cookie);
  if (!sessionId) return null;
  const [session] = await db.rows(q.sessionWithAccounts, [sessionId]);
  if (!session || (session[2] as Date).getTime() <= Date.now()) return null;
  const real = account(session, 5);
  if (!real || real.deactivated) return null;
  const acting = session[3] && real.role === 'rto_admin' ? account(session, 13) : null;
  return { real, actingAs: acting && !acting.deactivated ? acting : real };
}

const summary = (p: Person) => ({
  id: p.id,
  firstName: p.firstName,
  lastName: p.lastName,
  email: p.email,
  profileImageUrl: p.profileImageUrl,
  role: p.role,
});

const json = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).type('application/json; charset=utf-8').send(body);
const refuse = (reply: FastifyReply, status: number, error: string) =>
  json(reply, status, JSON.stringify({ error }));

function studentTasks(rows: Row[]) {
  return rows.map((r) => ({
    id: r[0],
    unitId: r[1],
    position: r[2],
    title: r[3],
    description: r[4],
    phase: r[5],
    tooltip: r[6],
    evidenceTypes: pgArray(r[7]),
    occasion: r[8],
    performanceEvidenceMapping: pgArray(r[9]),
    archivedAt: r[10],
    archivedBy: r[11],
    createdAt: r[12],
    unitCode: r[13],
    unitTitle: r[14],
    unit: { id: r[1], unitCode: r[13], title: r[14] },
    submission:
      r[15] && r[16] ? { id: r[15], status: r[16], assessorComment: r[17], fileCount: r[18] } : null,
  }));
}

async function main() {
  const db = await connect();
  const secret = settings.FILES_SECRET;
  if (!secret) throw new Error('set FILES_SECRET, the same as Evident’s');
  const app = Fastify({ logger: false });
  app.get('/healthz', async () => ({ ok: true }));

  app.get('/api/auth/user', async (req, reply) => {
    const who = await signedIn(db, req);
    if (!who) return refuse(reply, 401, 'Not signed in');
    const impersonating = who.actingAs.id !== who.real.id;
    return json(
      reply,
      200,
      JSON.stringify({
        ...summary(who.actingAs),
        isImpersonating: impersonating,
        originalUser: impersonating ? summary(who.real) : null,
        awaitingApproval: !who.actingAs.approved,
      }),
    );
  });

  app.get('/api/student/tasks', async (req, reply) => {
    const who = await signedIn(db, req);
    if (!who) return refuse(reply, 401, 'Not signed in');
    if (who.actingAs.role !== 'student') return refuse(reply, 403, 'Students only');
    const id = who.actingAs.id;
    return json(reply, 200, JSON.stringify(studentTasks(await db.rows(q.studentTasks, [id, id]))));
  });

  /** Staff reads, for an approved assessor only: an admin's scope is other SQL, not written down here. */
  async function assessor(req: FastifyRequest, reply: FastifyReply) {
    const who = await signedIn(db, req);
    if (!who) return void refuse(reply, 401, 'Not signed in');
    if (who.actingAs.role !== 'assessor' || !who.actingAs.approved) {
      return void refuse(reply, 403, 'The bare server answers approved assessors only');
    }
    return who.actingAs.id;
  }

  app.get('/api/assessor/submissions', async (req, reply) => {
    const reader = await assessor(req, reply);
    if (!reader) return reply;
    return json(reply, 200, JSON.stringify(await gradingQueue(db, reader, secret)));
  });

  app.get<{ Querystring: { unitId?: string } }>('/api/reports/evidence-matrix', async (req, reply) => {
    const reader = await assessor(req, reply);
    if (!reader) return reply;
    const unitId = req.query.unitId;
    if (!unitId) return refuse(reply, 400, 'The bare server reads a named unit (?unitId=) only');
    const r = reader;
    const [unitRows, [matrix]] = await Promise.all([
      db.rows(q.matrixUnits, [r, r, r, unitId]),
      db.rows(q.matrixJson, [unitId, r, r, r, unitId, unitId, r, r, r, unitId, r, r, r]),
    ]);
    const units = unitRows.map((u) => ({ id: u[0], unitCode: u[1], title: u[2], studentCount: u[3] }));
    const unit = units.find((candidate) => candidate.id === unitId);
    if (!unit) return refuse(reply, 404, 'Unit not found');
    const body = String(matrix?.[0]);
    return json(
      reply,
      200,
      `{"units":${JSON.stringify(units)},"unit":${JSON.stringify(unit)},${body.slice(1)}`,
    );
  });

  await app.listen({ port: Number(settings.PORT), host: '127.0.0.1' });
}

await main();
