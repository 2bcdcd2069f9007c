import { UNSTORABLE_VALUE_MESSAGE } from '@evident/api/errors';
import type { Role } from '@evident/core/roles';
import { buildEnrolment, buildTask, buildUnit } from '@evident/db/testing/factories';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedClass } from './class-seed';
import { createTestEnv, type TestEnv } from './harness';
import {
  type HostileProcedure,
  hostileProcedures,
  hostileValues,
  inputWith,
  type Known,
} from './hostile-input-fields';

/**
 * Issue 28: a NUL, a lone surrogate, a megabyte or year 0000 in any string or date field of any
 * procedure, through the tRPC caller and its REST path, is a 4xx (or a success), never a 500: the
 * database refuses such text and dates, so the input schemas refuse them first. The 400 the api
 * answers when the database refuses a value anyway is a backstop, and counts as a miss here.
 */

let env: TestEnv;
let app: Awaited<ReturnType<TestEnv['app']>>;
type Browser = ReturnType<TestEnv['browser']>;
const browsers = new Map<Role | null, Browser>();
/** Real ids for the fields a hostile value is not in, so that a call reaches the database with it. */
let known: Known = {};
let knownIn: Record<string, Known> = {};

beforeAll(async () => {
  env = await createTestEnv();
  app = await env.app();
  browsers.set(null, env.browser());
  for (const role of ['rto_admin', 'assessor', 'student'] as const)
    browsers.set(role, await env.signedIn(role));
  const student = browsers.get('student') as Awaited<ReturnType<TestEnv['signedIn']>>;
  const assessor = browsers.get('assessor') as Awaited<ReturnType<TestEnv['signedIn']>>;
  const unit = await buildUnit(env.db);
  const task = await buildTask(env.db, { unitId: unit.id });
  await buildEnrolment(env.db, { studentId: student.user.id, unitId: unit.id });
  const group = await seedClass(env.db, {
    name: 'Hostile class',
    unitIds: [unit.id],
    assessorIds: [assessor.user.id],
    studentIds: [student.user.id],
  });
  known = {
    unitId: unit.id,
    unitIds: unit.id,
    taskId: task.id,
    taskIds: task.id,
    classId: group.id,
    studentId: student.user.id,
    userId: student.user.id,
    userIds: student.user.id,
  };
  knownIn = { 'admin.classes': { ...known, id: group.id }, 'admin.units': { ...known, id: unit.id } };
});
afterAll(async () => {
  await app?.close();
  await env?.close();
});

const procedures = hostileProcedures();

const knownFor = (name: string) => knownIn[name.split('.').slice(0, 2).join('.')] ?? known;

/** Each call a test makes: who, which procedure, which field, which value. */
function* calls() {
  for (const procedure of procedures)
    for (const target of procedure.targets)
      for (const { kind, value } of hostileValues(target))
        for (const role of procedure.audience)
          yield {
            procedure,
            target,
            kind,
            role,
            input: inputWith(procedure.schema, target.path, value, knownFor(procedure.name)),
          };
}

/** The input refused (a lookup id that cannot be one is not found), or a call signed out that needs a person. */
const refusals = new Set(['BAD_REQUEST', 'NOT_FOUND', 'UNAUTHORIZED']);

/**
 * A 500, or the backstop's 400 (the database refused what the schema let through), is a miss; so is
 * a NUL or a lone surrogate taken at all, which text columns store mangled rather than refuse.
 */
async function callProcedure(
  browser: Browser,
  name: string,
  input: unknown,
  mustRefuse: boolean,
): Promise<string | null> {
  const caller = await browser.caller();
  const procedure = name
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as (
    input: unknown,
  ) => Promise<unknown>;
  try {
    await procedure(input);
    return mustRefuse ? 'taken' : null;
  } catch (error) {
    if (!(error instanceof TRPCError)) return `threw ${String(error)}`;
    if (error.message === UNSTORABLE_VALUE_MESSAGE) return 'refused by the database, not the input schema';
    if (error.code === 'INTERNAL_SERVER_ERROR') return `${error.code}: ${String(error.cause)}`;
    return mustRefuse && !refusals.has(error.code) ? `answered ${error.code}: ${error.message}` : null;
  }
}

/** As a client would put text in a URL: a lone surrogate as the bytes of its code point (WTF-8). */
const encode = (value: unknown) => String(value).split('\uD800').map(encodeURIComponent).join('%ED%A0%80');

function restRequest(procedure: HostileProcedure, input: unknown) {
  const rest = procedure.rest;
  if (!rest) throw new Error(`${procedure.name} has no REST path`);
  const fields = { ...(input as Record<string, unknown>) };
  const path = rest.path.replace(/\{(\w+)\}/g, (_: string, param: string) => {
    const field = rest.pathFields?.[param] ?? param;
    const value = fields[field];
    delete fields[field];
    return encode(value);
  });
  if (rest.method === 'GET') {
    const query = Object.entries(fields)
      .map(([key, value]) => `${key}=${encode(value)}`)
      .join('&');
    return { method: rest.method, url: query ? `${path}?${query}` : path };
  }
  return { method: rest.method, url: path, payload: JSON.stringify(fields) };
}

async function callRest(browser: Browser, procedure: HostileProcedure, input: unknown) {
  const request = restRequest(procedure, input);
  const cookie = browser.sessionId ? `${env.services.sessions.cookieName}=${browser.sessionId}` : undefined;
  const response = await app.inject({
    ...request,
    headers: {
      host: 'evident.test',
      origin: 'http://evident.test',
      ...(request.payload ? { 'content-type': 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
  });
  if (response.body === UNSTORABLE_VALUE_MESSAGE) return 'refused by the database, not the input schema';
  return response.statusCode >= 500 ? `${response.statusCode}: ${response.body.slice(0, 120)}` : null;
}

describe('hostile input in every string and date field', () => {
  it('finds the fields, those of the calls that need no sign-in among them', () => {
    const fields = procedures.flatMap((p) =>
      p.targets.map((t) => `${p.name} ${t.label}${t.isDate ? ' (date)' : ''}`),
    );
    expect(fields.length).toBeGreaterThan(60);
    expect(fields).toEqual(
      expect.arrayContaining([
        'invitation.classes.get inviteCode',
        'auth.session.login email',
        'admin.audit.list from (date)',
        'admin.classes.create startsOn (date)',
        'admin.classes.addStudents emails[0]',
        'admin.tasks.create performanceEvidenceMapping[0]',
        'student.evidence.record capturedAt (date)',
      ]),
    );
  });

  it('the tRPC caller refuses a NUL or a lone surrogate in the schema and never answers INTERNAL_SERVER_ERROR', {
    timeout: 120_000,
  }, async () => {
    const failures: string[] = [];
    for (const call of calls()) {
      const browser = browsers.get(call.role);
      if (!browser) throw new Error(`no browser for ${call.role}`);
      const mustRefuse = call.kind === 'NUL' || call.kind === 'lone surrogate';
      const failure = await callProcedure(browser, call.procedure.name, call.input, mustRefuse);
      if (failure)
        failures.push(
          `${call.role ?? 'signed out'} ${call.procedure.name} ${call.target.label} ${call.kind}: ${failure}`,
        );
    }
    expect(failures).toEqual([]);
  });

  it('no REST path answers 500', { timeout: 120_000 }, async () => {
    const failures: string[] = [];
    for (const call of calls()) {
      if (!call.procedure.rest) continue;
      const browser = browsers.get(call.role);
      if (!browser) throw new Error(`no browser for ${call.role}`);
      const failure = await callRest(browser, call.procedure, call.input);
      if (failure)
        failures.push(
          `${call.role ?? 'signed out'} ${call.procedure.name} ${call.target.label} ${call.kind}: ${failure}`,
        );
    }
    expect(failures).toEqual([]);
  });
});
