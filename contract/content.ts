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
  featured: z.boolean(),
  isExternal: z.boolean(),
  substackUrl: z.nullable(z.string()),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

export const blogPostSchema = z.extend(blogPostSummarySchema, { content: z.string() });
export type BlogPost = z.infer<typeof blogPostSchema>;

const httpUrl = z
  .string()
  .check(
    z.trim(),
    z.maxLength(500, 'URL must be at most 500 characters'),
    z.refine((v) => /^https?:\/\/\S+$/i.test(v), 'Please enter a valid http(s) URL'),
  );

export const READ_TIME_DEFAULT = 5;
export const TITLE_MAX = 200;
export const EXCERPT_MAX = 1000;
export const CONTENT_MAX = 200_000;

export const createBlogPostInputSchema = z
  .object({
    title: z.string({ message: 'Title is required' }).check(z.trim(), z.minLength(1, 'Title is required'), z.maxLength(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`)),
    content: z._default(z.string().check(z.maxLength(CONTENT_MAX, 'Content is too long')), ''),
    excerpt: z._default(z.string().check(z.trim(), z.maxLength(EXCERPT_MAX, `Excerpt must be at most ${EXCERPT_MAX} characters`)), ''),
    category: categorySchema,
    readTime: z._default(
      z.coerce
        .number({ message: 'Read time must be a number' })
        .check(z.int('Read time must be a whole number'), z.minimum(1, 'Read time must be at least 1 minute'), z.maximum(600)),
      READ_TIME_DEFAULT,
    ),
    substackUrl: z.optional(z.union([httpUrl, z.literal(''), z.null()])),
    isExternal: z._default(z.boolean(), false),
    thumbnailUrl: z.optional(z.union([httpUrl, z.literal(''), z.null()])),
  })
  .check(z.refine((v) => !v.isExternal || !!v.substackUrl, { message: 'An external post needs its Substack URL', path: ['substackUrl'] }));
export type CreateBlogPostInput = z.input<typeof createBlogPostInputSchema>;

export const importSubstackInputSchema = z
  .object({
    title: z.string({ message: 'Title is required' }).check(z.trim(), z.minLength(1, 'Title is required'), z.maxLength(TITLE_MAX)),
    content: z._default(z.string().check(z.maxLength(CONTENT_MAX, 'Content is too long')), ''),
    excerpt: z._default(z.string().check(z.trim(), z.maxLength(EXCERPT_MAX)), ''),
    category: categorySchema,
    readTime: z._default(
      z.coerce.number({ message: 'Read time must be a number' }).check(z.int(), z.minimum(1, 'Read time must be at least 1 minute'), z.maximum(600)),
      READ_TIME_DEFAULT,
    ),
    substackUrl: httpUrl,
    isExternal: z._default(z.boolean(), true),
    publishedAt: z.optional(
      z.union([z.iso.datetime({ offset: true, message: 'publishedAt must be an ISO date' }), z.iso.date({ message: 'publishedAt must be an ISO date' })]),
    ),
    thumbnailUrl: z.optional(z.union([httpUrl, z.literal(''), z.null()])),
  });
export type ImportSubstackInput = z.input<typeof importSubstackInputSchema>;

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
