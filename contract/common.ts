import * as z from 'zod/mini';
import './zod-locale.js';

/** The six categories shared by videos and blog posts (SPEC §3). */
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

/** Numeric ids of server-created rows (users, videos, posts, comments…). Path and query strings are coerced. */
export const idSchema = z.coerce.number({ message: 'Expected a numeric id' }).check(z.int(), z.positive());

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
