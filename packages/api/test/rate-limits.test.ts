import { describe, expect, it } from 'vitest';
import { createRateLimits, defaultRateLimits } from '../src/rate-limits';

/** A clock that stands still and a sleep that only notes how long it was asked to wait. */
function frozenTime() {
  const waits: number[] = [];
  return { waits, now: () => 1_000_000, sleep: async (ms: number) => void waits.push(ms) };
}

describe('paced limits', () => {
  it('let attempts within the points through at once, then give each one a turn 3 s after the last', async () => {
    const time = frozenTime();
    const limits = createRateLimits(defaultRateLimits, { ...time, maxWaitMs: 20_000 });
    for (let i = 0; i < 10; i++) await limits.pace('loginAccount', 'owner@example.com');
    expect(time.waits).toEqual([]);

    await Promise.all(Array.from({ length: 5 }, () => limits.pace('loginAccount', 'owner@example.com')));
    expect(time.waits).toEqual([3000, 6000, 9000, 12_000]);
  });

  it('refuse with the seconds to wait once the queue ahead is longer than the longest wait', async () => {
    const time = frozenTime();
    const limits = createRateLimits(
      { ...defaultRateLimits, loginAccount: { points: 1, durationSeconds: 60, paceSeconds: 3 } },
      { ...time, maxWaitMs: 6000 },
    );
    const attempts = Array.from({ length: 6 }, () =>
      limits.pace('loginAccount', 'owner@example.com').then(
        () => 'went',
        (error: Error) => error.message,
      ),
    );
    const outcomes = await Promise.all(attempts);
    // One within the points, then turns at 0, 3 and 6 s; the rest would wait longer than 6 s.
    expect(outcomes.slice(0, 4)).toEqual(['went', 'went', 'went', 'went']);
    expect(outcomes.slice(4)).toEqual([
      'Many attempts are being made on this account right now. Please wait 4 seconds and try again.',
      'Many attempts are being made on this account right now. Please wait 4 seconds and try again.',
    ]);
    expect(time.waits).toEqual([3000, 6000]);
  });

  it('give first tries a line of their own, so a full queue of other attempts does not refuse them', async () => {
    const time = frozenTime();
    const limits = createRateLimits(
      { ...defaultRateLimits, loginAccount: { points: 1, durationSeconds: 60, paceSeconds: 3 } },
      { ...time, maxWaitMs: 3000 },
    );
    const outcome = (firstTry: boolean) =>
      limits.pace('loginAccount', 'owner@example.com', { firstTry }).then(
        () => 'went',
        () => 'refused',
      );
    expect(await Promise.all([false, false, false, false].map(outcome))).toEqual([
      'went',
      'went',
      'went',
      'refused',
    ]);
    expect(await outcome(true)).toBe('went');
    expect(await outcome(true)).toBe('went');
    expect(await outcome(true)).toBe('refused');
    expect(time.waits).toEqual([3000, 3000]);
  });

  it('keep each key to its own turns', async () => {
    const time = frozenTime();
    const limits = createRateLimits(
      { ...defaultRateLimits, loginAccount: { points: 1, durationSeconds: 60, paceSeconds: 3 } },
      time,
    );
    await limits.pace('loginAccount', 'a@example.com');
    await limits.pace('loginAccount', 'a@example.com');
    await limits.pace('loginAccount', 'b@example.com');
    await limits.pace('loginAccount', 'b@example.com');
    expect(time.waits).toEqual([]);
  });

  it('refuse outright beyond the points of a limit that has no pace', async () => {
    const limits = createRateLimits({
      ...defaultRateLimits,
      loginAccountAddress: { points: 1, durationSeconds: 60 },
    });
    await limits.pace('loginAccountAddress', 'k');
    await expect(limits.pace('loginAccountAddress', 'k')).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
  });
});
