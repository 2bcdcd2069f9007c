import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * What Fastify may believe of X-Forwarded-For: nothing, a number of proxy hops counted from the
 * right (1 = the address the nearest proxy appended), or the addresses/CIDRs of the proxies
 * themselves. Never the whole header: its left-most entries are whatever the client wrote.
 */
export type TrustProxy = false | number | string[];

function isAddressOrCidr(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address || !isIP(address)) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

export const trustProxySetting = z
  .string()
  .trim()
  .default('0')
  .transform((value, ctx): TrustProxy => {
    if (value === '' || value === '0' || value === 'false') return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (value !== 'true' && entries.every(isAddressOrCidr)) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        'must be a number of proxy hops (1 = one load balancer) or a comma-separated list of proxy addresses/CIDRs such as 10.0.0.0/8',
    });
    return z.NEVER;
  });

/**
 * Fastify's own reading of a bare number trusts no hop at all (it cannot check the nearest peer), so
 * hops become proxy-addr's trust function: address i of the chain, counted from the socket, is a
 * proxy while i < hops. The server must then be reachable only through those proxies.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}
