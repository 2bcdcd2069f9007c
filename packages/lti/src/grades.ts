import { scopes } from './claims';
import type { ToolSigner } from './keys';
import type { LtiPlatform } from './launch';

type Fetch = typeof fetch;

/** A platform answered a service call with an error; the job records it and retries. */
export class LtiServiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LtiServiceError';
  }
}

async function failure(what: string, response: Response): Promise<LtiServiceError> {
  const body = (await response.text().catch(() => '')).slice(0, 300);
  return new LtiServiceError(`${what} answered ${response.status}${body ? `: ${body}` : ''}`);
}

/**
 * An OAuth 2 client-credentials token for the platform's services (Security Framework 4.1): the
 * tool proves itself with a JWT assertion signed by its key, to the token URL as audience.
 * Tokens are kept until a minute before they expire.
 */
export function createServiceTokens(deps: { signer: () => Promise<ToolSigner>; fetch?: Fetch }) {
  const doFetch = deps.fetch ?? fetch;
  const cache = new Map<string, { token: string; until: number }>();
  return async function accessToken(platform: LtiPlatform, wanted: string[]): Promise<string> {
    const key = `${platform.id} ${[...wanted].sort().join(' ')}`;
    const hit = cache.get(key);
    if (hit && hit.until > Date.now()) return hit.token;
    const response = await doFetch(platform.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: await (await deps.signer()).sign(
          { sub: platform.clientId },
          { expiresIn: '5m', issuer: platform.clientId, audience: platform.tokenUrl },
        ),
        scope: wanted.join(' '),
      }).toString(),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw await failure('The platform token endpoint', response);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new LtiServiceError('The platform token endpoint gave no access_token');
    cache.set(key, {
      token: body.access_token,
      until: Date.now() + Math.max((body.expires_in ?? 3600) - 60, 0) * 1000,
    });
    return body.access_token;
  };
}
export type ServiceTokens = ReturnType<typeof createServiceTokens>;

export type Score = {
  userId: string;
  scoreGiven: number;
  scoreMaximum: number;
  activityProgress: 'Initialized' | 'Started' | 'InProgress' | 'Submitted' | 'Completed';
  gradingProgress: 'FullyGraded' | 'Pending' | 'PendingManual' | 'Failed' | 'NotReady';
  /** ISO 8601 with milliseconds and zone (Moodle rejects other forms). */
  timestamp: string;
  comment?: string;
};

/** The scores URL of a line item: `/scores` after its path, its query kept (AGS 2.0, 3.4). */
export function scoresUrl(lineItemUrl: string): string {
  const url = new URL(lineItemUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/scores`;
  return url.toString();
}

/**
 * Posts a score. `scoreMaximum` always goes with `scoreGiven` (Moodle drops a score without it),
 * and any 2xx is success: Moodle answers 200 with a body, the specification 204.
 */
export async function postScore(options: {
  lineItemUrl: string;
  token: string;
  score: Score;
  fetch?: Fetch;
}): Promise<void> {
  const response = await (options.fetch ?? fetch)(scoresUrl(options.lineItemUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/vnd.ims.lis.v1.score+json',
      authorization: `Bearer ${options.token}`,
    },
    body: JSON.stringify(options.score),
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) throw await failure('The platform score endpoint', response);
  await response.body?.cancel();
}

export const scoreScopes = [scopes.score];
