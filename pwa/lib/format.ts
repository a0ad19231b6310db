import { format, formatDistanceToNowStrict } from 'date-fns';

/** View counts with the reader's locale thousands separators (SPEC §9): 12,345 / 12.345. */
export function formatViews(views: number): string {
  return `${views.toLocaleString()} ${views === 1 ? 'view' : 'views'}`;
}

/** A published date as people read it: "March 4, 2025". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, 'MMMM d, yyyy');
}

/** A date and time for scheduled sessions: "Sunday, March 9 · 7:00 PM" in the reader's time zone. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format(date, "EEEE, MMMM d · h:mm a");
}

/** "3 days ago": for the age of saved data and of comments. */
export function formatAge(iso: string | number): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatDistanceToNowStrict(date, { addSuffix: true });
}

export function formatReadTime(minutes: number): string {
  return `${minutes} min read`;
}

const CATEGORY_LABELS: Record<string, string> = {
  apologetics: 'Apologetics',
  'bible-study': 'Bible Study',
  theology: 'Theology',
  'christian-living': 'Christian Living',
  'church-history': 'Church History',
  ministry: 'Ministry',
};

export function categoryLabel(category: string): string {
  return CATEGORY_LABELS[category] ?? category;
}
