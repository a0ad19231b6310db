import * as z from 'zod/mini';
import './zod-locale';
import { categorySchema, idSchema, pageLimitSchema } from './common';
import { SEARCH_QUERY_MAX } from './content';
import { DESK_SEARCH_MAX } from './posts';

// The query strings of the public lists, as the API reads them (api/middleware/route.ts). Apart from the
// shapes of the answers (content.ts), and not in contract/index.ts: the app never parses a query,
// and schemas built at a module's top level go into every bundle that imports the module.

/** `?type=` or `?category=` left empty means "all", like leaving them out. */
const emptyAsAbsent = (v: unknown) => (v === '' ? undefined : v);

export const VIDEO_LIST_LIMIT_DEFAULT = 50;
export const VIDEO_LIST_LIMIT_MAX = 100;
export const POPULAR_LIMIT_DEFAULT = 6;
export const POPULAR_LIMIT_MAX = 24;

/** `GET /api/videos?q=&type=&category=&limit=`: with a non-blank `q`, ranked full-text results. */
export const videoListQuerySchema = z.object({
  q: z._default(z.string().check(z.maxLength(SEARCH_QUERY_MAX, `Search text must be at most ${SEARCH_QUERY_MAX} characters`)), ''),
  type: z.pipe(z.transform(emptyAsAbsent), z.optional(z.enum(['short', 'video'], { message: 'type must be short or video' }))),
  category: z.pipe(z.transform(emptyAsAbsent), z.optional(categorySchema)),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(VIDEO_LIST_LIMIT_MAX)), VIDEO_LIST_LIMIT_DEFAULT),
});
export type VideoListQuery = z.output<typeof videoListQuerySchema>;

/** `GET /api/videos/popular?limit=`. */
export const popularVideosQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(POPULAR_LIMIT_MAX)), POPULAR_LIMIT_DEFAULT),
});

export const BLOG_PAGE_DEFAULT = 50;
export const BLOG_PAGE_MAX = 100;

/** `GET /api/blog?category=&limit=&offset=` (and the desk's `status=&q=`): an empty `category=` means all categories. */
export const blogListQuerySchema = z.object({
  category: z.pipe(z.transform(emptyAsAbsent), z.optional(categorySchema)),
  limit: z._default(
    z.coerce
      .number({ message: 'limit must be a number' })
      .check(z.int('limit must be a whole number'), z.minimum(1, 'limit must be at least 1'), z.maximum(BLOG_PAGE_MAX, `limit must be at most ${BLOG_PAGE_MAX}`)),
    BLOG_PAGE_DEFAULT,
  ),
  offset: z._default(z.coerce.number({ message: 'offset must be a number' }).check(z.int('offset must be a whole number'), z.minimum(0, 'offset must be at least 0')), 0),
  /** The editor's desk's filter (postStateFilterSchema); a reader's is ignored. */
  status: z.optional(z.string()),
  /** The desk's search, with `status`: words of a post's title, excerpt or text; a reader's is ignored. */
  q: z._default(z.string().check(z.maxLength(DESK_SEARCH_MAX, `Search text must be at most ${DESK_SEARCH_MAX} characters`)), ''),
});
export type BlogListQuery = Omit<z.output<typeof blogListQuerySchema>, 'status' | 'q'>;

/** `?status=` of the desk's post list (and `?status=all` on a post): which posts an editor sees. */
export const postStateFilterSchema = z.enum(['draft', 'scheduled', 'published', 'all'], { message: 'status must be draft, scheduled, published or all' });

/** `GET /api/blog/{id}?status=`: with it, an editor reads the post whatever its state (the desk). */
export const postReadQuerySchema = z.object({ status: z.optional(z.string()) });

/** `GET /api/devotional/today?date=`: the reader's local date; the server's (UTC) when absent. */
export const devotionalTodayQuerySchema = z.object({
  date: z.optional(z.iso.date({ message: 'date must be a calendar date as YYYY-MM-DD' })),
});

/** `GET /api/activity?before=&limit=`: newest first; `before` is the id of the last entry already shown. */
export const activityQuerySchema = z.object({
  before: z.optional(idSchema('before must be the id of an activity entry')),
  limit: pageLimitSchema(50, 100),
});
