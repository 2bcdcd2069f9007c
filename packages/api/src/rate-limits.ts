import { AppError } from '@evident/core/errors';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

export type RateLimitPolicy = { points: number; durationSeconds: number };
export const rateLimitNames = [
  'loginIp',
  'loginAccount',
  'registerIp',
  'registerAccount',
  'forgotIp',
  'forgotAccount',
  'resetIp',
  'unitSetupUser',
  'uploadUrlUser',
  'remindersUser',
] as const;
export type RateLimitName = (typeof rateLimitNames)[number];
export type RateLimitConfig = Record<RateLimitName, RateLimitPolicy>;

export const defaultRateLimits: RateLimitConfig = {
  loginIp: { points: 60, durationSeconds: 15 * 60 },
  loginAccount: { points: 10, durationSeconds: 15 * 60 },
  registerIp: { points: 20, durationSeconds: 60 * 60 },
  registerAccount: { points: 5, durationSeconds: 60 * 60 },
  forgotIp: { points: 20, durationSeconds: 15 * 60 },
  forgotAccount: { points: 3, durationSeconds: 15 * 60 },
  resetIp: { points: 30, durationSeconds: 15 * 60 },
  // Setting up a new unit may call the Anthropic API, which costs money per call.
  unitSetupUser: { points: 30, durationSeconds: 60 * 60 },
  // One a file; generous for a day on site, but each grant is a row and, on S3, a started upload.
  uploadUrlUser: { points: 600, durationSeconds: 60 * 60 },
  // Each press of Email Outstanding can mail a whole cohort; students are also mailed at most hourly.
  remindersUser: { points: 10, durationSeconds: 60 * 60 },
};

export type RateLimits = {
  /** Counts one attempt; throws TOO_MANY_REQUESTS once the key has used up its points. */
  consume(name: RateLimitName, key: string): Promise<void>;
  /** Gives back the point of an attempt that turned out not to count, e.g. a successful sign-in. */
  refund(name: RateLimitName, key: string): Promise<void>;
};

/**
 * In-process counters; one instance per server. Across several instances, rate-limiter-flexible's
 * Postgres store is the drop-in replacement.
 */
export function createRateLimits(config: RateLimitConfig = defaultRateLimits): RateLimits {
  const limiters = Object.fromEntries(
    rateLimitNames.map((name) => [
      name,
      new RateLimiterMemory({ points: config[name].points, duration: config[name].durationSeconds }),
    ]),
  ) as Record<RateLimitName, RateLimiterMemory>;
  return {
    async consume(name, key) {
      try {
        await limiters[name].consume(key);
      } catch (rejection) {
        if (!(rejection instanceof RateLimiterRes)) throw rejection;
        const minutes = Math.max(1, Math.ceil(rejection.msBeforeNext / 60_000));
        throw new AppError(
          'TOO_MANY_REQUESTS',
          `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
        );
      }
    },
    async refund(name, key) {
      // Only while the window that counted the attempt is still open: rewarding an expired key
      // would start the next window with a point in hand.
      const counted = await limiters[name].get(key);
      if (counted && counted.consumedPoints > 0) await limiters[name].reward(key, 1);
    },
  };
}
