import { categoryLabels } from '../../contract/common.js';

// Dates use the platform's Intl formatters rather than a date library: they ship with every
// browser (nothing to download on a phone's first visit) and follow the reader's time zone.
//
// Two ways to format: the reader's (their locale and time zone), and the site's (en-US, UTC),
// which the server renders with and the browser keeps while it hydrates that markup, so both say
// the same; then the page changes to the reader's (see useFormatting).
export type Formatting = 'reader' | 'site';
const SITE = { locale: 'en-US', timeZone: 'UTC' } as const;

/** Built on first use (Intl constructors are slow to start on a phone), one per way of formatting. */
function lazy<T>(make: (how: Formatting) => T): (how: Formatting) => T {
  const made = new Map<Formatting, T>();
  return (how) => {
    let value = made.get(how);
    if (value === undefined) {
      value = make(how);
      made.set(how, value);
    }
    return value;
  };
}
const zone = (how: Formatting) => (how === 'site' ? { timeZone: SITE.timeZone } : {});
const dateFormat = lazy((how) => new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', ...zone(how) }));
const dayFormat = lazy((how) => new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', ...zone(how) }));
const timeFormat = lazy((how) => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', ...zone(how) }));
const numberFormat = lazy((how) => new Intl.NumberFormat(how === 'site' ? SITE.locale : undefined));
let relative: Intl.RelativeTimeFormat | null = null;

/** A count with the reader's (or the site's) thousands separators. */
export function formatNumber(n: number, how: Formatting = 'reader'): string {
  return numberFormat(how).format(n);
}

/** Today's date (YYYY-MM-DD) where the reader is, or in UTC for the site's rendering. */
export function todayIn(how: Formatting, now: Date = new Date()): string {
  if (how === 'site') return now.toISOString().slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Largest unit first; a distance is said in the first unit it reaches (as "3 days ago"). */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['day', 24 * 60 * 60],
  ['hour', 60 * 60],
  ['minute', 60],
  ['second', 1],
];

/** View counts with the reader's locale thousands separators (docs/product.md#limits): 12,345 / 12.345. */
export function formatViews(views: number, how: Formatting = 'reader'): string {
  return `${formatNumber(views, how)} ${views === 1 ? 'view' : 'views'}`;
}

/** A published date as people read it: "March 4, 2025". */
export function formatDate(iso: string, how: Formatting = 'reader'): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat(how).format(date);
}

/** A calendar date (YYYY-MM-DD, the reader's own) as "Thursday, November 19". */
export function formatLocalDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year!, month! - 1, day!).toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' });
}

/** A date and time for scheduled sessions: "Sunday, March 9 · 7:00 PM" in the reader's time zone. */
export function formatDateTime(iso: string, how: Formatting = 'reader'): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : `${dayFormat(how).format(date)} · ${timeFormat(how).format(date)}`;
}

/** "3 days ago": for the age of saved data and of comments. */
export function formatAge(iso: string | number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = (date.getTime() - Date.now()) / 1000;
  const [unit, size] = UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
  const value = Math.round(seconds / size);
  relative ??= new Intl.RelativeTimeFormat('en-US', { numeric: 'always' });
  return relative.format(value === 0 ? -0 : value, unit); // -0 reads "0 seconds ago", not "in 0 seconds"
}

export function formatReadTime(minutes: number): string {
  return `${minutes} min read`;
}

export function categoryLabel(category: string): string {
  return (categoryLabels as Record<string, string>)[category] ?? category;
}
