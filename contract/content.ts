import * as z from 'zod/mini';
import './zod-locale';
import { categorySchema, idSchema, pageLimitSchema } from './common';

export const videoSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.nullable(z.string()),
  category: categorySchema,
  duration: z.string(),
  views: z.number(),
  publishedAt: z.string(),
  youtubeId: z.string(),
  isShort: z.boolean(),
  featured: z.boolean(),
});
export type Video = z.infer<typeof videoSchema>;

export const videoViewsSchema = z.object({ id: z.number(), views: z.number() });

export const SEARCH_QUERY_MAX = 1000;

/** A post in lists: everything but the Markdown body, which only the detail call carries. */
export const blogPostSummarySchema = z.object({
  id: z.number(),
  title: z.string(),
  excerpt: z.nullable(z.string()),
  category: categorySchema,
  readTime: z.number(),
  views: z.number(),
  publishedAt: z.string(),
  thumbnailUrl: z.nullable(z.string()),
  /**
   * The post's cover picture: an image uploaded to this site (`/objects/{id}`), shown on its card,
   * at the top of the post and as its og:image; null when it has none (the card then shows
   * `thumbnailUrl`). `coverImageAlt` describes it for readers who cannot see it.
   */
  coverImageUrl: z.nullable(z.string()),
  coverImageAlt: z.nullable(z.string()),
  featured: z.boolean(),
  isExternal: z.boolean(),
  substackUrl: z.nullable(z.string()),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

export const blogPostSchema = z.extend(blogPostSummarySchema, { content: z.string() });
export type BlogPost = z.infer<typeof blogPostSchema>;

// A post's pictures (postPicture, uploadedPicturePaths) are in post-pictures.ts, free of zod.
export { postPicture, uploadedPicturePaths } from './post-pictures';

export const devotionalSchema = z.object({
  id: z.number(),
  devotionalTitle: z.string(),
  verseText: z.string(),
  verseReference: z.string(),
  devotionalContent: z.string(),
  date: z.nullable(z.string()),
});
export type Devotional = z.infer<typeof devotionalSchema>;

export const heartsInfoSchema = z.object({ isHearted: z.boolean(), count: z.number() });
export type HeartsInfo = z.infer<typeof heartsInfoSchema>;

/** The reader a heart is given or taken for (the API checks it is the signed-in one). */
export const heartInputSchema = z.object({ userId: idSchema('userId must be a numeric user id') });
/** `?userId=` on the hearts query: the reader whose own state is asked for; empty means none. */
export const heartsQuerySchema = z.object({
  userId: z.pipe(z.transform((v: unknown) => (v === '' ? undefined : v)), z.optional(idSchema('userId must be a numeric user id'))),
});

export const searchResultSchema = z.object({
  videos: z.array(videoSchema),
  blogPosts: z.array(blogPostSummarySchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchQuerySchema = z.object({
  q: z._default(z.string().check(z.maxLength(SEARCH_QUERY_MAX, `Search text must be at most ${SEARCH_QUERY_MAX} characters`)), ''),
  limit: pageLimitSchema(20, 50),
});

export const newsletterInputSchema = z.object({
  email: z.pipe(
    z.string({ message: 'Email is required' }).check(z.trim(), z.minLength(1, 'Email is required'), z.maxLength(254, 'Email is too long')),
    z.email({ message: 'Please enter a valid email address' }),
  ),
});
export type NewsletterInput = z.infer<typeof newsletterInputSchema>;
