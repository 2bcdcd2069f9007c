import { describe, expect, it } from 'vitest';
import { isCrossSiteMutation } from '../src/origin-check';

const post = (headers: Record<string, string>, host: string) =>
  isCrossSiteMutation('POST', { cookie: 'evident_session=abc', ...headers }, host);

describe('isCrossSiteMutation', () => {
  it('lets our own pages through, with or without a spelled-out default port', () => {
    expect(post({ origin: 'http://localhost:3000' }, 'localhost:3000')).toBe(false);
    expect(post({ origin: 'https://evident.example' }, 'evident.example:443')).toBe(false);
  });

  it('refuses another origin, a null origin and a cross-site fetch hint', () => {
    expect(post({ origin: 'https://evil.example' }, 'evident.example')).toBe(true);
    expect(post({ origin: 'null' }, 'evident.example')).toBe(true);
    expect(post({ 'sec-fetch-site': 'cross-site' }, 'evident.example')).toBe(true);
  });

  it('leaves safe methods and cookie-less callers alone', () => {
    expect(isCrossSiteMutation('GET', { cookie: 'a=b', origin: 'https://evil.example' }, 'x')).toBe(false);
    expect(isCrossSiteMutation('POST', { origin: 'https://evil.example' }, 'x')).toBe(false);
  });
});
