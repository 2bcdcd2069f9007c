import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than there are cores, which on a two-core machine (CI) runs
    // every file one after another, though most of a file's time is spent waiting on a database,
    // a child process or a socket. One per core, and at least two.
    maxWorkers: Math.max(2, availableParallelism()),
  },
});
