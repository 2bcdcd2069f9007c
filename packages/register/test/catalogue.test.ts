import { AppError } from '@evident/core/errors';
import { exampleUnits } from '@evident/core/example-units';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueUnits, createCatalogueRegister } from '../src/catalogue';
import { createTrainingRegister } from '../src/register-factory';
import { type FakeRegister, sendJson, startFakeRegister } from './fake-register-server';

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('offline catalogue', () => {
  const catalogue = createCatalogueRegister();

  it.each(exampleUnits.map((example) => [example.code]))(
    'holds %s with its evidence and elements',
    async (code) => {
      const unit = await catalogue.fetchUnit(code.toLowerCase());
      const lines = unit.performanceEvidence.split('\n');
      const items = lines.filter((line) => !line.startsWith(' '));
      const nested = lines.filter((line) => line.startsWith(' '));

      expect(unit.code).toBe(code);
      expect(unit.title.length).toBeGreaterThan(5);
      expect(unit.note).toBe('Summary prepared by Evident; not the official register text.');
      expect(unit.performanceEvidence).not.toMatch(/summary|official register/i);
      expect(unit.performanceEvidence).toMatch(/at least (one|two|three)/);
      expect(items.length).toBeGreaterThanOrEqual(6);
      expect(items.length).toBeLessThanOrEqual(12);
      expect(nested.length).toBeGreaterThan(0);
      for (const line of nested) expect(line).toMatch(/^ {2}\S/);
      expect(unit.elements.length).toBeGreaterThanOrEqual(3);
      expect(unit.elements.length).toBeLessThanOrEqual(5);
      for (const element of unit.elements) expect(element.performanceCriteria.length).toBeGreaterThan(0);
    },
  );

  it('lists the example units in the order the unit-setup screen offers them', () => {
    expect(catalogueUnits.map((unit) => unit.code)).toEqual(['RIIWHS204E', 'HLTINF006', 'SITXFSA005']);
    expect(catalogueUnits.map((unit) => unit.title)).toEqual([
      'Work safely at heights',
      'Apply basic principles and practices of infection prevention and control',
      'Use hygienic practices for food safety',
    ]);
  });

  it('says a unit it does not hold was not found', async () => {
    const error = await rejection(catalogue.fetchUnit('bsbwor203'));

    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe('Unit BSBWOR203 was not found on the national training register');
  });

  it('hands out copies, so one caller cannot change the catalogue for the next', async () => {
    const first = await catalogue.fetchUnit('HLTINF006');
    first.elements[0]?.performanceCriteria.push('changed');
    const second = await catalogue.fetchUnit('HLTINF006');

    expect(second.elements[0]?.performanceCriteria).not.toContain('changed');
  });
});

describe('choosing a register', () => {
  let register: FakeRegister;

  beforeAll(async () => {
    register = await startFakeRegister({
      '/api/training/BSBWOR203': (_req, res) =>
        sendJson(res, { code: 'BSBWOR203', title: 'Work effectively with others', releases: [] }),
      '/api/training/BSBWOR203/releases/1': (_req, res) => sendJson(res, { contentBundles: [] }),
      '/api/training/SITXFSA005': (_req, res) => {
        res.writeHead(502);
        res.end();
      },
    });
  });

  afterAll(async () => {
    await register.close();
  });

  it('uses the catalogue when no base URL is configured', async () => {
    const unit = await createTrainingRegister().fetchUnit('RIIWHS204E');

    expect(unit.note).toMatch(/^Summary prepared by Evident/);
  });

  it('uses the live register when a base URL is configured', async () => {
    const live = createTrainingRegister({ baseUrl: register.baseUrl, retryBaseDelayMs: 1 });

    expect((await live.fetchUnit('BSBWOR203')).title).toBe('Work effectively with others');
    expect((await rejection(live.fetchUnit('HLTINF006'))).code).toBe('NOT_FOUND');
  });

  it('falls back to the catalogue for catalogued units only when asked to', async () => {
    const withFallback = createTrainingRegister({
      baseUrl: register.baseUrl,
      fallbackToCatalogue: true,
      retryBaseDelayMs: 1,
    });

    expect((await withFallback.fetchUnit('HLTINF006')).code).toBe('HLTINF006');
    expect((await withFallback.fetchUnit('SITXFSA005')).title).toBe('Use hygienic practices for food safety');
    expect((await rejection(withFallback.fetchUnit('XYZ999'))).code).toBe('NOT_FOUND');
    expect(register.requests).toContain('/api/training/HLTINF006');
  });
});
