import type { OrgSettings } from '@evident/core/org-settings';
import { timeZoneLabel } from '@evident/core/time-zone';
import { recordAudit } from '@evident/db/queries/audit';
import { saveOrgTimeZone } from '@evident/db/queries/org-settings';
import type { AuthedContext, Context } from '../../context';
import { orgTimeZone } from '../../rules/org-time-zone';

/** `admin.settings.get` / `GET /api/admin/settings`. */
export async function getOrgSettings(ctx: Pick<Context, 'db'>): Promise<OrgSettings> {
  const { timeZone, isServerDefault } = await orgTimeZone(ctx.db);
  return { timeZone, timeZoneLabel: timeZoneLabel(timeZone), isServerDefault };
}

/**
 * `admin.settings.update` / `PUT /api/admin/settings`. Audited with the zone before and after: every
 * date in a record printed since reads by it, so when it changed is part of reading an old print.
 */
export async function updateOrgSettings(
  ctx: Pick<AuthedContext, 'db' | 'realUserId'>,
  input: { timeZone: string },
  now: Date = new Date(),
): Promise<OrgSettings> {
  await ctx.db.transaction(async (tx) => {
    const before = await orgTimeZone(tx);
    await saveOrgTimeZone(tx, { timeZone: input.timeZone, by: ctx.realUserId, at: now });
    if (before.timeZone === input.timeZone && !before.isServerDefault) return;
    await recordAudit(tx, {
      actorId: ctx.realUserId,
      action: 'settings.time-zone',
      detail: { from: before.timeZone, to: input.timeZone },
    });
  });
  return getOrgSettings(ctx);
}
