import { scopes } from './claims';
import { LtiRefusal } from './refusal';

type Fetch = typeof fetch;

export type RegisteredPlatform = {
  issuer: string;
  clientId: string;
  deploymentIds: string[];
  authorizationUrl: string;
  tokenUrl: string;
  jwksUrl: string;
};

const toolConfiguration = 'https://purl.imsglobal.org/spec/lti-tool-configuration';

/**
 * LTI Dynamic Registration 1.0: reads the platform's OpenID configuration, posts the tool's client
 * registration with the one-time registration token, and answers the registration to store.
 */
export async function registerWithPlatform(options: {
  openidConfigurationUrl: string;
  registrationToken: string | null;
  publicUrl: string;
  fetch?: Fetch;
}): Promise<RegisteredPlatform> {
  const doFetch = options.fetch ?? fetch;
  const base = options.publicUrl.replace(/\/+$/, '');
  const refuse = (reason: string, detail = reason) => new LtiRefusal(reason, detail, 502);
  let configuration: Record<string, unknown>;
  try {
    const response = await doFetch(options.openidConfigurationUrl, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`answered ${response.status}`);
    configuration = (await response.json()) as Record<string, unknown>;
  } catch (error) {
    throw refuse("The platform's configuration could not be read.", `openid configuration: ${String(error)}`);
  }
  const issuer = typeof configuration.issuer === 'string' ? configuration.issuer : '';
  // The specification ties the configuration to its issuer: its URL starts with the issuer.
  if (!issuer || !options.openidConfigurationUrl.startsWith(issuer))
    throw refuse("The platform's configuration does not match its issuer.", `issuer ${issuer}`);
  const endpoint = configuration.registration_endpoint;
  const authorization = configuration.authorization_endpoint;
  const token = configuration.token_endpoint;
  const jwks = configuration.jwks_uri;
  if (
    typeof endpoint !== 'string' ||
    typeof authorization !== 'string' ||
    typeof token !== 'string' ||
    typeof jwks !== 'string'
  )
    throw refuse(
      "The platform's configuration is missing its endpoints.",
      'missing registration/authorization/token/jwks',
    );
  const response = await doFetch(endpoint, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(options.registrationToken ? { authorization: `Bearer ${options.registrationToken}` } : {}),
    },
    body: JSON.stringify({
      application_type: 'web',
      response_types: ['id_token'],
      grant_types: ['implicit', 'client_credentials'],
      initiate_login_uri: `${base}/lti/login`,
      redirect_uris: [`${base}/lti/launch`, `${base}/lti/deeplink`],
      client_name: 'Evident',
      jwks_uri: `${base}/lti/keys`,
      token_endpoint_auth_method: 'private_key_jwt',
      scope: [scopes.lineItem, scopes.lineItemReadOnly, scopes.result, scopes.score, scopes.memberships].join(
        ' ',
      ),
      [toolConfiguration]: {
        domain: new URL(base).host,
        target_link_uri: `${base}/lti/launch`,
        claims: ['iss', 'sub', 'name', 'given_name', 'family_name', 'email'],
        messages: [
          { type: 'LtiDeepLinkingRequest', target_link_uri: `${base}/lti/deeplink`, label: 'Evident unit' },
        ],
      },
    }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok)
    throw refuse(
      'The platform refused the registration.',
      `registration answered ${response.status}: ${(await response.text()).slice(0, 200)}`,
    );
  const registered = (await response.json()) as Record<string, unknown>;
  const clientId = typeof registered.client_id === 'string' ? registered.client_id : '';
  if (!clientId) throw refuse('The platform gave no client id.', 'no client_id in the registration answer');
  const tool = (registered[toolConfiguration] ?? {}) as Record<string, unknown>;
  const deployment = typeof tool.deployment_id === 'string' ? tool.deployment_id : null;
  return {
    issuer,
    clientId,
    deploymentIds: deployment ? [deployment] : [],
    authorizationUrl: authorization,
    tokenUrl: token,
    jwksUrl: jwks,
  };
}
