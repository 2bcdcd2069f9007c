import { fileURLToPath } from 'node:url';

export const e2ePort = Number(process.env.E2E_PORT ?? 4317);
export const e2eRegisterPort = Number(process.env.E2E_REGISTER_PORT ?? 4318);
/** The test OpenID provider (apps/server/test/oidc-provider.ts) the server signs people in through. */
export const e2eOidcPort = Number(process.env.E2E_OIDC_PORT ?? 4319);
export const e2eOidcClient = { id: 'evident-test', secret: 'evident-test-secret-that-is-long-enough' };
export const e2eDataDir = fileURLToPath(new URL('../../../.tmp/e2e-data', import.meta.url));
export const admin = { email: 'admin@e2e.test', password: 'admin-password' };
