import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

const provider = {
  OIDC_ISSUER: 'https://login.example.org',
  OIDC_CLIENT_ID: 'evident',
  OIDC_CLIENT_SECRET: 'secret',
};

describe('single sign-on configuration', () => {
  it('is off unless all three are set, and named by OIDC_NAME', () => {
    expect(loadConfig({}).oidc).toBeNull();
    expect(loadConfig(provider).oidc).toMatchObject({
      issuer: 'https://login.example.org',
      displayName: 'Single Sign-On',
    });
    expect(loadConfig({ ...provider, OIDC_NAME: 'Microsoft' }).oidc?.displayName).toBe('Microsoft');
  });

  it('stops start-up when only part of it is set, naming what is missing', () => {
    expect(() => loadConfig({ OIDC_ISSUER: provider.OIDC_ISSUER })).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_ISSUER: provider.OIDC_ISSUER })).toThrow(/OIDC_CLIENT_ID is required/);
    expect(() => loadConfig({ ...provider, OIDC_CLIENT_SECRET: '' })).toThrow(
      /OIDC_CLIENT_SECRET is required/,
    );
  });

  it('refuses a plain-http provider that is not on this machine', () => {
    expect(() => loadConfig({ ...provider, OIDC_ISSUER: 'http://login.example.org' })).toThrow(
      /must use https/,
    );
    expect(
      loadConfig({ ...provider, OIDC_ISSUER: 'http://127.0.0.1:4000' }).oidc?.allowInsecureRequests,
    ).toBe(true);
    expect(() => loadConfig({ ...provider, OIDC_ISSUER: 'not a url' })).toThrow(/OIDC_ISSUER/);
  });
});
