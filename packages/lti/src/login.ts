import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { LtiPlatform } from './launch';
import { LtiRefusal } from './refusal';

/** Third-party-initiated login parameters (LTI 1.3 Core, 5.1.1), from the query or a form body. */
export const loginParamsSchema = z.object({
  iss: z.string().min(1),
  login_hint: z.string().min(1),
  target_link_uri: z.string().min(1),
  lti_message_hint: z.string().optional(),
  client_id: z.string().optional(),
  lti_deployment_id: z.string().optional(),
  /** 1EdTech platform storage: the frame to post `lti.put_data` to ('_parent' or a frame's name). */
  lti_storage_target: z.string().max(200).optional(),
});
export type LoginParams = z.infer<typeof loginParamsSchema>;

export function parseLoginParams(input: unknown): LoginParams {
  const parsed = loginParamsSchema.safeParse(input ?? {});
  if (!parsed.success) {
    const names = parsed.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new LtiRefusal(
      'The login request from the platform is incomplete.',
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
