/** One formatter per zone: building an Intl.DateTimeFormat costs far more than using one. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // Gregorian digits whatever the host's locale data says, so the parts read as YYYY, MM, DD.
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, calendar: 'gregory', numberingSystem: 'latn', year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The calendar date (`YYYY-MM-DD`) it is at `now` in `timeZone` (an IANA name, as SITE_TIME_ZONE
 * is checked at boot): 23:30 UTC on March 1st is still March 1st in New York and already March 2nd
 * in Tokyo. Daylight saving time is Intl's (the host's full ICU data), never a fixed offset.
 */
export function dateInZone(timeZone: string, now: Date = new Date()): string {
  const parts = formatterFor(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** 1 for January 1st; computed in UTC from the date's own parts, so no time zone shifts it. */
export function dayOfYear(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Math.round((Date.UTC(y, m - 1, d) - Date.UTC(y, 0, 1)) / 86_400_000) + 1;
}
