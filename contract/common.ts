import * as z from 'zod/mini';
import './zod-locale';
import { MAX_ROW_ID } from './row-id';

/** The six categories shared by videos and blog posts (docs/product.md#categories). */
export const categories = [
  'apologetics',
  'bible-study',
  'theology',
  'christian-living',
  'church-history',
  'ministry',
] as const;
export const categorySchema = z.enum(categories, { message: 'Category must be one of the six categories' });
export type Category = z.infer<typeof categorySchema>;

/** How a category is written for people: on cards and pages, and in the feeds. */
export const categoryLabels: Record<Category, string> = {
  apologetics: 'Apologetics',
  'bible-study': 'Bible Study',
  theology: 'Theology',
  'christian-living': 'Christian Living',
  'church-history': 'Church History',
  ministry: 'Ministry',
};

export const contentTypes = ['video', 'blog'] as const;
export const contentTypeSchema = z.enum(contentTypes, { message: 'contentType must be video or blog' });
export type ContentType = z.infer<typeof contentTypeSchema>;

// The row id rule itself (MAX_ROW_ID, isRowId, rowIdFromPath) is in row-id.ts, free of zod.
export { isRowId, MAX_ROW_ID, rowIdFromPath } from './row-id';

/**
 * The one row id schema: a JSON number or a string of digits (from a path or a query), a whole
 * number from 1 to MAX_ROW_ID; `message` for anything else. `true`, `1.5`, `1e3` and `' 1'` are
 * refused (coercion would read `true` as 1).
 */
export function rowIdSchema(message = 'Expected a numeric id') {
  return z.pipe(
    z.pipe(z.union([z.number(), z.string().check(z.regex(/^\d+$/))], { message }), z.transform(Number)),
    z.number().check(z.int(), z.positive(message), z.maximum(MAX_ROW_ID, message)),
  );
}

/**
 * A numeric id in a request body or query (users, videos, posts, comments…), strings coerced; `message`
 * when it is not a number. A whole number past MAX_ROW_ID passes: it names no row, so the lookup
 * answers as for any unknown id (the API's repos check `isRowId` before asking the database).
 */
export function numericIdSchema(message = 'Expected a numeric id') {
  return z.coerce.number({ message }).check(z.int(), z.positive());
}
export const idSchema = numericIdSchema();

/** A list's `limit` query parameter: a whole number from 1 to `max`, `fallback` when absent. */
export function pageLimitSchema(fallback: number, max: number) {
  const message = `limit must be a whole number from 1 to ${max}`;
  return z._default(z.coerce.number({ message }).check(z.int({ message }), z.minimum(1, message), z.maximum(max, message)), fallback);
}

/** Ids that a client may mint offline (bookmarks, folders), so later queued writes can refer to them. */
export const clientIdSchema = z.uuid({ message: 'Expected a UUID' });

export const isoDateTimeSchema = z.string();

export const messageSchema = z.object({ message: z.string() });
export type ApiMessage = z.infer<typeof messageSchema>;

export const apiErrorSchema = z.object({
  message: z.string(),
  issues: z.optional(z.array(z.unknown())),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
