import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { coursePages } from './fake-platform-course';
import {
  escapeHtml,
  json,
  type LaunchPlan,
  lti,
  type Member,
  type PlatformKey,
  type PlatformState,
  readBody,
} from './fake-platform-http';
import { platformServices } from './fake-platform-services';

async function newKey(): Promise<PlatformKey> {
  const pair = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  return {
    kid,
    privateKey: pair.privateKey,
    publicJwk: { ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' },
  };
}

/**
 * A learning platform for the tests, speaking LTI 1.3 on the wire: its own RSA keys and JWKS, an
 * OIDC authorization endpoint that answers with the auto-posted id_token form, and dynamic
 * registration, here; its course pages (fake-platform-course.ts) and the services the tool calls
 * (fake-platform-services.ts: tokens, line items and scores, memberships, the deep-link return).
 */
export async function startFakePlatform(
  options: { clientId?: string; deploymentId?: string; port?: number; toolUrl?: string } = {},
) {
  const clientId = options.clientId ?? 'evident-client';
  const deploymentId = options.deploymentId ?? 'deployment-1';
  let published: PlatformKey[] = [await newKey()];
  let signing = published[0] as PlatformKey;

  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    try {
      await handle(req, res);
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = origin;
  const state: PlatformState = {
    origin,
    issuer,
    clientId,
    deploymentId,
    toolUrl: options.toolUrl,
    plans: new Map(),
    scores: [],
    lineItems: [],
    deepLinkReturns: [],
    tokenRequests: [],
    registrations: [],
    members: [],
    toolJwksUrl: options.toolUrl ? `${options.toolUrl}/lti/keys` : '',
    scoreFailuresLeft: 0,
    scoreHold: null,
    accessTokens: new Set(),
  };

  async function idTokenFor(plan: LaunchPlan, params: URLSearchParams): Promise<string> {
    const defaults: Record<string, unknown> = {
      iss: issuer,
      aud: clientId,
      sub: 'learner-1',
      nonce: params.get('nonce'),
      given_name: 'Lee',
      family_name: 'Learner',
      name: 'Lee Learner',
      email: 'lee.learner@lms.example',
      [`${lti}message_type`]: 'LtiResourceLinkRequest',
      [`${lti}version`]: '1.3.0',
      [`${lti}deployment_id`]: deploymentId,
      [`${lti}target_link_uri`]: params.get('redirect_uri'),
      [`${lti}resource_link`]: { id: 'link-1', title: 'Evidence portfolio' },
      [`${lti}roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
      [`${lti}context`]: { id: 'course-1', label: 'CHC', title: 'Certificate III in Care' },
    };
    let payload: JWTPayload = { ...defaults, ...plan.claims };
    for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name];
    const now = Math.floor(Date.now() / 1000);
    payload = { iat: now, exp: now + 300, ...payload };
    if (plan.override) payload = plan.override(payload);
    const key = plan.key ?? signing;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
      .sign(key.privateKey);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === '/healthz') return json(res, 200, { status: 'ok' });
    if (url.pathname === '/.well-known/openid-configuration')
      return json(res, 200, {
        issuer,
        authorization_endpoint: `${origin}/auth`,
        token_endpoint: `${origin}/token`,
        jwks_uri: `${origin}/jwks`,
        registration_endpoint: `${origin}/register`,
        'https://purl.imsglobal.org/spec/lti-platform-configuration': {
          product_family_code: 'fake',
          version: '1',
        },
      });
    if (url.pathname === '/register' && req.method === 'POST') {
      if (req.headers.authorization !== 'Bearer reg-token-1')
        return json(res, 401, { error: 'invalid_token' });
      const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
      state.registrations.push({ auth: req.headers.authorization, body });
      return json(res, 200, {
        ...body,
        client_id: 'dyn-client',
        'https://purl.imsglobal.org/spec/lti-tool-configuration': {
          ...(body['https://purl.imsglobal.org/spec/lti-tool-configuration'] as object),
          deployment_id: 'dyn-deployment',
        },
      });
    }
    if (await coursePages(state, req, res, url)) return;
    if (url.pathname === '/jwks') return json(res, 200, { keys: published.map((k) => k.publicJwk) });

    if (url.pathname === '/auth') {
      // OIDC authentication request: form_post of an id_token to the redirect_uri.
      const p = url.searchParams;
      if (
        p.get('client_id') !== clientId ||
        p.get('response_type') !== 'id_token' ||
        p.get('scope') !== 'openid'
      )
        return json(res, 400, { error: 'invalid_request' });
      if (p.get('response_mode') !== 'form_post' || !p.get('nonce') || !p.get('redirect_uri'))
        return json(res, 400, { error: 'invalid_request' });
      const plan = state.plans.get(p.get('lti_message_hint') ?? '') ?? {};
      const idToken = await idTokenFor(plan, p);
      const fields = { id_token: idToken, state: p.get('state') ?? '' };
      const inputs = Object.entries(fields)
        .map(([n, v]) => `<input type="hidden" name="${n}" value="${escapeHtml(v)}">`)
        .join('');
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<!doctype html><html><body><form id="f" method="post" action="${escapeHtml(p.get('redirect_uri') ?? '')}">${inputs}<button>Go</button></form><script>document.getElementById('f').submit()</script></body></html>`,
        );
    }

    if (await platformServices(state, req, res, url)) return;
    return json(res, 404, { error: 'not found' });
  }

  return {
    origin,
    issuer,
    clientId,
    deploymentId,
    registration: {
      issuer,
      clientId,
      deploymentIds: [deploymentId],
      authorizationUrl: `${origin}/auth`,
      tokenUrl: `${origin}/token`,
      jwksUrl: `${origin}/jwks`,
    },
    scores: state.scores,
    registrations: state.registrations,
    lineItems: state.lineItems,
    deepLinkReturns: state.deepLinkReturns,
    tokenRequests: state.tokenRequests,
    get signingKey() {
      return signing;
    },
    setToolJwksUrl(url: string) {
      state.toolJwksUrl = url;
    },
    setMembers(list: Member[]) {
      state.members = list;
    },
    failNextScores(count: number) {
      state.scoreFailuresLeft = count;
    },
    /** Score posts wait from now on; `arrived` settles when one is waiting; `release` lets all through. */
    holdScores() {
      let release = () => {};
      let arrived = () => {};
      const arrival = new Promise<void>((resolve) => {
        arrived = resolve;
      });
      const promise = new Promise<void>((resolve) => {
        release = resolve;
      });
      state.scoreHold = { promise, arrived, arrival };
      return {
        arrival,
        release() {
          state.scoreHold = null;
          release();
        },
      };
    },
    lineItemUrl: (id: string) => `${origin}/lineitems/${id}`,
    membershipsUrl: `${origin}/memberships/course-1`,
    /** A launch the authorization endpoint will answer for this lti_message_hint. */
    plan(plan: LaunchPlan): string {
      const hint = randomUUID();
      state.plans.set(hint, plan);
      return hint;
    },
    newKey,
    /** Rotation: a new signing key, published with the old. */
    async rotate(publish = true) {
      const key = await newKey();
      if (publish) published = [...published, key];
      signing = key;
      return key;
    },
    publish(key: PlatformKey) {
      published = [...published, key];
    },
    idTokenFor,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakePlatform = Awaited<ReturnType<typeof startFakePlatform>>;
