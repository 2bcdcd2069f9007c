import { z } from 'zod';
import { optionalText } from './config-fields';

/** Real RTOs run with internet, so the live register is the default; `off` keeps a server offline. */
export const TGA_DEFAULT_BASE_URL = 'https://training.gov.au';

export const registerEnv = z.object({
  TGA_BASE_URL: optionalText.pipe(
    z
      .union([
        z
          .string()
          .regex(/^off$/i)
          .transform(() => 'off' as const),
        z.url({ protocol: /^https?$/, error: 'must be a URL such as https://training.gov.au, or off' }),
      ])
      .optional(),
  ),
});

/** training.gov.au's address, or null for the bundled catalogue alone. */
export const registerConfig = (env: z.infer<typeof registerEnv>) => ({
  baseUrl: env.TGA_BASE_URL === 'off' ? null : (env.TGA_BASE_URL ?? TGA_DEFAULT_BASE_URL),
});
