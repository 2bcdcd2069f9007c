import { z } from 'zod';

/**
 * Every date an input takes. ISO text allows year 0000, which PostgreSQL has no such year for (1 BC
 * is 0001 BC there) and refuses, and years far from ours that no class, filter or capture means:
 * so the years are bounded here, with a message naming the field, before any query is built.
 */
export const earliestYear = 1900;
export const latestYear = 2999;

const inBounds = (iso: string) => {
  const year = Number(iso.slice(0, 4));
  return year >= earliestYear && year <= latestYear;
};
const outOfBounds = (label: string) => `${label} must be a date from ${earliestYear} to ${latestYear}`;

/** A whole day, `2026-03-01`, as `date` columns keep it. */
export function day({ label }: { label: string }) {
  return z.iso
    .date({ error: `${label} must be a date such as 2026-03-01` })
    .refine(inBounds, outOfBounds(label));
}

/** A moment with its offset from UTC, `2026-03-01T09:30:00+10:00`. */
export function moment({ label, error }: { label: string; error?: string }) {
  return z.iso
    .datetime({ offset: true, error: error ?? `${label} must be an ISO date and time` })
    .refine(inBounds, outOfBounds(label));
}
