import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { parsePlatformArgs } from '../src/lti/platform-schema';

const key = 'a-sealing-secret-of-at-least-32-bytes!!';
const platform = {
  issuer: 'https://moodle.example.edu',
  clientId: 'abc',
  deploymentIds: ['1'],
  authorizationUrl: 'https://moodle.example.edu/mod/lti/auth.php',
  tokenUrl: 'https://moodle.example.edu/mod/lti/token.php',
  jwksUrl: 'https://moodle.example.edu/mod/lti/certs.php',
};

describe('LTI settings', () => {
  it('is off by default, and needs LTI_PRIVATE_KEY when switched on', () => {
    expect(loadConfig({}).lti.enabled).toBe(false);
    expect(() => loadConfig({ LTI_ENABLED: 'true' })).toThrow(/LTI_PRIVATE_KEY is required with LTI_ENABLED/);
    expect(() => loadConfig({ LTI_ENABLED: 'true', LTI_PRIVATE_KEY: 'short' })).toThrow(/at least 32 bytes/);
    expect(loadConfig({ LTI_ENABLED: 'true', LTI_PRIVATE_KEY: key }).lti).toMatchObject({
      enabled: true,
      secret: key,
    });
  });

  it('reads LTI_PLATFORMS as a JSON array and names what is wrong', () => {
    expect(loadConfig({ LTI_PLATFORMS: JSON.stringify([platform]) }).lti.platforms).toEqual([platform]);
    const trusted = { ...platform, trustTeachingRoles: true };
    expect(loadConfig({ LTI_PLATFORMS: JSON.stringify([trusted]) }).lti.platforms).toEqual([trusted]);
    expect(() =>
      loadConfig({ LTI_PLATFORMS: JSON.stringify([{ ...platform, trustTeachingRoles: 'yes' }]) }),
    ).toThrow(/trustTeachingRoles must be true or false/);
    expect(() => loadConfig({ LTI_PLATFORMS: '{not json' })).toThrow(
      /LTI_PLATFORMS must be a JSON array of platforms/,
    );
    expect(() => loadConfig({ LTI_PLATFORMS: JSON.stringify([{ ...platform, jwksUrl: 'x' }]) })).toThrow(
      /jwksUrl must be a URL/,
    );
  });

  it('parses the CLI arguments of lti-add-platform, deployments repeatable', () => {
    const parsed = parsePlatformArgs([
      '--issuer',
      platform.issuer,
      '--client-id',
      'abc',
      '--deployment-id',
      '1',
      '--deployment-id',
      '2',
      '--auth-url',
      platform.authorizationUrl,
      '--token-url',
      platform.tokenUrl,
      '--jwks-url',
      platform.jwksUrl,
    ]);
    expect(parsed).toEqual({ ok: true, platform: { ...platform, deploymentIds: ['1', '2'] } });
    const trusted = parsePlatformArgs([
      '--issuer',
      platform.issuer,
      '--trust-teaching-roles',
      '--client-id',
      'abc',
      '--auth-url',
      platform.authorizationUrl,
      '--token-url',
      platform.tokenUrl,
      '--jwks-url',
      platform.jwksUrl,
    ]);
    expect(trusted).toEqual({
      ok: true,
      platform: { ...platform, deploymentIds: [], trustTeachingRoles: true },
    });
    expect(parsePlatformArgs(['--issuer', 'x'])).toMatchObject({
      ok: false,
      message: expect.stringContaining('clientId is required'),
    });
    expect(parsePlatformArgs(['--colour', 'blue'])).toEqual({
      ok: false,
      message: 'unexpected argument --colour',
    });
  });
});
