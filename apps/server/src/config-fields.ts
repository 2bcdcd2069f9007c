import { z } from 'zod';

/** 0, 1, true or false: how every on/off setting is written. */
export const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** Text that counts as unset when empty or blank, as an `.env` line with nothing after `=` leaves it. */
export const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));
