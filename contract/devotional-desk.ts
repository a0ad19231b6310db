import * as z from 'zod/mini';
import './zod-locale';
import { devotionalSchema } from './content';

// Writing devotionals by date: what the editor's desk sends and reads. A module of its own, apart
// from what readers read (content.ts): the reader's pages never use it, so their bundles leave it
// out (vite.config.ts).

export const DEVOTIONAL_TITLE_MAX = 200;
export const VERSE_REFERENCE_MAX = 100;
export const VERSE_TEXT_MAX = 2000;
export const DEVOTIONAL_CONTENT_MAX = 50_000;
/** The longest range `GET /api/devotionals` lists, counting both ends: a leap year. */
export const DEVOTIONAL_RANGE_MAX_DAYS = 366;

/** A real calendar date, `YYYY-MM-DD` (2026-02-30 is refused): the day a devotional is for. */
export function devotionalDateSchema(name = 'date') {
  return z.iso.date({ message: `${name} must be a calendar date as YYYY-MM-DD` });
}

/** `/api/devotionals/{date}`: a date that is not a real one is a 400, never a lookup. */
export const devotionalDatePathSchema = z.object({ date: devotionalDateSchema() });

/** Days from 1970-01-01 of a `YYYY-MM-DD` date, counted in UTC so no time zone shifts it. */
export function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Math.round(Date.UTC(y, m - 1, d) / 86_400_000);
}

/**
 * `GET /api/devotionals?from=&to=` (editors): both ends are days, both included; `to` on or after
 * `from`, at most DEVOTIONAL_RANGE_MAX_DAYS days in all.
 */
export const devotionalRangeQuerySchema = z
  .object({
    from: devotionalDateSchema('from'),
    to: devotionalDateSchema('to'),
  })
  .check(
    z.refine((q) => q.to >= q.from, { message: 'to must be on or after from', path: ['to'] }),
    z.refine((q) => q.to < q.from || dayNumber(q.to) - dayNumber(q.from) + 1 <= DEVOTIONAL_RANGE_MAX_DAYS, {
      message: `The range may span at most ${DEVOTIONAL_RANGE_MAX_DAYS} days`,
      path: ['to'],
    }),
  );
export type DevotionalRangeQuery = z.output<typeof devotionalRangeQuerySchema>;

function requiredText(label: string, max: number) {
  return z.string({ message: `${label} is required` }).check(
    z.trim(),
    z.minLength(1, `${label} is required`),
    z.maxLength(max, `${label} must be at most ${max} characters`),
  );
}

/**
 * `PUT /api/devotionals/{date}`: that day's devotional, whole (the field names of the devotional
 * readers get). Each field is trimmed and required.
 */
export const devotionalInputSchema = z.object({
  devotionalTitle: requiredText('Title', DEVOTIONAL_TITLE_MAX),
  verseReference: requiredText('Verse reference', VERSE_REFERENCE_MAX),
  verseText: requiredText('Verse text', VERSE_TEXT_MAX),
  devotionalContent: requiredText('Reflection', DEVOTIONAL_CONTENT_MAX),
});
export type DevotionalInput = z.input<typeof devotionalInputSchema>;

/** `GET /api/devotionals?from=&to=`: the devotionals dated in the range, one per date, oldest first. */
export const datedDevotionalsSchema = z.array(devotionalSchema);
