import { describe, expect, it } from 'vitest';
import { isCrossSiteMutation } from '../src/origin-check';

const post = (headers: Record<string, string>, trustProxy = false) =>
  isCrossSiteMutation('POST', { cookie: 'evident_session=abc', ...headers }, { trustProxy });

describe('isCrossSiteMutation', () => {
  it('lets our own pages through, with or without a spelled-out default port', () => {
    expect(post({ origin: 'http://localhost:3000', host: 'localhost:3000' })).toBe(false);
    expect(post({ origin: 'https://evident.example', host: 'evident.example:443' })).toBe(false);
  });

  it('refuses another origin, a null origin and a cross-site fetch hint', () => {
    expect(post({ origin: 'https://evil.example', host: 'evident.example' })).toBe(true);
    expect(post({ origin: 'null', host: 'evident.example' })).toBe(true);
    expect(post({ 'sec-fetch-site': 'cross-site', host: 'evident.example' })).toBe(true);
  });

  it('believes X-Forwarded-Host only from a trusted proxy', () => {
    const viaProxy = {
      origin: 'https://evident.example',
      host: '10.0.0.5:3000',
      'x-forwarded-host': 'evident.example',
    };
    expect(post(viaProxy, true)).toBe(false);
    const forged = {
      origin: 'https://evil.example',
      host: 'evident.example',
      'x-forwarded-host': 'evil.example',
    };
    expect(post(forged, false)).toBe(true);
  });

  it('leaves safe methods and cookie-less callers alone', () => {
    expect(
      isCrossSiteMutation('GET', { cookie: 'a=b', origin: 'https://evil.example' }, { trustProxy: false }),
    ).toBe(false);
    expect(
      isCrossSiteMutation('POST', { origin: 'https://evil.example', host: 'x' }, { trustProxy: false }),
    ).toBe(false);
  });
});
