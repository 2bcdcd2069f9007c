import { appRouter } from '@evident/api/root';
import { setActingAs } from '@evident/db/queries/sessions';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(() => env.close());

const audiences = [
  'signed out',
  'student',
  'assessor',
  'rto_admin',
  'admin viewing as student',
  'validator',
] as const;
type Audience = (typeof audiences)[number];

/** Who may call each router. A new router must be added here, or this test fails. */
const signedIn: readonly Audience[] = [
  'student',
  'assessor',
  'rto_admin',
  'admin viewing as student',
  'validator',
];
/** Those who may ask a supervisor for a report: a student for themselves, staff for a student. */
const askers: readonly Audience[] = ['student', 'assessor', 'rto_admin', 'admin viewing as student'];
/** The validator's side of validation (issue 30 §2): validators, and assessors and admins named in a round. */
const validators: readonly Audience[] = ['assessor', 'rto_admin', 'validator'];

const allowedByRouter: Record<string, readonly Audience[]> = {
  auth: audiences,
  student: ['student', 'admin viewing as student'],
  assessor: ['assessor'],
  // Staff: approved assessors and admins (as themselves or viewing as an assessor).
  staff: ['assessor', 'rto_admin'],
  admin: ['rto_admin', 'admin viewing as student'],
  // Everyone signed in has a live stream; what it carries is filtered per person (live-stream.test.ts).
  live: signedIn,
  // Each person's own API tokens and mail settings.
  account: signedIn,
  // The class invitation link: anyone holding it reads it (invitation.classes.get); a student joins.
  invitation: ['student', 'admin viewing as student'],
};

/** Procedures whose audience differs from their router's. */
const allowedByProcedure: Record<string, readonly Audience[]> = {
  'invitation.classes.get': audiences,
  // An invited student's welcome: the link's token is the credential, and they have no password yet.
  'invitation.welcome.get': audiences,
  'invitation.welcome.setPassword': audiences,
  'invitation.welcome.requestLink': audiences,
  // Third-party reports (issue 30 §1): a student asks for themselves, staff for a student in scope.
  'thirdParty.requests.create': askers,
  'thirdParty.requests.list': askers,
  'thirdParty.requests.revoke': askers,
  'thirdParty.requests.resend': askers,
  // The supervisor's mailed link is the credential: no one signs in.
  'thirdParty.supervisorReports.get': audiences,
  'thirdParty.supervisorReports.record': audiences,
  'thirdParty.reports.list': ['assessor', 'rto_admin'],
  'thirdParty.reports.listOwn': ['student', 'admin viewing as student'],
  'thirdParty.verifications.record': ['assessor'],
  // A validator (the role) calls these and account basics only; every other staff procedure refuses them.
  'staff.validationRounds.list': validators,
  'staff.validationRounds.get': validators,
  'staff.validationRounds.getRecord': validators,
  'staff.validationRounds.exportRecordPdf': validators,
  'staff.validationRounds.recordReview': validators,
  'staff.validationActions.list': validators,
  'staff.validationActions.complete': validators,
  'staff.validationRounds.exportReport': validators,
};

async function browserFor(audience: Audience) {
  if (audience === 'signed out') return env.browser();
  const role = audience === 'admin viewing as student' ? 'rto_admin' : audience;
  const person = await env.signedIn(role);
  if (audience !== 'admin viewing as student') return env.sessionFor(person.user.id);
  const student = await env.signedIn('student');
  const admin = await env.sessionFor(person.user.id);
  await setActingAs(env.db, { sessionId: admin.sessionId ?? '', actingAsUserId: student.user.id });
  return admin;
}

/** Calls a procedure by its dotted path with no input; we only care whether the role check let it in. */
async function outcome(
  audience: Audience,
  path: string,
): Promise<'refused-401' | 'refused-403' | 'admitted'> {
  const caller = (await (await browserFor(audience)).caller()) as unknown;
  const procedure = path
    .split('.')
    .reduce<unknown>((node, segment) => (node as Record<string, unknown>)[segment], caller) as (
    input?: unknown,
  ) => Promise<unknown>;
  try {
    await procedure(undefined);
    return 'admitted';
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'UNAUTHORIZED') return 'refused-401';
    if (error instanceof TRPCError && error.code === 'FORBIDDEN' && !/impersonated/.test(error.message)) {
      return 'refused-403';
    }
    return 'admitted';
  }
}

const procedurePaths = Object.keys(appRouter._def.procedures);

describe('every procedure checks the role on the server', () => {
  it('has procedures to check', () => {
    expect(procedurePaths).toContain('auth.session.login');
    expect(procedurePaths).toContain('admin.users.list');
    expect(procedurePaths).toContain('admin.units.list');
  });

  for (const path of procedurePaths) {
    const routerName = path.split('.')[0] ?? '';
    it(`${path} admits exactly its audience`, async () => {
      const allowed = allowedByProcedure[path] ?? allowedByRouter[routerName];
      expect(allowed, `router "${routerName}" has no entry in allowedByRouter`).toBeDefined();
      for (const audience of audiences) {
        const result = await outcome(audience, path);
        const expected = allowed?.includes(audience)
          ? 'admitted'
          : audience === 'signed out'
            ? 'refused-401'
            : 'refused-403';
        expect(result, `${audience} calling ${path}`).toBe(expected);
      }
    });
  }
});
