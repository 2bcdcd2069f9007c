import { AppError } from '@evident/core/errors';
import { exampleUnits } from '@evident/core/example-units';
import { describe, expect, it } from 'vitest';
import { catalogueUnits, createCatalogueRegister } from '../src/catalogue';

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

  it.each(exampleUnits.map((example) => [example.code]))(
    'keys %s as elements, criteria and PE under the catalogue release, and holds no KE, AC or FS it cannot quote',
    async (code) => {
      const unit = await catalogue.fetchUnit(code);
      const sections = new Set((unit.requirements ?? []).map((item) => item.section));

      expect(unit.release).toBe('catalogue');
      expect([...sections]).toEqual(['element', 'pc', 'pe']);
      const criteria = unit.elements.flatMap((element) => element.performanceCriteria);
      expect(unit.requirements?.filter((item) => item.section === 'pc').map((item) => item.text)).toEqual(
        criteria,
      );
      expect(unit.requirements?.find((item) => item.key === 'PC 1.1')?.parentKey).toBe('E 1');
      const keys = (unit.requirements ?? []).map((item) => item.key);
      expect(new Set(keys).size).toBe(keys.length);
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

  it('says a unit it does not hold is not among its examples, not that the register lacks it', async () => {
    const error = await rejection(catalogue.fetchUnit('bsbwor203'));

    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toMatch(/^Unit BSBWOR203 is not one of the example units this server holds/);
    expect(error.message).not.toMatch(/not found/);
  });

  it('hands out copies, so one caller cannot change the catalogue for the next', async () => {
    const first = await catalogue.fetchUnit('HLTINF006');
    first.elements[0]?.performanceCriteria.push('changed');
    const second = await catalogue.fetchUnit('HLTINF006');

    expect(second.elements[0]?.performanceCriteria).not.toContain('changed');
  });
});
