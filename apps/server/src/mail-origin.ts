import { hostname } from 'node:os';
import { lanAddresses } from './banner';

/**
 * Where links in a mail point. A mail leaves this machine, so `localhost` in it reaches nobody. With
 * `PUBLIC_URL` set, that is the answer. Without it, a mail a request causes points where that
 * person reached the app, but only at one of this machine's own addresses: the Host header is the
 * caller's to write, and a reset link must never go to a host someone else named. Otherwise (a
 * request on this machine itself, or a mail no request caused) the network address start-up prints.
 */
export type MailOrigins = {
  /** `PUBLIC_URL`, or null when unset. */
  configured: string | null;
  port: number;
  /** This machine's network addresses (IPv4, not loopback), read each time: Wi-Fi comes and goes. */
  lan?: () => string[];
};

/**
 * Every request works out its mail origin, and listing the network interfaces cost some 2 % of a hot
 * read's CPU: the list is read again at most once a second, which still follows Wi-Fi coming and going.
 */
let lanCache: { at: number; addresses: string[] } | null = null;
function recentLanAddresses(): string[] {
  const now = Date.now();
  if (!lanCache || now - lanCache.at >= 1000) lanCache = { at: now, addresses: lanAddresses() };
  return lanCache.addresses;
}

const loopback = (host: string) =>
  host === 'localhost' || host.startsWith('127.') || host === '[::1]' || host === '::1';

/** The origin for mail nobody's request caused (a digest, a retried job): PUBLIC_URL or the network address. */
export function defaultMailOrigin(origins: MailOrigins): string {
  if (origins.configured) return origins.configured;
  const [address] = (origins.lan ?? recentLanAddresses)();
  return `http://${address ?? 'localhost'}:${origins.port}`;
}

/** The origin for mail a request caused, from the address the request reached (`req.host`). */
export function mailOriginFor(
  request: { protocol: string; host: string | undefined },
  origins: MailOrigins,
): string {
  if (origins.configured || !request.host) return defaultMailOrigin(origins);
  const name = request.host.replace(/:\d+$/, '').toLowerCase();
  if (loopback(name)) return defaultMailOrigin(origins);
  const machine = hostname().toLowerCase();
  const ours = [...(origins.lan ?? recentLanAddresses)(), machine, `${machine}.local`].includes(name);
  if (!ours) return defaultMailOrigin(origins);
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${request.host}`;
}
