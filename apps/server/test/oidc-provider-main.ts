/**
 * The test OpenID provider as a process of its own, for the browser tests (apps/web/playwright.config.ts):
 * any login signs in as a verified address of that name.
 */
import { startTestProvider } from './oidc-provider';

const port = Number(process.env.E2E_OIDC_PORT ?? 4319);
const appPort = Number(process.env.E2E_PORT ?? 4317);
const provider = await startTestProvider({
  port,
  redirectUris: [
    `http://127.0.0.1:${appPort}/api/login/callback`,
    `http://localhost:${appPort}/api/login/callback`,
  ],
});
console.log(`test OpenID provider at ${provider.issuer}`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
