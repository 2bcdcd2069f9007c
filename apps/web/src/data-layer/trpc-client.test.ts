import { MAX_CALLS_PER_BATCH } from '@evident/core/batch-limit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trpcClient } from './trpc-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the web tRPC client', () => {
  it('splits many calls made at once into batches the server accepts', async () => {
    const batchSizes: number[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      const path = new URL(url, 'http://localhost').pathname.replace(/^\/trpc\//, '');
      const calls = decodeURIComponent(path).split(',');
      batchSizes.push(calls.length);
      return new Response(JSON.stringify(calls.map(() => ({ result: { data: null } }))), {
        headers: { 'content-type': 'application/json' },
      });
    });
    const answers = await Promise.all(Array.from({ length: 35 }, () => trpcClient.auth.session.get.query()));
    expect(answers).toHaveLength(35);
    expect(batchSizes.reduce((sum, size) => sum + size, 0)).toBe(35);
    expect(Math.max(...batchSizes)).toBeLessThanOrEqual(MAX_CALLS_PER_BATCH);
  });
});
