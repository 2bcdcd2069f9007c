import { z } from 'zod';
import { canonicalTimeZone } from './time-zone';

const zoneMessage = (name: string) =>
  `Unknown time zone '${name}': use an IANA time zone such as Australia/Sydney`;

/** An IANA zone the server knows, in its own spelling ('australia/sydney' is kept as 'Australia/Sydney'). */
export const timeZoneSchema = z
  .string({ error: 'timeZone is required' })
  .trim()
  .min(1, 'timeZone is required')
  .max(64, 'timeZone must be at most 64 characters')
  .transform((name, ctx) => {
    const zone = canonicalTimeZone(name);
    if (zone) return zone;
    ctx.addIssue({ code: 'custom', message: zoneMessage(name) });
    return z.NEVER;
  });

/** `admin.settings.update` / `PUT /api/admin/settings`. */
export const orgSettingsInput = z.object({ timeZone: timeZoneSchema });
export type OrgSettingsInput = z.input<typeof orgSettingsInput>;

/** What `admin.settings.get` and `.update` answer. */
export const orgSettingsOutput = z.object({
  /** The zone every date in the PDF record, CSV exports and mail is written in. */
  timeZone: z.string(),
  /** 'Australian Eastern Time (Sydney)', as the documents name it. */
  timeZoneLabel: z.string(),
  /** True until an admin chooses a zone: the zone is then the server's. */
  isServerDefault: z.boolean(),
});
export type OrgSettings = z.infer<typeof orgSettingsOutput>;
