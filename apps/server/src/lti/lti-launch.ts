import { queueApprovalRequests } from '@evident/api/services';
import { readCookie } from '@evident/auth/cookies';
import { recordAudit } from '@evident/db/queries/audit';
import { createLtiHandoff } from '@evident/db/queries/lti-handoffs';
import { recordLtiLaunch } from '@evident/db/queries/lti-launches';
import { findOpenLtiLogin, spendLtiLogin } from '@evident/db/queries/lti-logins';
import { type VerifiedLaunch, verifyIdToken } from '@evident/lti/launch';
import { LtiRefusal } from '@evident/lti/refusal';
import { roleFromLtiRoles } from '@evident/lti/roles';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { stateCookie } from './lti-login-routes';
import { type Form, handoffTtlMs, type LtiRouteDeps } from './lti-route-deps';
import { storageCheckPage } from './lti-storage-pages';

/** The state cookie was withheld but the platform's storage holds the state: read it back first. */
export class NeedsStorageCheck extends Error {
  constructor(readonly page: string) {
    super('platform storage check');
  }
}

/** Verifies the id_token, the state cookie and the nonce (spent once), shared by launch and deep linking. */
export async function verifyLaunch(
  { db, tool }: LtiRouteDeps,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<VerifiedLaunch> {
  const form = (req.body ?? {}) as Form;
  if (form.error)
    throw new LtiRefusal(
      `The platform refused the sign-in: ${form.error_description ?? form.error}`,
      `platform error ${form.error}: ${form.error_description ?? ''}`,
    );
  if (!form.id_token)
    throw new LtiRefusal('The launch message is missing its token.', 'no id_token in the form');
  const launch = await verifyIdToken(form.id_token, { findPlatform: tool.findPlatform, keys: tool.keys });
  const state = form.state ?? '';
  if (!state) throw new LtiRefusal('The launch is missing its state.', 'no state in the form');
  const cookieKept = readCookie(req.headers.cookie, stateCookie(state)) === '1';
  const stored = cookieKept ? undefined : await findOpenLtiLogin(db, state, new Date());
  if (!cookieKept && stored?.storageTarget && form.lti_storage_state !== state)
    throw new NeedsStorageCheck(
      storageCheckPage({
        target: stored.storageTarget,
        origin: new URL(launch.platform.authorizationUrl).origin,
        state,
        idToken: form.id_token,
      }),
    );
  if (!cookieKept && !stored?.storageTarget)
    throw new LtiRefusal(
      'Your browser did not keep the sign-in cookie for this launch (it may block cookies inside the course page). Open the link in a new window.',
      'state cookie missing or not matching',
      401,
    );
  const spent = await spendLtiLogin(db, {
    state,
    nonce: launch.nonce,
    platformId: launch.platform.id,
    now: new Date(),
  });
  if (spent === 'used')
    throw new LtiRefusal(
      'This launch was already used. Go back to your course and open the link again.',
      `nonce replayed`,
      401,
    );
  if (spent !== 'ok')
    throw new LtiRefusal(
      'This launch does not match a sign-in Evident started, or it took too long. Open the link again.',
      `state/nonce ${spent}`,
      401,
    );
  reply.header('set-cookie', `${stateCookie(state)}=; Path=/lti; Max-Age=0; HttpOnly`);
  return launch;
}

/** Why a student's account is not opened as a teacher's, for the person in front of the LMS. */
export const studentLaunchedAsTeacher =
  "Your course opened Evident for you as a teacher, but your Evident account is a student's. " +
  'Opening a course link never changes what an Evident account may do: if you teach this course, ask ' +
  "your Evident administrator to change your account's role, then open the link again.";

/** The person, course and link a launch names, recorded; a session begun for them. */
export async function signIn(
  { db, sessions, log, assessorSignup, jobs, publicUrl }: LtiRouteDeps,
  launch: VerifiedLaunch,
  reply: FastifyReply,
) {
  const [first, ...rest] = (launch.name ?? '').split(/\s+/).filter(Boolean);
  const role = roleFromLtiRoles(launch.roles);
  let adminsTold = false;
  const recorded = await recordLtiLaunch(
    db,
    {
      platformId: launch.platform.id,
      issuer: launch.platform.issuer,
      subject: launch.subject,
      role,
      firstName: launch.givenName ?? first ?? 'Course',
      lastName: launch.familyName ?? (rest.join(' ') || 'member'),
      email: launch.email,
      context: launch.context ? { ...launch.context, membershipsUrl: launch.membershipsUrl } : null,
      resourceLink: launch.resourceLink
        ? {
            id: launch.resourceLink.id,
            title: launch.resourceLink.title,
            lineItemUrl: launch.ags?.lineItem ?? null,
            agsScopes: launch.ags?.scopes ?? [],
            unitCode: launch.custom.unit_code ?? null,
          }
        : null,
    },
    {
      assessorSignup,
      // A teacher new to Evident waits for approval: every admin is told, with the account.
      whenAwaitingApproval: async (tx, assessor, course) => {
        adminsTold = true;
        await queueApprovalRequests(tx, { assessor, via: 'lms', course, appUrl: publicUrl });
      },
    },
  );
  if (adminsTold) jobs.wake();
  if (recorded.user.deactivatedAt)
    throw new LtiRefusal('This account has been deactivated.', `deactivated user ${recorded.user.id}`, 403);
  if (recorded.roleRefused) {
    await recordAudit(db, {
      actorId: recorded.user.id,
      action: 'lti.role_refused',
      subjectId: recorded.user.id,
      detail: {
        issuer: launch.platform.issuer,
        subject: launch.subject,
        role: recorded.user.role,
        launchedAs: role,
        ltiRoles: launch.roles,
        course: launch.context?.title ?? launch.context?.id ?? null,
      },
    });
    throw new LtiRefusal(
      studentLaunchedAsTeacher,
      `student ${recorded.user.id} launched with teaching roles ${launch.roles.join(' ')}`,
      403,
    );
  }
  const { cookie } = await sessions.create(recorded.user.id, 'lti');
  reply.header('set-cookie', cookie);
  // For an iframe that keeps no cookie of ours: the app exchanges this for a tab's own session.
  const handoff = await createLtiHandoff(db, recorded.user.id, new Date(Date.now() + handoffTtlMs));
  log.info(
    `LTI ${launch.messageType} from ${launch.platform.issuer}: ${recorded.user.role} ${recorded.user.id}` +
      (recorded.link ? ` via link ${recorded.link.resourceLinkId}` : ''),
  );
  return { ...recorded, handoff };
}
