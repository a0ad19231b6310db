import { categoryLabels } from '#contract/categories';

// Formatting runs in the first render of every public page, so it stays off the platform's Intl
// formatters where it can: a page's first Intl constructor starts ICU, 20-35 ms on this machine's
// chromium (80-140 ms at a phone's 4x slowdown, one task that cannot be split), and a date library
// would add kilobytes to every first visit for three fixed English patterns. Dates are always said in
// English (en-US), so month and weekday names and the 12-hour clock need no locale data, and the
// reader's time zone comes from Date's own local fields. Only a count in a locale whose separators
// differ from en-US's goes to Intl.NumberFormat.
//
// Two ways to format: the reader's (their time zone and number separators), and the site's (en-US,
// UTC), which the server renders with and the browser keeps while it hydrates that markup, so both
// say the same; then the page changes to the reader's (see useFormatting).
export type Formatting = 'reader' | 'site';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

interface DateFields {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hour: number;
  minute: number;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** A moment's calendar fields in UTC (the site's) or in the reader's time zone. */
function fields(date: Date, how: Formatting): DateFields {
  return how === 'site'
    ? { year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate(), weekday: date.getUTCDay(), hour: date.getUTCHours(), minute: date.getUTCMinutes() }
    : { year: date.getFullYear(), month: date.getMonth(), day: date.getDate(), weekday: date.getDay(), hour: date.getHours(), minute: date.getMinutes() };
}

/** "Thursday, November 19" */
const dayText = (f: DateFields) => `${WEEKDAYS[f.weekday]}, ${MONTHS[f.month]} ${f.day}`;

/** A whole number with en-US separators: 12,345. */
function groupEnUs(n: number): string {
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}

/**
 * Locales whose whole numbers read exactly as en-US's (format.test.ts checks each against Intl):
 * for them, and for the site's formatting, a count needs no Intl.
 */
export const EN_US_NUMBER_LOCALES: readonly string[] = ['en', 'en-US', 'en-GB', 'en-AU', 'en-CA', 'en-NZ', 'en-IE'];

/** The reader's first language (what the browser's Intl takes by default). */
const readerLocale = () => (typeof navigator === 'undefined' ? 'en-US' : (navigator.languages?.[0] ?? navigator.language));
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A count with the reader's (or the site's) thousands separators. */
export function formatNumber(n: number, how: Formatting = 'reader'): string {
  const locale = how === 'site' ? 'en-US' : readerLocale();
  if (Number.isSafeInteger(n) && EN_US_NUMBER_LOCALES.includes(locale)) return groupEnUs(n);
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale);
    numberFormats.set(locale, format);
  }
  return format.format(n);
}

/** Today's date (YYYY-MM-DD) where the reader is, or in UTC for the site's rendering. */
export function todayIn(how: Formatting, now: Date = new Date()): string {
  const f = fields(now, how);
  return `${f.year}-${twoDigits(f.month + 1)}-${twoDigits(f.day)}`;
}

/** Largest unit first; a distance is said in the first unit it reaches (as "3 days ago"). */
const UNITS: [string, number][] = [
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
  if (Number.isNaN(date.getTime())) return '';
  const f = fields(date, how);
  return `${MONTHS[f.month]} ${f.day}, ${f.year}`;
}

/** A calendar date (YYYY-MM-DD, the reader's own) as "Thursday, November 19". */
export function formatLocalDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return dayText(fields(new Date(year!, month! - 1, day!), 'reader'));
}

/** A date and time for scheduled sessions: "Sunday, March 9 · 7:00 PM" in the reader's time zone. */
export function formatDateTime(iso: string, how: Formatting = 'reader'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const f = fields(date, how);
  return `${dayText(f)} · ${f.hour % 12 || 12}:${twoDigits(f.minute)} ${f.hour < 12 ? 'AM' : 'PM'}`;
}

/** "3 days ago", "in 2 days": for the age of saved data and of comments (as en-US's Intl.RelativeTimeFormat says it). */
export function formatAge(iso: string | number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = (date.getTime() - Date.now()) / 1000;
  const [unit, size] = UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
  const value = Math.round(seconds / size);
  const amount = `${groupEnUs(Math.abs(value))} ${unit}${Math.abs(value) === 1 ? '' : 's'}`;
  // 0 reads "0 seconds ago", not "in 0 seconds".
  return value > 0 ? `in ${amount}` : `${amount} ago`;
}

export function formatReadTime(minutes: number): string {
  return `${minutes} min read`;
}

export function categoryLabel(category: string): string {
  return (categoryLabels as Record<string, string>)[category] ?? category;
}
