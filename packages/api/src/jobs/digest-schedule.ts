// When a day's digest is due: the organisation's clock, not the server's (a server in a data centre
// runs on UTC, and 7 am in Perth is not 7 am in Sydney, nor always the same hour of UTC).

/** The hour of the organisation's morning at which assessors hear of the evidence waiting for them. */
export const DIGEST_HOUR = 7;

function wallClock(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/** How far the zone's clock is ahead of UTC at that moment, in milliseconds. */
function offsetMs(at: Date, timeZone: string): number {
  const clock = wallClock(at, timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return asUtc - (at.getTime() - at.getMilliseconds());
}

/** The zone's date at that moment: '2026-11-27'. */
export function localDay(at: Date, timeZone: string): string {
  const { year, month, day } = wallClock(at, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The day after: '2026-11-28' for '2026-11-27'. */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/**
 * The moment the zone's clock shows `hour`:00 on `day`. Found from the offset at a first guess, then
 * again from the offset at that answer, so a day that changes to or from daylight saving lands right.
 */
export function zonedTime(day: string, hour: number, timeZone: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const asUtc = Date.UTC(year, month - 1, date, hour);
  const first = asUtc - offsetMs(new Date(asUtc), timeZone);
  return new Date(asUtc - offsetMs(new Date(first), timeZone));
}

/** The next digest after `now`: today's at the hour while it is still ahead, else tomorrow's. */
export function nextDigest(now: Date, timeZone: string, hour = DIGEST_HOUR): { day: string; dueAt: Date } {
  const today = localDay(now, timeZone);
  const dueToday = zonedTime(today, hour, timeZone);
  if (dueToday.getTime() > now.getTime()) return { day: today, dueAt: dueToday };
  const tomorrow = nextDay(today);
  return { day: tomorrow, dueAt: zonedTime(tomorrow, hour, timeZone) };
}
