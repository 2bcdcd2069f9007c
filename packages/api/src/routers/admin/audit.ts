import { AUDIT_PAGE_SIZE, type AuditSearch, auditActionLabel } from '@evident/core/audit';
import { formatDateTime, timeZoneLabel } from '@evident/core/time-zone';
import { listAuditEvents, listAuditKinds } from '@evident/db/queries/audit';
import { stringify } from 'csv-stringify/sync';
import type { Context } from '../../context';
import { orgTimeZone } from '../../rules/org-time-zone';

/** A name as the row recorded it when the person is gone (or was never known). */
const recorded = (detail: Record<string, unknown>, key: string) =>
  typeof detail[key] === 'string' ? (detail[key] as string) : null;

/**
 * `GET /api/admin/audit`: a page of the trail, newest first, each row readable on its own. From and
 * to are the organisation's days, as its CSV writes them.
 */
export async function auditPage(ctx: Pick<Context, 'db'>, input: AuditSearch) {
  const { timeZone } = await orgTimeZone(ctx.db);
  const { events, total } = await listAuditEvents(ctx.db, input, AUDIT_PAGE_SIZE, timeZone);
  return {
    events: events.map((event) => ({
      ...event,
      createdAt: event.createdAt.toISOString(),
      label: auditActionLabel(event.action),
      actorName: event.actorName ?? recorded(event.detail, 'actorName'),
      subjectName: event.subjectName ?? recorded(event.detail, 'subjectName'),
    })),
    total: total ?? 0,
    page: input.page,
    pageSize: AUDIT_PAGE_SIZE,
    kinds: await listAuditKinds(ctx.db),
  };
}

/**
 * Every row the filters match (no paging), for a spreadsheet; formula-like text is defused. Times are
 * the organisation's, as in its other documents, with the zone named in the column's heading.
 */
export async function auditCsv(ctx: Pick<Context, 'db'>, input: AuditSearch) {
  const { timeZone } = await orgTimeZone(ctx.db);
  const { events } = await listAuditEvents(ctx.db, input, null, timeZone);
  const time = `Time in ${timeZoneLabel(timeZone)}`;
  const header = [time, 'Event', 'Kind', 'By', 'Acting as', 'Subject', 'Detail'];
  const rows = events.map((event) => [
    formatDateTime(event.createdAt, timeZone),
    auditActionLabel(event.action),
    event.action,
    event.actorName ?? recorded(event.detail, 'actorName') ?? '',
    event.actingAsName ?? '',
    event.subjectName ?? recorded(event.detail, 'subjectName') ?? '',
    JSON.stringify(event.detail),
  ]);
  const content = stringify([header, ...rows], {
    bom: true,
    record_delimiter: 'windows',
    escape_formulas: true,
  });
  return { fileName: 'audit-trail.csv', contentType: 'text/csv; charset=utf-8', content };
}
