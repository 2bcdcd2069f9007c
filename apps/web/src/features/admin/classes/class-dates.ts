import { onFirstUse } from '../../../format/on-first-use';

const dayFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-AU', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }),
);

/** `2026-03-01` as '1 Mar 2026' (a calendar date: read as UTC so no time zone moves it a day). */
export const formatDay = (day: string) => dayFormat().format(new Date(`${day}T00:00:00Z`));

/** A class's dates as one line: '1 Mar 2026 – 30 Jun 2026', 'From 1 Mar 2026', or null. */
export function classDates(row: { startsOn: string | null; endsOn: string | null }): string | null {
  if (row.startsOn && row.endsOn) return `${formatDay(row.startsOn)} – ${formatDay(row.endsOn)}`;
  if (row.startsOn) return `From ${formatDay(row.startsOn)}`;
  if (row.endsOn) return `Until ${formatDay(row.endsOn)}`;
  return null;
}

export type ClassStatus = 'open' | 'ended' | 'archived';
export const statusBadge: Record<ClassStatus, { label: string; color: string } | null> = {
  open: null,
  ended: { label: 'Ended', color: 'gray' },
  archived: { label: 'Archived', color: 'gray' },
};

/** The list's rows carry no status: work it out the way the server does. */
export function statusOf(row: { archivedAt: string | null; endsOn: string | null }): ClassStatus {
  if (row.archivedAt) return 'archived';
  return row.endsOn && row.endsOn < new Date().toISOString().slice(0, 10) ? 'ended' : 'open';
}
