import { type LtiPlatformInput, ltiPlatformSchema } from '@evident/core/lti-platform';

export { type LtiPlatformInput, ltiPlatformSchema };

/**
 * `--issuer I --client-id C --deployment-id D [--deployment-id D2] --auth-url U --token-url U --jwks-url U
 * [--trust-teaching-roles]`
 */
export function parsePlatformArgs(
  args: string[],
): { ok: true; platform: LtiPlatformInput } | { ok: false; message: string } {
  const names: Record<string, keyof LtiPlatformInput> = {
    '--issuer': 'issuer',
    '--client-id': 'clientId',
    '--deployment-id': 'deploymentIds',
    '--auth-url': 'authorizationUrl',
    '--token-url': 'tokenUrl',
    '--jwks-url': 'jwksUrl',
  };
  const input: Record<string, unknown> = { deploymentIds: [] };
  let i = 0;
  while (i < args.length) {
    if (args[i] === '--trust-teaching-roles') {
      input.trustTeachingRoles = true;
      i += 1;
      continue;
    }
    const field = names[args[i] ?? ''];
    const value = args[i + 1];
    if (!field || value === undefined) return { ok: false, message: `unexpected argument ${args[i]}` };
    if (field === 'deploymentIds') (input.deploymentIds as string[]).push(value);
    else input[field] = value;
    i += 2;
  }
  const parsed = ltiPlatformSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues.map((issue) => issue.message).join('; ') };
  return { ok: true, platform: parsed.data };
}
