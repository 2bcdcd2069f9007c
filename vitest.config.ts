import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    // The live register is the server's default: servers a test starts inherit this and stay offline.
    env: { TGA_BASE_URL: 'off' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than there are cores, which on a two-core machine (CI) runs
    // every file one after another, though most of a file's time is spent waiting on a database,
    // a child process or a socket. One per core, and at least two.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['packages/*/test/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          // A file's own module graph (the whole server) is loaded once per worker, not once per file:
          // that loading was half of the suite's CPU time. These files replace no globals and mock no
          // modules; each builds its own services on its own database (harness.ts).
          isolate: false,
        },
      },
      {
        extends: true,
        // The web app's unit tests stub browser globals (fetch, XMLHttpRequest), so each file stays alone.
        test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] },
      },
    ],
  },
});
