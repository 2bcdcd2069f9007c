import { z } from 'zod';
import { requirementKeyPrefixes, requirementSections } from './requirements';

export const requirementKeySchema = z
  .string()
  .trim()
  .regex(/^(E|PC|PE|KE|AC|FS) \d{1,3}(\.\d{1,3}){0,2}$/, 'A requirement key looks like "PC 1.1" or "KE 3"');

/** A release as the register numbers it ("1", "2"), or one of the stand-ins ('catalogue', 'unknown'). */
export const releaseSchema = z
  .string({ error: 'Release is required' })
  .trim()
  .min(1, 'Release is required')
  .max(20, 'Release is too long')
  .regex(/^[A-Za-z0-9.]+$/, 'A release is a number like "2"');

export const requirementItemInput = z.object({
  section: z.enum(requirementSections, { error: `Section must be one of ${requirementSections.join(', ')}` }),
  key: requirementKeySchema,
  parentKey: requirementKeySchema.nullable(),
  text: z
    .string({ error: 'Each requirement needs its text' })
    .trim()
    .min(1, 'Each requirement needs its text')
    .max(4000, 'A requirement is at most 4,000 characters'),
});

/**
 * A release of a unit's requirements as the unit form sends it (fetched, or pasted section by
 * section): keys unique, each key's prefix its section's, each parent one of the items.
 */
export const unitRequirementsInput = z
  .object({
    release: releaseSchema,
    items: z.array(requirementItemInput).max(2000, 'At most 2,000 requirements'),
  })
  .superRefine(({ items }, ctx) => {
    const keys = new Set<string>();
    items.forEach((item, index) => {
      const path = ['items', index];
      if (keys.has(item.key)) ctx.addIssue({ code: 'custom', path, message: `${item.key} appears twice` });
      keys.add(item.key);
      if (!item.key.startsWith(`${requirementKeyPrefixes[item.section]} `))
        ctx.addIssue({ code: 'custom', path, message: `${item.key} is not a key of its section` });
    });
    items.forEach((item, index) => {
      if (item.parentKey !== null && !keys.has(item.parentKey))
        ctx.addIssue({
          code: 'custom',
          path: ['items', index],
          message: `${item.key} sits under ${item.parentKey}, which is not among the requirements`,
        });
    });
  });
export type UnitRequirementsInput = z.input<typeof unitRequirementsInput>;
