import { AppError } from '@evident/core/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTgaClient, type TgaClientConfig } from '../src/tga-client';
import { type FakeRegister, sendJson, startFakeRegister } from './fake-register-server';
import { bundles, component, PERFORMANCE_EVIDENCE_TEXT, release } from './tga-fixtures';

let register: FakeRegister;

beforeAll(async () => {
  register = await startFakeRegister({
    '/api/training/RIIWHS204E': (_req, res) =>
      sendJson(res, component('RIIWHS204E', 'Work safely at heights')),
    '/api/training/RIIWHS204E/releases/2': (_req, res) => sendJson(res, release(['pe-1', 'pc-1'])),
    ...Object.fromEntries(
      Object.entries(bundles).map(([path, body]) => [path, (_req, res) => sendJson(res, body)] as const),
    ),
    // Busy the first time, fine the second.
    '/api/training/BUSY001': (_req, res, hit) => {
      if (hit === 1) {
        res.writeHead(429, { 'retry-after': '0' });
        res.end('Too Many Requests');
        return;
      }
      sendJson(res, { code: 'BUSY001', title: 'A busy unit', releases: [{ releaseNumber: 1 }] });
    },
    '/api/training/BUSY001/releases/1': (_req, res) => sendJson(res, release(['pe-1'])),
    '/api/training/PATIENT001': (_req, res, hit) => {
      if (hit === 1) {
        res.writeHead(503, { 'retry-after': '3600' });
        res.end();
        return;
      }
      sendJson(res, { code: 'PATIENT001', title: 'A patient unit', releases: [] });
    },
    '/api/training/PATIENT001/releases/1': (_req, res) => sendJson(res, release([])),
    '/api/training/BROKEN001': (_req, res) => {
      res.writeHead(503);
      res.end('Service Unavailable');
    },
    '/api/training/REFUSED001': (_req, res) => {
      res.writeHead(400);
      res.end('Bad Request');
    },
    '/api/training/ODD001': (_req, res) => sendJson(res, { code: 'ODD001', title: 42 }),
    '/api/training/SLOW001': () => {
      // Never answers: the client's timeout must end the wait.
    },
  });
});

afterAll(async () => {
  await register.close();
});

function client(overrides: Partial<TgaClientConfig> = {}) {
  return createTgaClient({ baseUrl: register.baseUrl, retryBaseDelayMs: 1, ...overrides });
}

function recordWait(waits: number[]) {
  return async (ms: number) => {
    waits.push(ms);
  };
}

function requestsFor(code: string): string[] {
  return register.requests.filter((path) => path === `/api/training/${code}`);
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('training.gov.au client', () => {
  it('reads the current release and turns Performance Evidence into indented plain text', async () => {
    const unit = await client().fetchUnit(' riiwhs204e ');

    expect(unit.code).toBe('RIIWHS204E');
    expect(unit.title).toBe('Work safely at heights');
    expect(unit.performanceEvidence).toBe(PERFORMANCE_EVIDENCE_TEXT);
    expect(register.urls).toContain('/api/training/RIIWHS204E?include=all&api-version=1.0');
    expect(register.requests).toContain('/api/training/RIIWHS204E/releases/2');
    expect(register.requests).not.toContain('/api/training/RIIWHS204E/releases/1');
  });

  it('parses elements and their performance criteria from the register table', async () => {
    const unit = await client().fetchUnit('RIIWHS204E');

    expect(unit.elements).toEqual([
      {
        title: 'Plan and prepare for work',
        performanceCriteria: ['Access & interpret work documents', 'Identify fall hazards'],
      },
      {
        title: 'Install fall protection',
        performanceCriteria: [
          'Select anchor points',
          'Fit the harness, including: checking straps; adjusting the fit',
        ],
      },
    ]);
  });

  it('reads the whole unit as keyed items with the release: criteria, PE, KE, AC and foundation skills', async () => {
    const unit = await client().fetchUnit('RIIWHS204E');
    const items = (unit.requirements ?? []).map((item) => [item.key, item.parentKey, item.text]);

    expect(unit.release).toBe('2');
    expect(items.filter(([key]) => /^(E|PC) /.test(String(key)))).toEqual([
      ['E 1', null, 'Plan and prepare for work'],
      ['PC 1.1', 'E 1', 'Access & interpret work documents'],
      ['PC 1.2', 'E 1', 'Identify fall hazards'],
      ['E 2', null, 'Install fall protection'],
      ['PC 2.1', 'E 2', 'Select anchor points'],
      ['PC 2.2', 'E 2', 'Fit the harness, including: checking straps; adjusting the fit'],
    ]);
    expect(items.filter(([key]) => String(key).startsWith('KE '))).toEqual([
      ['KE 1', null, 'hazards associated with work at heights'],
      ['KE 2', null, 'fall protection equipment, including:'],
      ['KE 2.1', 'KE 2', 'harnesses and lanyards'],
      ['KE 2.2', 'KE 2', 'anchor points & static lines'],
      ['KE 3', null, 'relevant legislation, including:'],
      ['KE 3.1', 'KE 3', 'work health and safety regulations'],
      ['KE 3.2', 'KE 3', 'codes of practice for falls'],
    ]);
    expect(items.filter(([key]) => String(key).startsWith('AC '))).toEqual([
      ['AC 1', null, 'physical conditions:'],
      ['AC 1.1', 'AC 1', 'a workplace or an environment that accurately represents workplace conditions'],
      ['AC 2', null, 'resources, equipment and materials:'],
      ['AC 2.1', 'AC 2', 'fall arrest harness'],
      ['AC 2.2', 'AC 2', 'anchor points'],
      [
        'AC 3',
        null,
        'Assessors of this unit must satisfy the requirements for assessors in applicable vocational education and training legislation, frameworks and/or standards.',
      ],
    ]);
    expect(items.filter(([key]) => String(key).startsWith('FS '))).toEqual([
      ['FS 1', null, 'Reading'],
      ['FS 1.1', 'FS 1', 'Interprets safety documents'],
      ['FS 1.2', 'FS 1', 'Reads equipment tags'],
      ['FS 2', null, 'Oral communication'],
      ['FS 2.1', 'FS 2', 'Agrees signals with the team'],
    ]);
    // The framing sentences are no items: nothing evidences "the candidate must ...".
    expect(
      items.some(([, , text]) =>
        /candidate must be able|Evidence required|This section describes|Assessment of the skills/.test(
          String(text),
        ),
      ),
    ).toBe(false);
    expect(items.filter(([key]) => String(key).startsWith('PE ')).map(([key]) => key)).toEqual([
      'PE 1',
      'PE 1.1',
      'PE 1.2',
      'PE 1.2.1',
      'PE 2',
      'PE 3',
      'PE 3.1',
    ]);
  });

  it('says a unit the register does not know was not found', async () => {
    const error = await rejection(client().fetchUnit('xyz999'));

    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe('Unit XYZ999 was not found on the national training register');
  });

  it('refuses a code with punctuation without asking the register', async () => {
    const before = register.requests.length;
    const error = await rejection(client().fetchUnit('../admin'));

    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe('"../admin" is not a unit code: unit codes are letters and digits only');
    expect(register.requests.length).toBe(before);
  });

  it('waits as long as Retry-After says and tries again when the register is busy', async () => {
    const waits: number[] = [];
    const unit = await client({ sleep: recordWait(waits) }).fetchUnit('BUSY001');

    expect(unit.title).toBe('A busy unit');
    expect(unit.elements).toEqual([]);
    expect(requestsFor('BUSY001')).toHaveLength(2);
    expect(waits).toEqual([0]);
  });

  it('caps a long Retry-After at two seconds, as someone is waiting on the answer', async () => {
    const waits: number[] = [];
    const unit = await client({ sleep: recordWait(waits) }).fetchUnit('PATIENT001');

    expect(unit.title).toBe('A patient unit');
    expect(waits).toEqual([2_000]);
  });

  it('tries a failing register once more, briefly, then says it is having trouble', async () => {
    const waits: number[] = [];
    const error = await rejection(
      client({ sleep: recordWait(waits), retryBaseDelayMs: 100 }).fetchUnit('BROKEN001'),
    );

    expect(error.code).toBe('UPSTREAM_FAILED');
    expect(error.message).toBe(
      'The national training register is having trouble just now (it answered HTTP 503), so unit BROKEN001 could not be looked up. Try again in a few minutes. An RTO admin can also enter the unit by hand.',
    );
    expect(requestsFor('BROKEN001')).toHaveLength(2);
    expect(waits).toEqual([100]);
  });

  it('backs off exponentially when asked for more attempts', async () => {
    const waits: number[] = [];
    await rejection(
      client({ sleep: recordWait(waits), retryBaseDelayMs: 100, maxAttempts: 3 }).fetchUnit('BROKEN001'),
    );

    expect(waits).toEqual([100, 200]);
  });

  it('does not retry a request the register refuses', async () => {
    const error = await rejection(client().fetchUnit('REFUSED001'));

    expect(error.code).toBe('UPSTREAM_FAILED');
    expect(requestsFor('REFUSED001')).toHaveLength(1);
  });

  it('reports an answer of the wrong shape as one it could not read', async () => {
    const error = await rejection(client().fetchUnit('ODD001'));

    expect(error.code).toBe('UPSTREAM_FAILED');
    expect(error.message).toBe(
      'The national training register sent an answer Evident could not read, so unit ODD001 could not be looked up. Try again later. An RTO admin can also enter the unit by hand.',
    );
  });

  it('stops waiting for a register that does not answer, without asking again', async () => {
    const error = await rejection(client({ timeoutMs: 50, maxAttempts: 2 }).fetchUnit('SLOW001'));

    expect(error.code).toBe('UPSTREAM_FAILED');
    expect(error.message).toMatch(/^The national training register did not answer in time, so unit SLOW001/);
    expect(requestsFor('SLOW001')).toHaveLength(1);
  });

  it('says the register could not be reached when nothing listens at the base URL', async () => {
    const closed = await startFakeRegister({});
    await closed.close();
    const error = await rejection(
      createTgaClient({ baseUrl: closed.baseUrl, retryBaseDelayMs: 1 }).fetchUnit('RIIWHS204E'),
    );

    expect(error.code).toBe('UPSTREAM_FAILED');
    expect(error.message).toBe(
      'The national training register could not be reached just now, so unit RIIWHS204E could not be looked up. Try again in a few minutes. An RTO admin can also enter the unit by hand.',
    );
  });

  it('serves a unit from its cache for a day, then asks the register again', async () => {
    let now = Date.parse('2025-03-01T09:00:00Z');
    const cached = client({ now: () => now });

    await cached.fetchUnit('RIIWHS204E');
    const afterFirst = register.requests.length;

    now += 23 * 60 * 60 * 1000;
    const again = await cached.fetchUnit('riiwhs204e');
    expect(register.requests.length).toBe(afterFirst);
    expect(again.title).toBe('Work safely at heights');

    now += 2 * 60 * 60 * 1000;
    await cached.fetchUnit('RIIWHS204E');
    expect(register.requests.length).toBe(afterFirst + 4);
  });

  it('does not cache a failure', async () => {
    const cached = client();

    await rejection(cached.fetchUnit('NOPE001'));
    await rejection(cached.fetchUnit('NOPE001'));

    expect(requestsFor('NOPE001')).toHaveLength(2);
  });
});
