import { isStorableText } from '@evident/core/text-fields';
import { decodeJwt, errors, type JWTPayload, jwtVerify } from 'jose';
import { claim } from './claims';
import type { PlatformKeyCache } from './platform-keys';
import { LtiRefusal } from './refusal';

export type LtiPlatform = {
  id: string;
  issuer: string;
  clientId: string;
  deploymentIds: string[];
  authorizationUrl: string;
  tokenUrl: string;
  jwksUrl: string;
};

export type MessageType = 'LtiResourceLinkRequest' | 'LtiDeepLinkingRequest';

export type VerifiedLaunch = {
  platform: LtiPlatform;
  messageType: MessageType;
  nonce: string;
  deploymentId: string;
  subject: string;
  roles: string[];
  givenName: string | null;
  familyName: string | null;
  name: string | null;
  email: string | null;
  targetLinkUri: string;
  resourceLink: { id: string; title: string | null } | null;
  context: { id: string; title: string | null; label: string | null } | null;
  custom: Record<string, string>;
  /** Assignment and Grade Services endpoint of the link, when the platform grants it. */
  ags: { lineItem: string | null; lineItems: string | null; scopes: string[] } | null;
  membershipsUrl: string | null;
  deepLinking: {
    returnUrl: string;
    data: string | null;
    acceptTypes: string[];
    acceptLineItem: boolean;
    acceptMultiple: boolean;
  } | null;
};

/** A name from an unverified token, fit to look up: one line of storable text of a sane length. */
const lookupable = (name: string) => name.length <= 1000 && isStorableText(name);
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** Seconds of clock difference allowed between the platform and us on exp, iat and nbf. */
export const clockToleranceSeconds = 60;

/**
 * Checks a platform's id_token: signature (RS256, the platform's JWKS), issuer and audience against a
 * registration, azp when there are several audiences, times, then the LTI claims. The nonce is
 * returned for the caller to spend against the login it issued.
 */
export async function verifyIdToken(
  idToken: string,
  deps: {
    findPlatform: (issuer: string, clientIds: string[]) => Promise<LtiPlatform | undefined>;
    keys: PlatformKeyCache;
  },
): Promise<VerifiedLaunch> {
  let unverified: JWTPayload;
  try {
    unverified = decodeJwt(idToken);
  } catch {
    throw new LtiRefusal('The launch message is not a valid token.', 'id_token does not decode');
  }
  const issuer = text(unverified.iss);
  if (!issuer) throw new LtiRefusal('The launch message names no platform.', 'id_token has no iss');
  const audiences = Array.isArray(unverified.aud) ? unverified.aud : unverified.aud ? [unverified.aud] : [];
  const azp = text(unverified.azp);
  // Read before the signature is checked, and looked up in the database: text it cannot hold names no platform.
  if (![issuer, azp ?? '', ...audiences].every((name) => typeof name !== 'string' || lookupable(name)))
    throw new LtiRefusal('The launch message is not valid.', 'id_token iss, aud or azp cannot be looked up');
  const platform = await deps.findPlatform(
    issuer,
    azp ? [azp] : audiences.filter((a) => typeof a === 'string'),
  );
  if (!platform)
    throw new LtiRefusal(
      'This learning platform is not registered with Evident. Ask an administrator to register it.',
      `no registration for issuer ${issuer}, audience ${audiences.join(' ')}`,
    );
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, deps.keys.forUrl(platform.jwksUrl), {
      issuer: platform.issuer,
      audience: platform.clientId,
      algorithms: ['RS256'],
      clockTolerance: clockToleranceSeconds,
      requiredClaims: ['exp', 'iat', 'nonce'],
    }));
  } catch (error) {
    throw refusalOf(error);
  }
  if (audiences.length > 1 && azp !== platform.clientId)
    throw new LtiRefusal(
      'The launch message was not meant for Evident.',
      'several audiences and azp is not our client id',
    );
  return readClaims(payload, platform);
}

function refusalOf(error: unknown): LtiRefusal {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (error instanceof errors.JWTExpired)
    return new LtiRefusal('The launch has expired. Go back to your course and open the link again.', detail);
  if (error instanceof errors.JWKSNoMatchingKey)
    return new LtiRefusal('The launch was signed with a key the platform does not publish.', detail);
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return new LtiRefusal('The launch message signature is not valid.', detail);
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return new LtiRefusal('The launch message was not meant for Evident.', detail);
    if (error.claim === 'iat' || error.claim === 'nbf')
      return new LtiRefusal("The launch message's time is not valid. Check the platform's clock.", detail);
    return new LtiRefusal(`The launch message has an invalid ${error.claim} claim.`, detail);
  }
  if (error instanceof errors.JOSEError)
    return new LtiRefusal('The launch message could not be verified.', detail);
  return new LtiRefusal("The platform's keys could not be fetched. Try again shortly.", detail, 502);
}

function readClaims(payload: JWTPayload, platform: LtiPlatform): VerifiedLaunch {
  const missing = (what: string) =>
    new LtiRefusal(`The launch message is missing ${what}.`, `missing ${what}`);
  const messageType = payload[claim.messageType];
  if (messageType !== 'LtiResourceLinkRequest' && messageType !== 'LtiDeepLinkingRequest')
    throw new LtiRefusal(
      'This kind of LTI message is not supported.',
      `message_type ${JSON.stringify(messageType)}`,
    );
  if (payload[claim.version] !== '1.3.0')
    throw new LtiRefusal(
      'Only LTI 1.3 launches are supported.',
      `version ${JSON.stringify(payload[claim.version])}`,
    );
  const deploymentId = text(payload[claim.deploymentId]);
  if (!deploymentId) throw missing('its deployment');
  if (!platform.deploymentIds.includes(deploymentId))
    throw new LtiRefusal(
      'This deployment of Evident is not registered for the platform. Ask an administrator to add it.',
      `unknown deployment ${deploymentId} for ${platform.issuer}`,
    );
  const subject = text(payload.sub);
  if (!subject) throw missing('the user (sub)');
  const roles = payload[claim.roles];
  if (!Array.isArray(roles)) throw missing('the roles claim');
  const resource = record(payload[claim.resourceLink]);
  const resourceId = text(resource?.id);
  if (messageType === 'LtiResourceLinkRequest' && !resourceId) throw missing('the resource link');
  const targetLinkUri = text(payload[claim.targetLinkUri]);
  if (messageType === 'LtiResourceLinkRequest' && !targetLinkUri) throw missing('the target link URI');
  const settings = record(payload[claim.deepLinkingSettings]);
  const returnUrl = text(settings?.deep_link_return_url);
  if (messageType === 'LtiDeepLinkingRequest' && !returnUrl) throw missing('the deep linking return URL');
  const context = record(payload[claim.context]);
  const ags = record(payload[claim.ags]);
  const nrps = record(payload[claim.nrps]);
  const custom = record(payload[claim.custom]) ?? {};
  return {
    platform,
    messageType,
    nonce: String(payload.nonce),
    deploymentId,
    subject,
    roles: roles.filter((role): role is string => typeof role === 'string'),
    givenName: text(payload.given_name),
    familyName: text(payload.family_name),
    name: text(payload.name),
    email: text(payload.email),
    targetLinkUri: targetLinkUri ?? '',
    resourceLink: resourceId ? { id: resourceId, title: text(resource?.title) } : null,
    context: text(context?.id)
      ? { id: String(context?.id), title: text(context?.title), label: text(context?.label) }
      : null,
    custom: Object.fromEntries(
      Object.entries(custom).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    ),
    ags: ags
      ? {
          lineItem: text(ags.lineitem),
          lineItems: text(ags.lineitems),
          scopes: Array.isArray(ags.scope) ? ags.scope.filter((s): s is string => typeof s === 'string') : [],
        }
      : null,
    membershipsUrl: text(nrps?.context_memberships_url),
    deepLinking:
      messageType === 'LtiDeepLinkingRequest' && returnUrl
        ? {
            returnUrl,
            data: text(settings?.data),
            acceptTypes: Array.isArray(settings?.accept_types) ? settings.accept_types.map(String) : [],
            acceptLineItem: settings?.accept_lineitem === true,
            acceptMultiple: settings?.accept_multiple === true,
          }
        : null,
  };
}
