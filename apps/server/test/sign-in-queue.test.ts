import { defaultRateLimits } from '@evident/api/rate-limits';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';

/** Two free failures, then one guess every 30 s: a queue past the 20 s a request may wait is refused. */
let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv({
    rateLimits: { ...defaultRateLimits, loginAccount: { points: 2, durationSeconds: 60, paceSeconds: 30 } },
  });
});
afterAll(() => env.close());

const waitMessage =
  /^Many attempts are being made on this account right now\. Please wait \d+ seconds and try again\.$/;

async function attempt(address: string, email: string, password: string): Promise<string> {
  try {
    const caller = await env.browser(address).caller();
    await caller.auth.session.login({ email, password });
    return 'signed in';
  } catch (error) {
    return (error as Error).message;
  }
}

describe('signing in while someone guesses at the account from other addresses', () => {
  it('lets the owner’s first try from their own address through, and keeps the guesses limited', async () => {
    const owner = await env.signedIn('student', { email: 'targeted@example.com' });
    const guess = (address: string) => attempt(address, 'targeted@example.com', 'guess-guess');

    // The guessers use up the account's free failures, then its next turn, and are told to wait.
    expect(await guess('10.0.8.1')).toBe('Invalid email or password');
    expect(await guess('10.0.8.2')).toBe('Invalid email or password');
    const burst = await Promise.all(['10.0.8.1', '10.0.8.2', '10.0.8.1', '10.0.8.2'].map(guess));
    expect(burst.filter((outcome) => outcome === 'Invalid email or password')).toHaveLength(1);
    expect(burst.filter((outcome) => waitMessage.test(outcome))).toHaveLength(3);

    // The owner, from an address that has not failed at the account, is not held behind the guesses.
    expect(await attempt('10.0.9.1', 'targeted@example.com', owner.password)).toBe('signed in');

    // The guessers are still refused unchecked, and so is a new address while that line's turn is taken.
    expect(await guess('10.0.8.1')).toMatch(waitMessage);
    expect(await guess('10.0.8.2')).toMatch(waitMessage);
    expect(await guess('10.0.8.3')).toMatch(waitMessage);
  });

  it('gives a new address one first try: its parallel guesses queue with the rest', async () => {
    await env.signedIn('student', { email: 'second-target@example.com' });
    const guess = (address: string) => attempt(address, 'second-target@example.com', 'guess-guess');
    expect(await guess('10.0.11.1')).toBe('Invalid email or password');
    expect(await guess('10.0.11.1')).toBe('Invalid email or password');
    expect(await guess('10.0.11.1')).toBe('Invalid email or password');
    // Only the first of these counts as the new address's first try; the others join the line of
    // guesses, whose next turn is 30 s away.
    const burst = await Promise.all(['10.0.12.1', '10.0.12.1', '10.0.12.1'].map(guess));
    expect(burst.filter((outcome) => outcome === 'Invalid email or password')).toHaveLength(1);
    expect(burst.filter((outcome) => waitMessage.test(outcome))).toHaveLength(2);
  });
});
