import { z } from 'zod';

/** A platform registration as an admin gives it (REST, CLI or one LTI_PLATFORMS entry). */
export const ltiPlatformSchema = z.object({
  issuer: z.string({ error: 'issuer is required' }).trim().min(1, 'issuer is required'),
  clientId: z.string({ error: 'clientId is required' }).trim().min(1, 'clientId is required'),
  deploymentIds: z
    .array(z.string().trim().min(1), { error: 'deploymentIds must be a list of deployment ids' })
    .default([]),
  authorizationUrl: z.url({ error: 'authorizationUrl must be a URL' }),
  tokenUrl: z.url({ error: 'tokenUrl must be a URL' }),
  jwksUrl: z.url({ error: 'jwksUrl must be a URL' }),
});
export type LtiPlatformInput = z.infer<typeof ltiPlatformSchema>;

/** `--issuer I --client-id C --deployment-id D [--deployment-id D2] --auth-url U --token-url U --jwks-url U` */
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
  for (let i = 0; i < args.length; i += 2) {
    const field = names[args[i] ?? ''];
    const value = args[i + 1];
    if (!field || value === undefined) return { ok: false, message: `unexpected argument ${args[i]}` };
    if (field === 'deploymentIds') (input.deploymentIds as string[]).push(value);
    else input[field] = value;
  }
  const parsed = ltiPlatformSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, message: parsed.error.issues.map((issue) => issue.message).join('; ') };
  return { ok: true, platform: parsed.data };
}
