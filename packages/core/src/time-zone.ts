// How the organisation's documents (the assessment record PDF, CSV exports, mail) write a moment:
// '27 Nov 2026, 4:39 pm' and '27 Nov 2026', in the organisation's time zone (`admin.settings`).
// Zod-free, so the web app's screens can import it without the schemas chunk.

/** The zone of the machine the server runs on: the organisation's until an admin chooses one. */
export const serverTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The zone's own spelling ('australia/sydney' is 'Australia/Sydney'), or null for a name the
 * platform's time zone data does not know. Offsets ('+10:00', which newer engines accept) are not
 * IANA zones: a fixed offset misses daylight saving, which is the point of naming a zone.
 */
export function canonicalTimeZone(name: string): string | null {
  try {
    const zone = new Intl.DateTimeFormat('en-AU', { timeZone: name }).resolvedOptions().timeZone;
    return /^[A-Za-z]/.test(zone) ? zone : null;
  } catch {
    return null;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** en-AU, whatever the server's locale: the app's documents are Australian. Made once per zone. */
function formatterIn(timeZone: string): Intl.DateTimeFormat {
  let made = formatters.get(timeZone);
  if (!made) {
    made = new Intl.DateTimeFormat('en-AU', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZone,
    });
    formatters.set(timeZone, made);
  }
  return made;
}

type Moment = Date | string | number;

function partsIn(moment: Moment, timeZone: string) {
  const parts = formatterIn(timeZone).formatToParts(new Date(moment));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('day')} ${part('month')} ${part('year')}`,
    // Built from parts, as ICU versions differ in the space before 'pm' and in its case.
    time: `${part('hour')}:${part('minute')} ${part('dayPeriod').toLowerCase()}`,
  };
}

/** '27 Nov 2026, 4:39 pm' in the zone. */
export function formatDateTime(moment: Moment, timeZone: string): string {
  const { date, time } = partsIn(moment, timeZone);
  return `${date}, ${time}`;
}

/** '27 Nov 2026' in the zone. */
export function formatDate(moment: Moment, timeZone: string): string {
  return partsIn(moment, timeZone).date;
}

/** The place a zone is named after: 'Australia/Lord_Howe' is 'Lord Howe'. */
export const timeZoneCity = (timeZone: string): string =>
  (timeZone.split('/').at(-1) ?? timeZone).replaceAll('_', ' ');

/** 'Australian Eastern Time', the name that covers standard and daylight time alike. */
export function timeZoneGenericName(timeZone: string): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'UTC';
  const parts = new Intl.DateTimeFormat('en-AU', { timeZone, timeZoneName: 'longGeneric' }).formatToParts(
    new Date(),
  );
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** 'Australian Eastern Time (Sydney)': how a document names the zone its times are in. */
export function timeZoneLabel(timeZone: string): string {
  const name = timeZoneGenericName(timeZone);
  return name === 'UTC' ? 'UTC' : `${name} (${timeZoneCity(timeZone)})`;
}

/** The Australian zones, most people's first (Sydney covers NSW, the ACT and Victoria's neighbours). */
export const australianTimeZones = [
  'Australia/Sydney',
  'Australia/Melbourne',
  'Australia/Brisbane',
  'Australia/Perth',
  'Australia/Adelaide',
  'Australia/Hobart',
  'Australia/Darwin',
  'Australia/Broken_Hill',
  'Australia/Lindeman',
  'Australia/Lord_Howe',
  'Australia/Eucla',
] as const;

/** Every zone the platform knows: the Australian ones first, then UTC and the rest A to Z. */
export function timeZoneChoices(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const australian = new Set<string>(australianTimeZones);
  const rest = known.filter((zone) => !australian.has(zone) && zone !== 'UTC').sort();
  return [...australianTimeZones, 'UTC', ...rest];
}
