import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('configuration', () => {
  it('has working embedded defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('pglite');
    expect(config.seedDemo).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
    // Relative file links: they work from whatever address the browser opened the app at.
    expect(config.files.linkBaseUrl).toBe('');
    expect(loadConfig({ PUBLIC_URL: 'https://evident.example/' }).files.linkBaseUrl).toBe(
      'https://evident.example',
    );
  });

  it('never seeds demo people on a real database unless asked', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/evident' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/evident', SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('asks the live training register by default, and none when told off', () => {
    expect(loadConfig({}).register).toEqual({ baseUrl: 'https://training.gov.au' });
    expect(loadConfig({ TGA_BASE_URL: ' ' }).register.baseUrl).toBe('https://training.gov.au');
    expect(loadConfig({ TGA_BASE_URL: 'off' }).register).toEqual({ baseUrl: null });
    expect(loadConfig({ TGA_BASE_URL: 'OFF' }).register.baseUrl).toBeNull();
    expect(loadConfig({ TGA_BASE_URL: 'http://127.0.0.1:4318' }).register.baseUrl).toBe(
      'http://127.0.0.1:4318',
    );
  });

  it.each([
    [{ TGA_BASE_URL: 'training.gov.au' }, 'TGA_BASE_URL'],
    [{ TGA_BASE_URL: 'ftp://training.gov.au' }, 'TGA_BASE_URL'],
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://db' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO'],
    [{ INITIAL_ADMIN_EMAIL: 'boss@example.com' }, 'INITIAL_ADMIN_PASSWORD'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
  ])('a wrong value stops start-up naming the variable (%o)', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
