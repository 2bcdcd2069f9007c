import type { Logger } from '@evident/core/logger';
import type { Authenticator, SessionStore } from '@evident/core/ports/auth';
import { isImpersonating } from '@evident/core/principal';
import type { Database } from '@evident/db/client';
import { createLtiHandoff, spendLtiHandoff } from '@evident/db/queries/lti-handoffs';
import { recordLtiLaunch } from '@evident/db/queries/lti-launches';
import { searchUnitsForLinking } from '@evident/db/queries/lti-links';
import { findOpenLtiLogin, saveLtiLogin, spendLtiLogin } from '@evident/db/queries/lti-logins';
import { findLtiPlatformById, upsertLtiPlatform } from '@evident/db/queries/lti-platforms';
import { findUnit } from '@evident/db/queries/units';
import { canvasToolConfiguration } from '@evident/lti/config-json';
import { signDeepLinkResponse } from '@evident/lti/deep-link';
import { type VerifiedLaunch, verifyIdToken } from '@evident/lti/launch';
import { parseLoginParams, startLogin } from '@evident/lti/login';
import { LtiRefusal } from '@evident/lti/refusal';
import { registerWithPlatform } from '@evident/lti/registration';
import { roleFromLtiRoles } from '@evident/lti/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from '@evident/auth/cookies';
import { autoPostPage, autoSubmitScript, refusalPage, registeredPage, unitChooserPage } from './lti-pages';
import { storageCheckPage, storagePutPage, storageScript } from './lti-storage-pages';
import type { LtiTool } from './lti-tool';

/** A login's state and nonce are good for this long: the platform answers within seconds. */
const loginTtlMs = 10 * 60 * 1000;
const stateCookie = (state: string) => `evident_lti_${state}`;

type Deps = {
  db: Database;
  sessions: SessionStore;
  authenticator: Authenticator;
  log: Logger;
  tool: LtiTool;
};

/** A handoff (into the iframe's tab, or out to a new window) is spent within this long. */
const handoffTtlMs = 2 * 60 * 1000;

/** The state cookie was withheld but the platform's storage holds the state: read it back first. */
class NeedsStorageCheck extends Error {
  constructor(readonly page: string) {
    super('platform storage check');
  }
}
type Form = Record<string, string | undefined>;

/**
 * `/lti/*`: OIDC login initiation, launch, deep linking, the tool's keys and its configuration. Every
 * refusal is a page saying why (status 4xx) and a log line with the detail.
 */
export async function ltiRoutes(app: FastifyInstance, { db, sessions, authenticator, log, tool }: Deps) {
  const https = tool.publicUrl.startsWith('https://');
  // Platforms post forms (login and launch); only these routes read them.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  const refuse = (reply: FastifyReply, where: string, error: unknown) => {
    if (!(error instanceof LtiRefusal)) throw error;
    log.warn(`LTI ${where} refused: ${error.detail}`);
    return reply
      .code(error.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(refusalPage(error.reason));
  };

  app.get('/lti/keys', async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=300').send((await tool.signer()).jwks()),
  );
  app.get('/lti/config.json', async () => canvasToolConfiguration(tool.publicUrl));
  app.get('/lti/auto-submit.js', async (_req, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(autoSubmitScript),
  );

  app.get('/lti/storage.js', async (_req, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(storageScript),
  );

  const login = async (req: FastifyRequest, reply: FastifyReply) => {
    try {
      const params = parseLoginParams(req.method === 'POST' ? req.body : req.query);
      const platform = await tool.findPlatform(params.iss, params.client_id ? [params.client_id] : []);
      if (!platform)
        throw new LtiRefusal(
          'This learning platform is not registered with Evident. Ask an administrator to register it.',
          `login from unregistered issuer ${params.iss} client ${params.client_id ?? '(none)'}`,
        );
      // The platform checks redirect_uri against the tool's registered launch URLs; ours at the
      // address the browser reached (PUBLIC_URL, or this request's own host when it is unset).
      const target = URL.canParse(params.target_link_uri) ? new URL(params.target_link_uri) : null;
      const ours =
        target?.pathname.startsWith('/lti/') &&
        (target.origin === new URL(tool.publicUrl).origin || target.host === req.host);
      const redirectUri =
        ours && target ? `${target.origin}${target.pathname}` : `${tool.publicUrl}/lti/launch`;
      const started = startLogin(platform, params, redirectUri);
      const storageTarget = params.lti_storage_target || null;
      await saveLtiLogin(db, {
        state: started.state,
        nonce: started.nonce,
        platformId: platform.id,
        expiresAt: new Date(Date.now() + loginTtlMs),
        storageTarget,
      });
      // The launch comes back as a cross-site POST, which carries only a SameSite=None cookie (and
      // browsers keep those only when Secure, so over plain http it is Lax and works top-level only).
      const attributes = https ? 'SameSite=None; Secure' : 'SameSite=Lax';
      reply
        .header(
          'set-cookie',
          `${stateCookie(started.state)}=1; Path=/lti; Max-Age=${loginTtlMs / 1000}; HttpOnly; ${attributes}`,
        )
        .header('cache-control', 'no-store');
      // Inside an iframe the cookie may not be kept: the platform's storage holds the state too.
      if (storageTarget)
        return reply.type('text/html; charset=utf-8').send(
          storagePutPage({
            target: storageTarget,
            origin: new URL(platform.authorizationUrl).origin,
            state: started.state,
            next: started.redirectTo,
          }),
        );
      return reply.redirect(started.redirectTo, 302);
    } catch (error) {
      return refuse(reply, 'login', error);
    }
  };
  app.get('/lti/login', login);
  app.post('/lti/login', login);

  /** Verifies the id_token, the state cookie and the nonce (spent once), shared by launch and deep linking. */
  async function verifyLaunch(req: FastifyRequest, reply: FastifyReply): Promise<VerifiedLaunch> {
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

  /** The person, course and link a launch names, recorded; a session begun for them. */
  async function signIn(launch: VerifiedLaunch, reply: FastifyReply) {
    const [first, ...rest] = (launch.name ?? '').split(/\s+/).filter(Boolean);
    const recorded = await recordLtiLaunch(db, {
      platformId: launch.platform.id,
      issuer: launch.platform.issuer,
      subject: launch.subject,
      role: roleFromLtiRoles(launch.roles),
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
    });
    if (recorded.user.deactivatedAt)
      throw new LtiRefusal('This account has been deactivated.', `deactivated user ${recorded.user.id}`, 403);
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

  async function launchOrDeepLink(req: FastifyRequest, reply: FastifyReply) {
    try {
      const launch = await verifyLaunch(req, reply);
      if (launch.messageType === 'LtiDeepLinkingRequest') return await deepLinkChooser(launch, reply);
      const { user, link, contextId, handoff } = await signIn(launch, reply);
      // A student opens on the link's unit (the dashboard remembers it); a course's teacher on the
      // course, where its roster can be synced; everyone else on home.
      const home =
        user.role === 'student' && link?.unitId
          ? `/?unit=${link.unitId}`
          : user.role === 'assessor' && contextId && launch.membershipsUrl
            ? `/lms-courses?course=${contextId}`
            : '/';
      return reply.header('cache-control', 'no-store').redirect(`${home}#lti_handoff=${handoff}`, 303);
    } catch (error) {
      if (error instanceof NeedsStorageCheck)
        return reply
          .code(200)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(error.page);
      return refuse(reply, 'launch', error);
    }
  }
  app.post('/lti/launch', launchOrDeepLink);
  app.post('/lti/deeplink', launchOrDeepLink);

  const requestAudience = `${tool.publicUrl}/lti/deeplink`;

  async function deepLinkChooser(launch: VerifiedLaunch, reply: FastifyReply) {
    const recorded = await signIn(launch, reply);
    if (recorded.user.role === 'student')
      throw new LtiRefusal(
        "Only a course's teachers choose what a link opens.",
        `deep linking by non-teaching roles ${launch.roles.join(' ')}`,
        403,
      );
    const settings = launch.deepLinking;
    if (!settings) throw new LtiRefusal('The launch is missing its deep linking settings.', 'no settings');
    // The choice travels in a token we sign, not a cookie: the chooser works inside any iframe.
    const request = await (await tool.signer()).sign(
      {
        platformId: launch.platform.id,
        deploymentId: launch.deploymentId,
        returnUrl: settings.returnUrl,
        data: settings.data,
        acceptLineItem: settings.acceptLineItem,
        contextTitle: launch.context?.title ?? null,
      },
      { expiresIn: '1h', audience: requestAudience, issuer: requestAudience },
    );
    const units = await searchUnitsForLinking(db, '');
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(unitChooserPage({ request, query: '', units }));
  }

  const readRequest = async (token: string | undefined) => {
    const payload = token ? await (await tool.signer()).verifyOwn(token, requestAudience) : null;
    if (!payload)
      throw new LtiRefusal(
        'This choice has expired. Go back to your course and add the activity again.',
        'deep link request token invalid or expired',
      );
    return payload as unknown as {
      platformId: string;
      deploymentId: string;
      returnUrl: string;
      data: string | null;
      acceptLineItem: boolean;
    };
  };

  app.get<{ Querystring: Form }>('/lti/deeplink/units', async (req, reply) => {
    try {
      await readRequest(req.query.request);
      const query = (req.query.q ?? '').slice(0, 100);
      const units = await searchUnitsForLinking(db, query);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(unitChooserPage({ request: req.query.request ?? '', query, units }));
    } catch (error) {
      return refuse(reply, 'deep link search', error);
    }
  });

  app.post('/lti/deeplink/respond', async (req, reply) => {
    try {
      const form = (req.body ?? {}) as Form;
      const request = await readRequest(form.request);
      const unit =
        form.unitId && /^[0-9a-f-]{36}$/i.test(form.unitId) ? await findUnit(db, form.unitId) : undefined;
      if (!unit || unit.archivedAt)
        throw new LtiRefusal('That unit is no longer available. Choose another.', 'unit not found');
      const platform = await findLtiPlatformById(db, request.platformId);
      if (!platform) throw new LtiRefusal('The platform is no longer registered.', 'platform deleted');
      const jwt = await signDeepLinkResponse(await tool.signer(), {
        clientId: platform.clientId,
        issuer: platform.issuer,
        deploymentId: request.deploymentId,
        data: request.data,
        items: [
          {
            title: `${unit.unitCode} ${unit.title}`,
            url: `${tool.publicUrl}/lti/launch`,
            custom: { unit_code: unit.unitCode },
            ...(request.acceptLineItem
              ? {
                  lineItem: {
                    label: `${unit.unitCode} ${unit.title}`,
                    scoreMaximum: 100,
                    resourceId: unit.id,
                    tag: 'evident-unit',
                  },
                }
              : {}),
          },
        ],
      });
      // The form goes to the platform: this page's CSP allows posting there and nowhere else.
      const csp = String(reply.getHeader('content-security-policy') ?? '').replace(
        /form-action [^;]*/,
        `form-action 'self' ${new URL(request.returnUrl).origin}`,
      );
      return reply
        .header('content-security-policy', csp)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(autoPostPage(request.returnUrl, { JWT: jwt }, `Adding ${unit.unitCode} to your course`));
    } catch (error) {
      return refuse(reply, 'deep link response', error);
    }
  });

  // The app inside the LMS iframe: a launch's handoff becomes this tab's session token (a new
  // session of the same person, sent by the app as a header).
  app.post('/lti/session', async (req, reply) => {
    const handoff = (req.body as { handoff?: unknown } | undefined)?.handoff;
    const userId = typeof handoff === 'string' ? await spendLtiHandoff(db, handoff, new Date()) : undefined;
    if (!userId)
      return reply
        .code(401)
        .type('text/plain; charset=utf-8')
        .send('This launch has expired or was already used. Open the link in your course again.');
    const { session } = await sessions.create(userId, 'lti');
    return reply.header('cache-control', 'no-store').send({ sessionToken: session.sessionId });
  });

  // 'Open in new window': the iframe's tab asks for a one-time link that signs the same person in
  // to a first-party window, where cookies work as usual.
  app.post('/lti/handoff', async (req, reply) => {
    const { principal } = await authenticator.authenticate(req.headers);
    if (principal?.proof.kind !== 'session' || isImpersonating(principal))
      return reply.code(401).type('text/plain; charset=utf-8').send('Sign in through your course first.');
    const handoff = await createLtiHandoff(db, principal.realUser.id, new Date(Date.now() + handoffTtlMs));
    return reply.header('cache-control', 'no-store').send({ url: `/lti/continue?handoff=${handoff}` });
  });

  app.get<{ Querystring: Form }>('/lti/continue', async (req, reply) => {
    try {
      const userId = req.query.handoff ? await spendLtiHandoff(db, req.query.handoff, new Date()) : undefined;
      if (!userId)
        throw new LtiRefusal(
          'This link has expired or was already used. Open Evident from your course again.',
          'handoff unknown, spent or expired',
          401,
        );
      const { cookie } = await sessions.create(userId, 'lti');
      return reply.header('set-cookie', cookie).header('cache-control', 'no-store').redirect('/', 303);
    } catch (error) {
      return refuse(reply, 'new window', error);
    }
  });

  /**
   * Dynamic Registration: the platform opens our registration URL with `openid_configuration` and
   * `registration_token`. The URL carries an invitation an admin created (signed, a day long), so
   * nobody else can register a platform.
   */
  app.get<{ Querystring: Form }>('/lti/register', async (req, reply) => {
    try {
      const invite = req.query.invite
        ? await (await tool.signer()).verifyOwn(req.query.invite, `${tool.publicUrl}/lti/register`)
        : null;
      if (!invite)
        throw new LtiRefusal(
          'This registration link is not valid or has expired. Ask an Evident administrator for a new one.',
          'registration without a valid invitation',
          403,
        );
      if (!req.query.openid_configuration || !URL.canParse(req.query.openid_configuration))
        throw new LtiRefusal('The platform did not send its configuration.', 'no openid_configuration');
      const registered = await registerWithPlatform({
        openidConfigurationUrl: req.query.openid_configuration,
        registrationToken: req.query.registration_token ?? null,
        publicUrl: tool.publicUrl,
      });
      await upsertLtiPlatform(db, registered);
      log.info(`LTI: platform ${registered.issuer} (client ${registered.clientId}) registered dynamically`);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(registeredPage(registered.issuer));
    } catch (error) {
      return refuse(reply, 'registration', error);
    }
  });
}
