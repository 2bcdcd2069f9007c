import { randomBytes } from 'node:crypto';
import { text } from '@evident/core/text-fields';
import { z } from 'zod';
import type { LtiPlatform } from './launch';
import { LtiRefusal } from './refusal';

const param = (label: string, max: number) => text({ label, max, required: true });

/**
 * Third-party-initiated login parameters (LTI 1.3 Core, 5.1.1), from the query or a form body, each
 * the one text schema: a NUL in an issuer is refused here, not left to fail the platform lookup.
 */
export const loginParamsSchema = z.object({
  iss: param('iss', 1000),
  login_hint: param('login_hint', 4000),
  target_link_uri: param('target_link_uri', 4000),
  lti_message_hint: text({ label: 'lti_message_hint', max: 8000 }).optional(),
  client_id: text({ label: 'client_id', max: 1000 }).optional(),
  lti_deployment_id: text({ label: 'lti_deployment_id', max: 1000 }).optional(),
  /** 1EdTech platform storage: the frame to post `lti.put_data` to ('_parent' or a frame's name). */
  lti_storage_target: text({ label: 'lti_storage_target', max: 200 }).optional(),
});
export type LoginParams = z.infer<typeof loginParamsSchema>;

/** A parameter left out is an incomplete request; one the schema refuses (a NUL, too long) is not valid. */
const missing = (issue: z.core.$ZodIssue) =>
  issue.code === 'invalid_type' || (issue.code === 'too_small' && issue.minimum === 1);

export function parseLoginParams(input: unknown): LoginParams {
  const parsed = loginParamsSchema.safeParse(input ?? {});
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new LtiRefusal(
      parsed.error.issues.every(missing)
        ? 'The login request from the platform is incomplete.'
        : 'The login request from the platform is not valid.',
      `login parameters missing or invalid: ${names}`,
    );
  }
  return parsed.data;
}

const randomToken = () => randomBytes(24).toString('base64url');

/** A fresh state and nonce, and the platform authorization URL the browser goes to (OIDC implicit flow). */
export function startLogin(platform: LtiPlatform, params: LoginParams, redirectUri: string) {
  if (params.lti_deployment_id && !platform.deploymentIds.includes(params.lti_deployment_id))
    throw new LtiRefusal(
      'This deployment of Evident is not registered for the platform. Ask an administrator to add it.',
      `login for unknown deployment ${params.lti_deployment_id}`,
    );
  const state = randomToken();
  const nonce = randomToken();
  const url = new URL(platform.authorizationUrl);
  const query = {
    scope: 'openid',
    response_type: 'id_token',
    response_mode: 'form_post',
    prompt: 'none',
    client_id: platform.clientId,
    redirect_uri: redirectUri,
    login_hint: params.login_hint,
    state,
    nonce,
    ...(params.lti_message_hint ? { lti_message_hint: params.lti_message_hint } : {}),
  };
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return { state, nonce, redirectTo: url.toString() };
}
