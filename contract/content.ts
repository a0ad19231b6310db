import { z } from 'zod';
import { categorySchema } from './common.js';

export const videoSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string().nullable(),
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

/** A post in lists: everything but the Markdown body, which only the detail call carries. */
export const blogPostSummarySchema = z.object({
  id: z.number(),
  title: z.string(),
  excerpt: z.string().nullable(),
  category: categorySchema,
  readTime: z.number(),
  views: z.number(),
  publishedAt: z.string(),
  thumbnailUrl: z.string().nullable(),
  featured: z.boolean(),
  isExternal: z.boolean(),
  substackUrl: z.string().nullable(),
});
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

export const blogPostSchema = blogPostSummarySchema.extend({ content: z.string() });
export type BlogPost = z.infer<typeof blogPostSchema>;

const httpUrl = z
  .string()
  .trim()
  .max(500, 'URL must be at most 500 characters')
  .refine((v) => /^https?:\/\/\S+$/i.test(v), 'Please enter a valid http(s) URL');

export const READ_TIME_DEFAULT = 5;
export const TITLE_MAX = 200;
export const EXCERPT_MAX = 1000;
export const CONTENT_MAX = 200_000;

export const createBlogPostInputSchema = z
  .object({
    title: z.string({ message: 'Title is required' }).trim().min(1, 'Title is required').max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`),
    content: z.string().max(CONTENT_MAX, 'Content is too long').default(''),
    excerpt: z.string().trim().max(EXCERPT_MAX, `Excerpt must be at most ${EXCERPT_MAX} characters`).default(''),
    category: categorySchema,
    readTime: z.coerce.number({ message: 'Read time must be a number' }).int('Read time must be a whole number').min(1, 'Read time must be at least 1 minute').max(600).default(READ_TIME_DEFAULT),
    substackUrl: z.union([httpUrl, z.literal(''), z.null()]).optional(),
    isExternal: z.boolean().default(false),
    thumbnailUrl: z.union([httpUrl, z.literal(''), z.null()]).optional(),
  })
  .refine((v) => !v.isExternal || !!v.substackUrl, { message: 'An external post needs its Substack URL', path: ['substackUrl'] });
export type CreateBlogPostInput = z.input<typeof createBlogPostInputSchema>;

export const importSubstackInputSchema = z
  .object({
    title: z.string({ message: 'Title is required' }).trim().min(1, 'Title is required').max(TITLE_MAX),
    content: z.string().max(CONTENT_MAX, 'Content is too long').default(''),
    excerpt: z.string().trim().max(EXCERPT_MAX).default(''),
    category: categorySchema,
    readTime: z.coerce.number({ message: 'Read time must be a number' }).int().min(1, 'Read time must be at least 1 minute').max(600).default(READ_TIME_DEFAULT),
    substackUrl: httpUrl,
    isExternal: z.boolean().default(true),
    publishedAt: z.iso.datetime({ offset: true, message: 'publishedAt must be an ISO date' }).or(z.iso.date({ message: 'publishedAt must be an ISO date' })).optional(),
    thumbnailUrl: z.union([httpUrl, z.literal(''), z.null()]).optional(),
  });
export type ImportSubstackInput = z.input<typeof importSubstackInputSchema>;

export const devotionalSchema = z.object({
  id: z.number(),
  devotionalTitle: z.string(),
  verseText: z.string(),
  verseReference: z.string(),
  devotionalContent: z.string(),
  date: z.string().nullable(),
});
export type Devotional = z.infer<typeof devotionalSchema>;

export const heartsInfoSchema = z.object({ isHearted: z.boolean(), count: z.number() });
export type HeartsInfo = z.infer<typeof heartsInfoSchema>;

export const heartInputSchema = z.object({ userId: z.coerce.number().int().positive() });

export const searchResultSchema = z.object({
  videos: z.array(videoSchema),
  blogPosts: z.array(blogPostSummarySchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const SEARCH_QUERY_MAX = 1000;
export const searchQuerySchema = z.object({
  q: z.string().max(SEARCH_QUERY_MAX, `Search text must be at most ${SEARCH_QUERY_MAX} characters`).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const newsletterInputSchema = z.object({
  email: z
    .string({ message: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is too long')
    .pipe(z.email({ message: 'Please enter a valid email address' })),
});
export type NewsletterInput = z.infer<typeof newsletterInputSchema>;
