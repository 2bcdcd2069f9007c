import { randomUUID } from 'node:crypto';
import { get } from 'node:http';
import { createLocalJWKSet, type JWK, jwtVerify } from 'jose';
import { json, type PlatformRoutes, type PlatformState, readBody } from './fake-platform-http';

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

const toolKeySet = async (state: PlatformState) => createLocalJWKSet(await readJwks(state.toolJwksUrl));

/**
 * The LTI Advantage services the tool calls: the token endpoint, which checks the tool's client
 * assertion against the tool's /lti/keys; line items' scores (answering 200 with a body, as Moodle
 * does); memberships paged with `Link: rel="next"`; and the deep-link return.
 */
export const platformServices: PlatformRoutes = async (state, req, res, url) => {
  const { origin, issuer, clientId, members } = state;
  if (url.pathname === '/token' && req.method === 'POST') {
    const form = new URLSearchParams(await readBody(req));
    if (form.get('grant_type') !== 'client_credentials')
      return json(res, 400, { error: 'unsupported_grant_type' });
    if (form.get('client_assertion_type') !== 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer')
      return json(res, 400, { error: 'invalid_request' });
    try {
      const { payload } = await jwtVerify(form.get('client_assertion') ?? '', await toolKeySet(state), {
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
    state.tokenRequests.push({ scope });
    const token = randomUUID();
    state.accessTokens.add(token);
    return json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600, scope });
  }

  const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
  if (url.pathname.startsWith('/lineitems') || url.pathname.startsWith('/memberships')) {
    if (!state.accessTokens.has(bearer)) return json(res, 401, { error: 'invalid_token' });
  }

  const score = url.pathname.match(/^\/lineitems\/([^/]+)\/scores$/);
  if (score && req.method === 'POST') {
    if (req.headers['content-type'] !== 'application/vnd.ims.lis.v1.score+json')
      return json(res, 415, { error: 'wrong content type' });
    // A slow gradebook: the post waits until the test lets it through.
    const hold = state.scoreHold;
    if (hold) {
      hold.arrived();
      await hold.promise;
    }
    if (state.scoreFailuresLeft > 0) {
      state.scoreFailuresLeft -= 1;
      return json(res, 503, { error: 'try later' });
    }
    state.scores.push({
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
    const { payload } = await jwtVerify(form.get('JWT') ?? '', await toolKeySet(state), {
      issuer: clientId,
      audience: issuer,
      algorithms: ['RS256'],
    });
    state.deepLinkReturns.push(payload);
    return res.writeHead(200, { 'content-type': 'text/html' }).end('<p>Content added</p>');
  }
  return undefined;
};
