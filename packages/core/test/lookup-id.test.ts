import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isNotFoundIssue, lookupIdSchema } from '../src/lookup-id';

describe('an id named in a path', () => {
  const input = z.object({ id: lookupIdSchema('Unit') });

  it('accepts any UUID, in either case', () => {
    expect(input.parse({ id: '0B7E3F1C-1A2B-4C3D-8E9F-0A1B2C3D4E5F' }).id).toBe(
      '0B7E3F1C-1A2B-4C3D-8E9F-0A1B2C3D4E5F',
    );
  });

  it('finds nothing for a value that cannot be an id, and says so as not found', () => {
    const result = input.safeParse({ id: 'not-a-uuid' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]?.message).toBe('Unit not found');
    expect(result.error?.issues.every(isNotFoundIssue)).toBe(true);
  });

  it('leaves other refusals as they are', () => {
    const result = z.object({ name: z.string().min(3) }).safeParse({ name: 'x' });
    expect(result.error?.issues.some(isNotFoundIssue)).toBe(false);
  });
});
