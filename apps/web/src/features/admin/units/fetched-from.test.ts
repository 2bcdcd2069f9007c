import { describe, expect, it } from 'vitest';
import { fetchedFromMessage } from './fetched-from';

describe("the unit form's fetch toast", () => {
  it('names the register when the register answered', () => {
    expect(fetchedFromMessage({ code: 'CPCCWHS2001', fallbackReason: null })).toBe(
      'Fetched CPCCWHS2001 from the national training register',
    );
  });

  it('names the bundled example units, and why, when they answered instead', () => {
    expect(
      fetchedFromMessage({
        code: 'RIIWHS204E',
        fallbackReason: 'the national training register could not be reached just now',
      }),
    ).toBe(
      'Fetched RIIWHS204E from the bundled example units: the national training register could not be reached just now.',
    );
  });
});
