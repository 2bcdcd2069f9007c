import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './harness';

/**
 * Issue 28: the LTI Platforms screen offered 'Add platform' on a server with LTI off. It now asks the
 * server first (`admin.ltiStatus.get`), and makes Dynamic Registration links when LTI is on.
 */

let off: TestEnv;
let on: TestEnv;
beforeAll(async () => {
  [off, on] = await Promise.all([
    createTestEnv(),
    createTestEnv({
      env: { LTI_ENABLED: 'true', LTI_PRIVATE_KEY: 'a-sealing-secret-of-at-least-32-bytes!!' },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([off?.close(), on?.close()]);
});

describe('whether LTI is on (admin.ltiStatus.get)', () => {
  it('says off on a server without LTI_ENABLED, where no registration link can be made', async () => {
    const admin = await (await off.signedIn('rto_admin')).caller();
    expect(await admin.admin.ltiStatus.get()).toEqual({ enabled: false });
    await expect(admin.admin.ltiRegistrationLinks.create()).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'LTI is not switched on for this server',
    });

    const app = await off.app();
    try {
      const signedIn = await off.signedIn('rto_admin');
      const response = await app.inject({
        method: 'GET',
        url: '/api/admin/lti/status',
        headers: { cookie: `evident_session=${signedIn.sessionId}` },
      });
      expect([response.statusCode, response.json()]).toEqual([200, { enabled: false }]);
    } finally {
      await app.close();
    }
  });

  it('says on with LTI_ENABLED and LTI_PRIVATE_KEY, and then makes a registration link good for a day', async () => {
    const admin = await (await on.signedIn('rto_admin')).caller();
    expect(await admin.admin.ltiStatus.get()).toEqual({ enabled: true });
    const { url } = await admin.admin.ltiRegistrationLinks.create();
    expect(url).toMatch(/^http:\/\/evident\.test\/lti\/register\?invite=[\w-]+\.[\w-]+\.[\w-]+$/);
    const invite = new URL(url).searchParams.get('invite') ?? '';
    const claims = JSON.parse(Buffer.from(invite.split('.')[1] ?? '', 'base64url').toString()) as {
      iat: number;
      exp: number;
    };
    expect(claims.exp - claims.iat).toBe(24 * 60 * 60);
  });

  it('is for admins only', async () => {
    const assessor = await (await on.signedIn('assessor')).caller();
    await expect(assessor.admin.ltiStatus.get()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
