import { AppError } from '@evident/core/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrainingRegister } from '../src/register-factory';
import { type FakeRegister, type Route, sendJson, startFakeRegister } from './fake-register-server';
import { startUnansweredPort, type UnansweredPort } from './unanswered-port';

// The default path of a server with internet: training.gov.au first, the catalogue behind it.

const routes: Record<string, Route> = {
  '/api/training/CPCCWHS2001': (_req, res) =>
    sendJson(res, {
      code: 'CPCCWHS2001',
      title: 'Apply WHS requirements, policies and procedures in the construction industry',
      releases: [{ releaseNumber: '1', currency: 'Current' }],
    }),
  '/api/training/CPCCWHS2001/releases/1': (_req, res) =>
    sendJson(res, { releaseNumber: '1', contentBundles: [{ id: 'whs-1' }] }),
  '/api/content/bundle/whs-1': (_req, res) =>
    sendJson(res, {
      id: 'whs-1',
      items: [
        {
          contentType: 'PerformanceEvidence',
          content: '<ul><li>identify and report hazards on a construction site</li></ul>',
        },
      ],
    }),
};

const UNREACHABLE =
  'The national training register could not be reached just now, so unit CPCCWHS2001 could not be looked up. Try again in a few minutes. An RTO admin can also enter the unit by hand.';

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

let register: FakeRegister;

beforeAll(async () => {
  register = await startFakeRegister(routes);
});

afterAll(async () => {
  await register.close();
});

describe('the live register with the catalogue behind it', () => {
  it('answers a real unit from the register', async () => {
    const unit = await createTrainingRegister({ baseUrl: register.baseUrl }).fetchUnit('cpccwhs2001');

    expect(unit.title).toBe('Apply WHS requirements, policies and procedures in the construction industry');
    expect(unit.performanceEvidence).toBe('identify and report hazards on a construction site');
    expect(unit.note).toBeUndefined();
    expect(unit.fallbackReason).toBeUndefined();
  });

  it('says not found when the register itself answers so', async () => {
    const error = await rejection(createTrainingRegister({ baseUrl: register.baseUrl }).fetchUnit('XYZ999'));

    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe('Unit XYZ999 was not found on the national training register');
    expect(register.requests).toContain('/api/training/XYZ999');
  });

  it('answers a catalogued unit the register does not know from the catalogue', async () => {
    const unit = await createTrainingRegister({ baseUrl: register.baseUrl }).fetchUnit('HLTINF006');

    expect(unit.note).toBe('Summary prepared by Evident; not the official register text.');
    expect(unit.fallbackReason).toBe('the national training register does not list it');
  });

  it('knows within a few seconds that the register cannot be reached, and says so', async () => {
    const closed = await startFakeRegister({});
    await closed.close();
    const offline = createTrainingRegister({ baseUrl: closed.baseUrl });

    const { result: error, ms } = await timed(() => rejection(offline.fetchUnit('CPCCWHS2001')));
    expect(ms).toBeLessThan(3_000);
    expect(error.code).toBe('UPSTREAM_FAILED');
    expect(error.message).toBe(UNREACHABLE);
    expect(error.message).not.toMatch(/not found/i);

    const catalogued = await offline.fetchUnit('RIIWHS204E');
    expect(catalogued.title).toBe('Work safely at heights');
    expect(catalogued.note).toMatch(/^Summary prepared by Evident/);
    expect(catalogued.fallbackReason).toBe('the national training register could not be reached just now');
  });

  it('asks the register again on the next request once it is back', async () => {
    const flaky = await startFakeRegister(routes);
    const port = Number(new URL(flaky.baseUrl).port);
    const live = createTrainingRegister({ baseUrl: flaky.baseUrl });
    await flaky.close();

    expect((await rejection(live.fetchUnit('CPCCWHS2001'))).message).toBe(UNREACHABLE);

    const back = await startFakeRegister(routes, port);
    try {
      expect((await live.fetchUnit('CPCCWHS2001')).title).toMatch(/^Apply WHS requirements/);
    } finally {
      await back.close();
    }
  });
});

describe('a register that takes no connection', () => {
  let silent: UnansweredPort;

  beforeAll(async () => {
    silent = await startUnansweredPort();
  });

  afterAll(async () => {
    await silent.close();
  });

  it('counts as out of reach once the connect limit passes, not after the answer timeout', async () => {
    const live = createTrainingRegister({
      baseUrl: silent.baseUrl,
      connectTimeoutMs: 300,
      timeoutMs: 20_000,
    });

    const { result: error, ms } = await timed(() => rejection(live.fetchUnit('CPCCWHS2001')));
    expect(ms).toBeGreaterThanOrEqual(250);
    expect(ms).toBeLessThan(2_000);
    expect(error.message).toBe(UNREACHABLE);
    expect((await live.fetchUnit('SITXFSA005')).title).toBe('Use hygienic practices for food safety');
  });
});

describe('a server set to work offline', () => {
  const offline = createTrainingRegister({ baseUrl: null });

  it('answers the example units from the catalogue', async () => {
    const unit = await offline.fetchUnit('sitxfsa005');
    expect(unit.note).toMatch(/^Summary prepared by Evident/);
    expect(unit.fallbackReason).toBe('this server is set up to work without the national training register');
  });

  it('says it works without the register, not that the unit does not exist', async () => {
    const error = await rejection(offline.fetchUnit('CPCCWHS2001'));

    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe(
      'Unit CPCCWHS2001 is not one of the example units this server holds, and this server is set up to work without the national training register. An RTO admin can enter the unit by hand.',
    );
  });
});
