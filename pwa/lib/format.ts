import { categoryLabels } from '../../contract/common.js';

// Dates use the platform's Intl formatters rather than a date library: they ship with every
// browser (nothing to download on a phone's first visit) and follow the reader's time zone.
const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'always' });

/** Largest unit first; a distance is said in the first unit it reaches (as "3 days ago"). */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 60 * 60],
  ['month', 30 * 24 * 60 * 60],
  ['day', 24 * 60 * 60],
  ['hour', 60 * 60],
  ['minute', 60],
  ['second', 1],
];

/** View counts with the reader's locale thousands separators (SPEC §9): 12,345 / 12.345. */
export function formatViews(views: number): string {
  return `${views.toLocaleString()} ${views === 1 ? 'view' : 'views'}`;
}

/** A published date as people read it: "March 4, 2025". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** A calendar date (YYYY-MM-DD, the reader's own) as "Thursday, November 19". */
export function formatLocalDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year!, month! - 1, day!).toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' });
}

/** A date and time for scheduled sessions: "Sunday, March 9 · 7:00 PM" in the reader's time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : `${dayFormat.format(date)} · ${timeFormat.format(date)}`;
}

/** "3 days ago": for the age of saved data and of comments. */
export function formatAge(iso: string | number): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = (date.getTime() - Date.now()) / 1000;
  const [unit, size] = UNITS.find(([, s]) => Math.abs(seconds) >= s) ?? ['second', 1];
  const value = Math.round(seconds / size);
  return relative.format(value === 0 ? -0 : value, unit); // -0 reads "0 seconds ago", not "in 0 seconds"
}

export function formatReadTime(minutes: number): string {
  return `${minutes} min read`;
}

export function categoryLabel(category: string): string {
  return (categoryLabels as Record<string, string>)[category] ?? category;
}
