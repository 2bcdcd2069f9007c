import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JWK, JWTPayload } from 'jose';

/** What the fake platform's parts share: its keys, launches, course and what the tool sent it. */
export type PlatformKey = { kid: string; privateKey: CryptoKey; publicJwk: JWK };

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

/** The platform's state, which its parts read and the tests set through its handle. */
export type PlatformState = {
  origin: string;
  issuer: string;
  clientId: string;
  deploymentId: string;
  /** The tool the course page launches, when there is one (the browser tests'). */
  toolUrl?: string;
  plans: Map<string, LaunchPlan>;
  scores: { lineItem: string; body: Record<string, unknown>; auth: string }[];
  lineItems: { id: string; label: string; scoreMaximum: number; resourceLinkId?: string }[];
  deepLinkReturns: JWTPayload[];
  tokenRequests: { scope: string }[];
  registrations: { auth: string; body: Record<string, unknown> }[];
  members: Member[];
  toolJwksUrl: string;
  scoreFailuresLeft: number;
  scoreHold: { promise: Promise<void>; arrived: () => void; arrival: Promise<void> } | null;
  accessTokens: Set<string>;
};

/** A part of the platform: the response when the request was one of its own, else undefined. */
export type PlatformRoutes = (
  state: PlatformState,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
) => Promise<ServerResponse | undefined>;

export const lti = 'https://purl.imsglobal.org/spec/lti/claim/';

export async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

export const escapeHtml = (v: string) => v.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export const json = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
