import { availableParallelism, tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './e2e/chromium';
import {
  e2eDataDir,
  e2eLtiIssuer,
  e2eLtiPort,
  e2eOidcClient,
  e2eOidcPort,
  e2ePort,
  e2eRegisterPort,
} from './e2e/e2e-env';

const root = fileURLToPath(new URL('../..', import.meta.url));
const serverBundle = fileURLToPath(new URL('../server/dist/main.js', import.meta.url));

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Two on a two-core machine (Chromium pages spend much of their time waiting on the server); with
  // more cores, one per core short of the one the server and its embedded database need.
  workers: Math.max(2, availableParallelism() - 1),
  // One retry in CI: a spec that fails twice still fails the run, and a flaky one is reported as such.
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${e2ePort}`,
    launchOptions: { executablePath: chromiumPath, args: chromiumFlags },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } }, testIgnore: /\.phone\.spec\.ts$/ },
    {
      name: 'phone',
      use: { ...devices['Pixel 5'], viewport: { width: 390, height: 844 }, defaultBrowserType: 'chromium' },
      testMatch: /\.phone\.spec\.ts$/,
    },
  ],
  webServer: [
    {
      // training.gov.au cannot be reached from here; this speaks its wire format on loopback.
      command: 'exec node --import tsx apps/web/e2e/fake-register.ts',
      cwd: root,
      url: `http://127.0.0.1:${e2eRegisterPort}/healthz`,
      reuseExistingServer: false,
      env: { E2E_REGISTER_PORT: String(e2eRegisterPort) },
    },
    // A learning platform for the LTI launch spec (registered below through LTI_PLATFORMS).
    {
      command: 'exec node --import tsx apps/web/e2e/fake-lms.ts',
      cwd: root,
      url: `${e2eLtiIssuer}/healthz`,
      reuseExistingServer: false,
      env: { E2E_PORT: String(e2ePort), E2E_LTI_PORT: String(e2eLtiPort) },
    },
    // A real OpenID provider (oidc-provider) on loopback, for 'Continue with' single sign-on.
    {
      command: 'exec node --import tsx apps/server/test/oidc-provider-main.ts',
      cwd: root,
      url: `http://127.0.0.1:${e2eOidcPort}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      env: { E2E_OIDC_PORT: String(e2eOidcPort), E2E_PORT: String(e2ePort) },
    },
    // The built server on a fresh data directory, serving the built SPA, exactly as `pnpm start` runs
    // it (`pnpm build` first; nothing here builds): plain node on apps/server/dist/main.js, started
    // from outside the repository so every asset must be found from the bundle. Without PUBLIC_URL,
    // so every test opens it at 127.0.0.1 while its default origin is localhost, as a phone reaching
    // a laptop by its network address does (issue 10).
    {
      command: `test -f ${serverBundle} || { echo 'No server bundle: run pnpm build first.' >&2; exit 1; }; rm -rf ${e2eDataDir} && exec node ${serverBundle}`,
      cwd: tmpdir(),
      url: `http://127.0.0.1:${e2ePort}/healthz`,
      reuseExistingServer: false,
      // A first start creates and migrates the embedded database; on a shared, loaded machine that has
      // taken over a minute.
      timeout: 120_000,
      stdout: 'pipe',
      env: {
        PORT: String(e2ePort),
        HOST: '127.0.0.1',
        DATA_DIR: e2eDataDir,
        SEED_DEMO: '0',
        INITIAL_ADMIN_EMAIL: 'admin@e2e.test',
        INITIAL_ADMIN_PASSWORD: 'admin-password',
        LOG_LEVEL: 'warn',
        // Each test's person comes from an address of their own (support.ts sets X-Forwarded-For), as
        // real students do, so the suite's sign-ups stay inside the per-address sign-up limit.
        TRUST_PROXY: '127.0.0.1',
        WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR ?? '',
        NODE_ENV: 'production',
        TGA_BASE_URL: `http://127.0.0.1:${e2eRegisterPort}`,
        // The fake register knows one unit; the example units students pick come from the catalogue.
        TGA_FALLBACK_TO_CATALOGUE: '1',
        OIDC_ISSUER: `http://127.0.0.1:${e2eOidcPort}`,
        OIDC_CLIENT_ID: e2eOidcClient.id,
        OIDC_CLIENT_SECRET: e2eOidcClient.secret,
        OIDC_NAME: 'Test Provider',
        LTI_ENABLED: '1',
        LTI_PRIVATE_KEY: 'e2e-lti-sealing-secret-of-at-least-32-bytes',
        // The fake LMS's course page frames the app (the iframe spec reaches it as localhost).
        LTI_PLATFORM_ORIGINS: e2eLtiIssuer,
        LTI_PLATFORMS: JSON.stringify([
          {
            issuer: e2eLtiIssuer,
            clientId: 'evident-client',
            deploymentIds: ['deployment-1'],
            authorizationUrl: `${e2eLtiIssuer}/auth`,
            tokenUrl: `${e2eLtiIssuer}/token`,
            jwksUrl: `${e2eLtiIssuer}/jwks`,
            // The specs' teachers grade and sync rosters from their first launch.
            trustTeachingRoles: true,
          },
        ]),
      },
    },
  ],
});
