import type { Logger } from '@evident/core/logger';
import { type DestinationStream, type Logger as Pino, pino, stdSerializers } from 'pino';

/** Where the drivers keep a failed query's values: drizzle and PGlite say params, postgres.js parameters. */
const parameterKeys = ['params', 'parameters'];
const REDACTED = '[redacted]';
/** Long enough to be a password hash, a token or an address, short enough to catch all of them. */
const LONG_VALUE = 16;

type Scrub = { lists: string[]; values: string[] };

/** The parameter lists on an error, its causes and aggregated errors, as messages render them. */
function collectParameters(error: unknown, found: Scrub, seen: Set<unknown>): Scrub {
  if (!error || typeof error !== 'object' || seen.has(error)) return found;
  seen.add(error);
  const fields = error as Record<string, unknown>;
  for (const key of parameterKeys) {
    const list = fields[key];
    if (!Array.isArray(list)) continue;
    // drizzle's DrizzleQueryError message (and so its stack) ends in `params: ${params}`.
    found.lists.push(`params: ${String(list)}`);
    for (const value of list) {
      if (typeof value === 'string' && value.length >= LONG_VALUE) found.values.push(value);
    }
  }
  collectParameters(fields.cause, found, seen);
  if (Array.isArray(fields.errors)) {
    for (const nested of fields.errors) collectParameters(nested, found, seen);
  }
  return found;
}

function scrubbed(value: unknown, scrub: Scrub, seen: WeakSet<object>, depth: number): unknown {
  if (typeof value === 'string') {
    let text = value;
    for (const list of scrub.lists) text = text.replaceAll(list, `params: ${REDACTED}`);
    // Postgres echoes values too, e.g. a constraint's detail 'Failing row contains (..., <hash>, ...)'.
    for (const secret of scrub.values) text = text.replaceAll(secret, REDACTED);
    return text;
  }
  if (!value || typeof value !== 'object' || depth > 8 || seen.has(value)) return value;
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => scrubbed(item, scrub, seen, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (!parameterKeys.includes(key)) copy[key] = scrubbed(field, scrub, seen, depth + 1);
  }
  return copy;
}

/**
 * pino's error serializer, without the values of a failed query: drizzle puts them in the error
 * (`params`, and its message), and for an insert into users they include the password hash.
 */
export function serializeError(error: unknown): unknown {
  const scrub = collectParameters(error, { lists: [], values: [] }, new Set());
  return scrubbed(stdSerializers.err(error as Error), scrub, new WeakSet(), 0);
}

export function createPino(level: string, destination?: DestinationStream): Pino {
  return pino({ level, serializers: { err: serializeError } }, destination);
}

export function toLogger(p: Pino): Logger {
  return {
    info: (message) => p.info(message),
    warn: (message) => p.warn(message),
    error: (error, message) => p.error({ err: error }, message ?? 'error'),
  };
}

/** On a terminal, pino-pretty in this thread (no worker to start); elsewhere pino's JSON lines. */
export async function terminalDestination(): Promise<DestinationStream | undefined> {
  if (!process.stdout.isTTY) return undefined;
  const { default: pretty } = await import('pino-pretty');
  return pretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
}
