import { describe, expect, it } from 'vitest';
import { unitCodeSchema } from '../src/curriculum';

describe('unit codes', () => {
  it('are trimmed and upper-cased', () => {
    expect(unitCodeSchema.parse('  riiwhs204e ')).toBe('RIIWHS204E');
  });

  it('refuses blanks and punctuation', () => {
    expect(unitCodeSchema.safeParse('   ').success).toBe(false);
    expect(unitCodeSchema.safeParse('RII/WHS').success).toBe(false);
  });
});
