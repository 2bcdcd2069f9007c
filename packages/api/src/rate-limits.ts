import { AppError } from '@evident/core/errors';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * `points` attempts per `durationSeconds`. With `paceSeconds`, attempts beyond the points are not
 * refused but take turns, one every `paceSeconds` (see `RateLimits.pace`).
 */
export type RateLimitPolicy = { points: number; durationSeconds: number; paceSeconds?: number };
export const rateLimitNames = [
  'loginIp',
  'loginAccountAddress',
  'loginAccount',
  'registerIp',
  'registerAccount',
  'forgotIp',
  'forgotAccount',
  'resetIp',
  'unitSetupUser',
  'uploadUrlUser',
  'remindersUser',
  'thirdPartyLinkIp',
  'thirdPartyRequestUser',
] as const;
export type RateLimitName = (typeof rateLimitNames)[number];
export type RateLimitConfig = Record<RateLimitName, RateLimitPolicy>;

export const defaultRateLimits: RateLimitConfig = {
  // Failed sign-ins from one address, on any accounts (a successful one gives its point back).
  loginIp: { points: 60, durationSeconds: 15 * 60 },
  // Failed sign-ins on one account from one address: this one blocks, and only that address.
  loginAccountAddress: { points: 10, durationSeconds: 15 * 60 },
  // Failed sign-ins on one account from anywhere: beyond ten, one guess every 3 s, never a lock-out,
  // so guessing from many addresses stays slow while the owner still gets in (an address's first
  // try waits in a line of its own, not behind the guesses).
  loginAccount: { points: 10, durationSeconds: 15 * 60, paceSeconds: 3 },
  registerIp: { points: 20, durationSeconds: 60 * 60 },
  registerAccount: { points: 5, durationSeconds: 60 * 60 },
  forgotIp: { points: 20, durationSeconds: 15 * 60 },
  // Reset mails to one email. Past it the request is answered as usual and simply mails nothing:
  // a 429 would let anyone shut a person out of resetting their password (and tell who exists).
  forgotAccount: { points: 3, durationSeconds: 15 * 60 },
  resetIp: { points: 30, durationSeconds: 15 * 60 },
  // Setting up a new unit may call the Anthropic API, which costs money per call.
  unitSetupUser: { points: 30, durationSeconds: 60 * 60 },
  // One a file; generous for a day on site, but each grant is a row and, on S3, a started upload.
  uploadUrlUser: { points: 600, durationSeconds: 60 * 60 },
  // Each press of Email Outstanding can mail a whole cohort; students are also mailed at most hourly.
  remindersUser: { points: 10, durationSeconds: 60 * 60 },
  // A supervisor's link, read and sent from one address: a person needs a handful; guessing needs millions.
  thirdPartyLinkIp: { points: 60, durationSeconds: 15 * 60 },
  // Each request mails someone outside the RTO: enough for a class's placements, not a mail cannon.
  thirdPartyRequestUser: { points: 30, durationSeconds: 60 * 60 },
};

export type RateLimits = {
  /**
   * Counts one attempt; throws TOO_MANY_REQUESTS once the key has used up its points. Answers how
   * many attempts the key has counted in this window, this one included (refunded ones not).
   */
  consume(name: RateLimitName, key: string): Promise<number>;
  /**
   * Counts one attempt like `consume` but answers whether it was within the points instead of
   * throwing, for a limit the caller must not reveal (e.g. reset mails to one email).
   */
  withinLimit(name: RateLimitName, key: string): Promise<boolean>;
  /**
   * Counts one attempt of a paced limit. Within the points it returns at once; beyond them the
   * attempts on one key take turns `paceSeconds` apart, and this waits for the caller's turn. Only
   * when the queue ahead is longer than the longest wait does it throw TOO_MANY_REQUESTS, with the
   * seconds to wait: a flood cannot hold a request open, nor shut the key out for long.
   * `firstTry`: the caller's first attempt on the key from where it comes (the owner signing in
   * from their own address), which takes turns in a line of its own beside the one of everyone who
   * has tried before, so a queue of guesses from elsewhere does not keep it out.
   */
  pace(name: RateLimitName, key: string, options?: { firstTry?: boolean }): Promise<void>;
  /** Gives back the point of an attempt that turned out not to count, e.g. a successful sign-in. */
  refund(name: RateLimitName, key: string): Promise<void>;
};

export type PacingOptions = {
  /** Longest a paced attempt waits for its turn before it is refused instead. Default 20 s. */
  maxWaitMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

function tooMany(msBeforeNext: number): AppError {
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60_000));
  return new AppError(
    'TOO_MANY_REQUESTS',
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  );
}

/**
 * In-process counters; one instance per server. Across several instances, rate-limiter-flexible's
 * Postgres store is the drop-in replacement for the counters (the turns of `pace` would then need a
 * shared clock too, e.g. a row per key).
 */
export function createRateLimits(
  config: RateLimitConfig = defaultRateLimits,
  pacing: PacingOptions = {},
): RateLimits {
  const maxWaitMs = pacing.maxWaitMs ?? 20_000;
  const now = pacing.now ?? Date.now;
  const sleep = pacing.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  const limiters = Object.fromEntries(
    rateLimitNames.map((name) => [
      name,
      new RateLimiterMemory({ points: config[name].points, duration: config[name].durationSeconds }),
    ]),
  ) as Record<RateLimitName, RateLimiterMemory>;
  /** When the next paced attempt on a key may go, per `name:key`; only keys over their points are here. */
  const nextTurn = new Map<string, number>();

  /** The attempts counted so far, this one included, or the rejection once past the points. */
  async function overLimit(
    name: RateLimitName,
    key: string,
  ): Promise<{ rejection: RateLimiterRes; counted?: never } | { rejection: null; counted: number }> {
    try {
      const counted = (await limiters[name].consume(key)).consumedPoints;
      return { rejection: null, counted };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return { rejection };
    }
  }

  function forgetPastTurns(at: number): void {
    if (nextTurn.size < 1000) return;
    for (const [slot, turn] of nextTurn) if (turn <= at) nextTurn.delete(slot);
  }

  return {
    async consume(name, key) {
      const { rejection, counted } = await overLimit(name, key);
      if (rejection) throw tooMany(rejection.msBeforeNext);
      return counted;
    },
    async withinLimit(name, key) {
      return (await overLimit(name, key)).rejection === null;
    },
    async pace(name, key, options = {}) {
      const { rejection } = await overLimit(name, key);
      if (!rejection) return;
      const paceMs = (config[name].paceSeconds ?? 0) * 1000;
      if (paceMs <= 0) throw tooMany(rejection.msBeforeNext);
      const at = now();
      // Each source has one first try per window, so that line holds at most one attempt per source.
      const slot = `${name}:${key}${options.firstTry ? ':first-try' : ''}`;
      const turn = Math.max(at, nextTurn.get(slot) ?? 0);
      const wait = turn - at;
      if (wait > maxWaitMs) {
        const seconds = Math.ceil((wait - maxWaitMs) / 1000) + 1;
        throw new AppError(
          'TOO_MANY_REQUESTS',
          `Many attempts are being made on this account right now. Please wait ${seconds} seconds and try again.`,
        );
      }
      nextTurn.set(slot, turn + paceMs);
      forgetPastTurns(at);
      if (wait > 0) await sleep(wait);
    },
    async refund(name, key) {
      // Only while the window that counted the attempt is still open: rewarding an expired key
      // would start the next window with a point in hand.
      const counted = await limiters[name].get(key);
      if (counted && counted.consumedPoints > 0) await limiters[name].reward(key, 1);
    },
  };
}
