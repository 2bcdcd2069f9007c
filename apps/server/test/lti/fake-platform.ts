import { randomUUID } from 'node:crypto';
import { createServer, get, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  type JWK,
  type JWTPayload,
  jwtVerify,
  SignJWT,
} from 'jose';

/**
 * A learning platform for the tests, speaking LTI 1.3 on the wire: its own RSA keys and JWKS, an
 * OIDC authorization endpoint that answers with the auto-posted id_token form, a token endpoint that
 * checks the tool's client assertion against the tool's /lti/keys, line items and scores (answering
 * 200 with a body, as Moodle does), memberships paged with `Link: rel="next"`, and a deep-link return.
 */
export type PlatformKey = { kid: string; privateKey: CryptoKey; publicJwk: JWK };

const lti = 'https://purl.imsglobal.org/spec/lti/claim/';

async function newKey(): Promise<PlatformKey> {
  const pair = await generateKeyPair('RS256', { extractable: true });
  const kid = randomUUID();
  return {
    kid,
    privateKey: pair.privateKey,
    publicJwk: { ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' },
  };
}

export type LaunchPlan = {
  /** Claims merged over a learner's resource-link launch (a key set to undefined is removed). */
  claims?: Record<string, unknown>;
  /** Sign with this key (published or not). */
  key?: PlatformKey;
  /** Overrides of the registered claims: iss, aud, exp... */
  override?: (payload: JWTPayload) => JWTPayload;
};

export type Member = {
  user_id: string;
  roles: string[];
  given_name?: string;
  family_name?: string;
  email?: string;
  name?: string;
  status?: string;
};

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

/**
 * The tool's published keys, read with node:http rather than fetch: fetch refuses some ports outright
 * (5060 and 5061, SIP's), and a tool may well listen on one.
 */
async function readJwks(url: string): Promise<{ keys: JWK[] }> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => {
        try {
          resolve(JSON.parse(body));
        } catch (error) {
          reject(error);
        }
      });
    }).on('error', reject);
  });
}

const escapeHtml = (v: string) => v.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export async function startFakePlatform(
  options: { clientId?: string; deploymentId?: string; port?: number; toolUrl?: string } = {},
) {
  const clientId = options.clientId ?? 'evident-client';
  const deploymentId = options.deploymentId ?? 'deployment-1';
  let published: PlatformKey[] = [await newKey()];
  let signing = published[0] as PlatformKey;
  const plans = new Map<string, LaunchPlan>();
  const scores: { lineItem: string; body: Record<string, unknown>; auth: string }[] = [];
  const lineItems: { id: string; label: string; scoreMaximum: number; resourceLinkId?: string }[] = [];
  const deepLinkReturns: JWTPayload[] = [];
  const tokenRequests: { scope: string }[] = [];
  const registrations: { auth: string; body: Record<string, unknown> }[] = [];
  let members: Member[] = [];
  let toolJwksUrl = options.toolUrl ? `${options.toolUrl}/lti/keys` : '';
  let scoreFailuresLeft = 0;
  let scoreHold: { promise: Promise<void>; arrived: () => void; arrival: Promise<void> } | null = null;
  const accessTokens = new Set<string>();
  const toolKeySet = async () => createLocalJWKSet(await readJwks(toolJwksUrl));

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

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

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
      registrations.push({ auth: req.headers.authorization, body });
      return json(res, 200, {
        ...body,
        client_id: 'dyn-client',
        'https://purl.imsglobal.org/spec/lti-tool-configuration': {
          ...(body['https://purl.imsglobal.org/spec/lti-tool-configuration'] as object),
          deployment_id: 'dyn-deployment',
        },
      });
    }
    if (url.pathname === '/course/launch' && options.toolUrl) {
      // The course page's link: third-party-initiated login at the tool, for the person named.
      // `role=Instructor` launches a teacher (with the roster service); `framed=1` comes from the
      // course page's iframe, offering the platform storage; `tool_host` reaches the tool by another
      // name (localhost), so the iframe is another site than this page, as an LMS's is.
      const q = url.searchParams;
      const hint = randomUUID();
      const teacher = q.get('role') === 'Instructor';
      plans.set(hint, {
        claims: {
          sub: q.get('sub') ?? 'learner-1',
          given_name: q.get('given_name') ?? 'Lee',
          family_name: q.get('family_name') ?? 'Learner',
          email: q.get('email') ?? undefined,
          [`${lti}resource_link`]: { id: q.get('link') ?? 'link-1', title: 'Evidence portfolio' },
          [`${lti}custom`]: q.get('unit_code') ? { unit_code: q.get('unit_code') } : undefined,
          ...(q.get('lineitem')
            ? {
                'https://purl.imsglobal.org/spec/lti-ags/claim/endpoint': {
                  scope: ['https://purl.imsglobal.org/spec/lti-ags/scope/score'],
                  lineitem: `${origin}/lineitems/${q.get('lineitem')}`,
                },
              }
            : {}),
          ...(teacher
            ? {
                [`${lti}roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'],
                'https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice': {
                  context_memberships_url: `${origin}/memberships/course-1`,
                  service_versions: ['2.0'],
                },
              }
            : {}),
        },
      });
      const tool = new URL(options.toolUrl);
      if (q.get('tool_host')) tool.hostname = q.get('tool_host') ?? tool.hostname;
      const toolOrigin = tool.origin;
      const login = new URL(`${toolOrigin}/lti/login`);
      for (const [name, value] of Object.entries({
        iss: issuer,
        login_hint: q.get('sub') ?? 'learner-1',
        target_link_uri: `${toolOrigin}/lti/launch`,
        lti_message_hint: hint,
        client_id: clientId,
        lti_deployment_id: deploymentId,
        ...(q.get('framed') ? { lti_storage_target: '_parent' } : {}),
      }))
        login.searchParams.set(name, value);
      return res.writeHead(302, { location: login.toString() }).end();
    }
    if (url.pathname === '/course/page') {
      // The LMS course page: the tool in an iframe, and the 1EdTech platform storage it may use
      // (lti.put_data / lti.get_data by postMessage, kept per tool origin).
      const launch = new URLSearchParams(url.searchParams);
      launch.set('framed', '1');
      return res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><html><body>
<h1>Certificate III in Care</h1>
<iframe id="tool" title="Evident" src="/course/launch?${escapeHtml(launch.toString())}" style="width:100%;height:700px;border:1px solid #ccc"></iframe>
<script>
const store = new Map();
window.storageCalls = [];
window.addEventListener('message', (event) => {
  const m = event.data || {};
  if (m.subject !== 'lti.put_data' && m.subject !== 'lti.get_data') return;
  window.storageCalls.push({ subject: m.subject, key: m.key, origin: event.origin });
  const key = event.origin + ' ' + m.key;
  if (m.subject === 'lti.put_data') store.set(key, m.value);
  event.source.postMessage({ subject: m.subject + '.response', message_id: m.message_id, key: m.key, value: store.get(key) }, event.origin);
});
</script></body></html>`);
    }
    if (url.pathname === '/course/fail-scores' && req.method === 'POST') {
      // The gradebook is down (503) for this many score posts; set by a test in another process.
      scoreFailuresLeft = Number((JSON.parse(await readBody(req)) as { count?: number }).count ?? 0);
      return json(res, 200, { failing: scoreFailuresLeft });
    }
    if (url.pathname === '/course/scores') return json(res, 200, scores);
    if (url.pathname === '/course/members' && req.method === 'POST') {
      // The course roster, set by a test running against this platform in another process.
      members = JSON.parse(await readBody(req)) as Member[];
      return json(res, 200, { members: members.length });
    }
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
      const plan = plans.get(p.get('lti_message_hint') ?? '') ?? {};
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

    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      if (form.get('grant_type') !== 'client_credentials')
        return json(res, 400, { error: 'unsupported_grant_type' });
      if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
        return json(res, 400, { error: 'invalid_request' });
      try {
        const { payload } = await jwtVerify(form.get('client_assertion') ?? '', await toolKeySet(), {
          issuer: clientId,
          subject: clientId,
          audience: `${origin}/token`,
          algorithms: ['RS256'],
        });
        if (!payload.jti) throw new Error('no jti');
      } catch (error) {
        return json(res, 401, { error: 'invalid_client', error_description: String(error) });
      }
      const scope = form.get('scope') ?? '';
      tokenRequests.push({ scope });
      const token = randomUUID();
      accessTokens.add(token);
      return json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope });
    }

    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (url.pathname.startsWith('/lineitems') || url.pathname.startsWith('/memberships')) {
      if (!accessTokens.has(bearer)) return json(res, 401, { error: 'invalid_token' });
    }

    const score = url.pathname.match(/^\/lineitems\/([^/]+)\/scores$/);
    if (score && req.method === 'POST') {
      if (req.headers['content-type'] !== 'application/vnd.ims.lis.v1.score+json')
        return json(res, 415, { error: 'wrong content type' });
      // A slow gradebook: the post waits until the test lets it through.
      if (scoreHold) {
        scoreHold.arrived();
        await scoreHold.promise;
      }
      if (scoreFailuresLeft > 0) {
        scoreFailuresLeft -= 1;
        return json(res, 503, { error: 'try later' });
      }
      scores.push({
        lineItem: `${origin}/lineitems/${score[1]}`,
        body: JSON.parse(await readBody(req)),
        auth: bearer,
      });
      // Moodle answers a score with 200 and a body, not 204.
      return json(res, 200, {});
    }

    if (url.pathname === '/memberships/course-1') {
      const page = Number(url.searchParams.get('page') ?? '0');
      const size = 2;
      const slice = members.slice(page * size, page * size + size);
      const next =
        (page + 1) * size < members.length
          ? `<${origin}/memberships/course-1?page=${page + 1}>; rel="next"`
          : '';
      return json(
        res,
        200,
        { id: url.toString(), context: { id: 'course-1', title: 'Certificate III in Care' }, members: slice },
        {
          'content-type': 'application/vnd.ims.lti-nrps.v2.membershipcontainer+json',
          ...(next ? { link: next } : {}),
        },
      );
    }

    if (url.pathname === '/deeplink/return' && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const { payload } = await jwtVerify(form.get('JWT') ?? '', await toolKeySet(), {
        issuer: clientId,
        audience: issuer,
        algorithms: ['RS256'],
      });
      deepLinkReturns.push(payload);
      return res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Content added</p>');
    }
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
    scores,
    registrations,
    lineItems,
    deepLinkReturns,
    tokenRequests,
    get signingKey() {
      return signing;
    },
    setToolJwksUrl(url: string) {
      toolJwksUrl = url;
    },
    setMembers(list: Member[]) {
      members = list;
    },
    failNextScores(count: number) {
      scoreFailuresLeft = count;
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
      scoreHold = { promise, arrived, arrival };
      return {
        arrival,
        release() {
          scoreHold = null;
          release();
        },
      };
    },
    lineItemUrl: (id: string) => `${origin}/lineitems/${id}`,
    membershipsUrl: `${origin}/memberships/course-1`,
    /** A launch the authorization endpoint will answer for this lti_message_hint. */
    plan(plan: LaunchPlan): string {
      const hint = randomUUID();
      plans.set(hint, plan);
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
