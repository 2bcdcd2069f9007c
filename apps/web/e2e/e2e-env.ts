import { fileURLToPath } from 'node:url';

export const e2ePort = Number(process.env.E2E_PORT ?? 4317);
export const e2eRegisterPort = Number(process.env.E2E_REGISTER_PORT ?? 4318);
/** The test OpenID provider (apps/server/test/oidc-provider.ts) the server signs people in through. */
export const e2eOidcPort = Number(process.env.E2E_OIDC_PORT ?? 4319);
export const e2eOidcClient = { id: 'evident-test', secret: 'evident-test-secret-that-is-long-enough' };
export const e2eDataDir = fileURLToPath(new URL('../../../.tmp/e2e-data', import.meta.url));
export const admin = { email: 'admin@e2e.test', password: 'admin-password' };
/** The fake LMS (LTI 1.3 platform) the server registers through LTI_PLATFORMS. */
export const e2eLtiPort = Number(process.env.E2E_LTI_PORT ?? 4320);
export const e2eLtiIssuer = `http://127.0.0.1:${e2eLtiPort}`;
