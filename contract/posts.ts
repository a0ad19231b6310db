import * as z from 'zod/mini';
import './zod-locale';
import { categorySchema } from './common';
import { blogPostSchema, blogPostSummarySchema } from './content';

// Writing posts: what the editor's desk sends and reads. A module of its own, apart from what
// readers read (content.ts): the reader's pages never use it, so their bundles leave it out
// (vite.config.ts).

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

/** What a post may be: a draft (readers never see it) or published (from its `publishedAt` on: scheduled until then). */
export const POST_STATUSES = ['draft', 'published'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
/** How the desk shows a post: a published post dated in the future is scheduled. */
export type PostState = 'draft' | 'scheduled' | 'published';

const postStatusSchema = z.enum(POST_STATUSES, { message: 'status must be draft or published' });
const publishedAtSchema = z.iso.datetime({ offset: true, message: 'publishedAt must be an ISO date and time' });

/** The longest alt text a cover picture takes. */
export const COVER_ALT_MAX = 300;

/**
 * A cover picture: an image uploaded to this site (`/objects/{id}`, as `POST /api/objects/upload`
 * gives it, or the same as an absolute URL on this origin). The API checks that it names an object
 * it stored; '' or null means none (docs/product.md#blog-management).
 */
const coverImageUrlSchema = z.optional(
  z.union([
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(500, 'The cover picture address must be at most 500 characters'),
        z.refine((v) => v === '' || /^\/objects\/\S+$/.test(v) || /^https?:\/\/\S+$/i.test(v), 'The cover picture must be an image uploaded to this site'),
      ),
    z.null(),
  ]),
);
const coverImageAltSchema = z.optional(
  z.nullable(z.string().check(z.trim(), z.maxLength(COVER_ALT_MAX, `The cover picture's alt text must be at most ${COVER_ALT_MAX} characters`))),
);

/** A cover picture needs its alt text, for readers who cannot see it. */
export const hasAltIfCover = (v: { coverImageUrl?: string | null | undefined; coverImageAlt?: string | null | undefined }) =>
  !v.coverImageUrl || !!v.coverImageAlt?.trim();
export const COVER_NEEDS_ALT = { message: 'A cover picture needs its alt text: describe the picture for readers who cannot see it', path: ['coverImageAlt'] };

/** An external post (shown on Substack) needs its address. */
const hasItsUrlIfExternal = (v: { isExternal: boolean; substackUrl?: string | null }) => !v.isExternal || !!v.substackUrl;
const EXTERNAL_NEEDS_URL = { message: 'An external post needs its Substack URL', path: ['substackUrl'] };

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
    /** The cover picture (`/objects/{id}`), or '' / null for none; it needs `coverImageAlt`. */
    coverImageUrl: coverImageUrlSchema,
    coverImageAlt: coverImageAltSchema,
    /** 'published' unless told: 'draft' keeps it from readers. */
    status: z._default(postStatusSchema, 'published'),
    /** When readers may see it (a future instant schedules it); now when absent. */
    publishedAt: z.optional(publishedAtSchema),
    /** "Email subscribers when published": sent as a newsletter once readers may see it (docs/product.md#newsletter). */
    emailSubscribers: z.optional(z.boolean()),
  })
  .check(z.refine(hasItsUrlIfExternal, EXTERNAL_NEEDS_URL), z.refine(hasAltIfCover, COVER_NEEDS_ALT));
export type CreateBlogPostInput = z.input<typeof createBlogPostInputSchema>;

/**
 * `PUT /api/blog/{id}`: the whole post as the editor means it (as create takes it), and the
 * `version` the edit was based on. A save based on an older version is refused (409) with the
 * post as it is now, so no one's edit is lost without being seen.
 */
export const updateBlogPostInputSchema = z
  .object({
    ...createBlogPostInputSchema.def.shape,
    version: z.number({ message: 'version must be the version the edit started from' }).check(z.int('version must be a whole number'), z.minimum(1, 'version must be at least 1')),
  })
  .check(z.refine(hasItsUrlIfExternal, EXTERNAL_NEEDS_URL), z.refine(hasAltIfCover, COVER_NEEDS_ALT));
export type UpdateBlogPostInput = z.input<typeof updateBlogPostInputSchema>;

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

/** Who saved a post last, or a version: null once the account is gone. */
const editorNameSchema = z.nullable(z.object({ id: z.number(), username: z.string() }));

/** What the desk reads of a post besides what readers do: its state, its version, and its last save. */
const editorFields = {
  status: z.enum(['draft', 'scheduled', 'published']),
  version: z.number(),
  updatedAt: z.nullable(z.string()),
  updatedBy: editorNameSchema,
  /** Marked "Email subscribers when published" and not sent yet. */
  emailSubscribers: z.optional(z.boolean()),
  /** When it last went out to subscribers (a test send is none); null: never. */
  newsletterSentAt: z.optional(z.nullable(z.string())),
};

/** A post as the desk reads it: the post, its state, its version, and its last save. */
export const editorPostSchema = z.extend(blogPostSchema, editorFields);
export type EditorPost = z.infer<typeof editorPostSchema>;

/**
 * A post in the desk's list (`GET /api/blog?status=`): as the desk reads it, without the Markdown.
 * Extended from the readers' summary, not z.omit'ed from the post: omit would join the zod code
 * every page loads (the vendor chunk, vite.config.ts), for the desk alone.
 */
export const editorPostSummarySchema = z.extend(blogPostSummarySchema, editorFields);
export type EditorPostSummary = z.infer<typeof editorPostSummarySchema>;

/** The desk's filters of its list. */
export const POST_STATE_FILTERS = ['all', 'draft', 'scheduled', 'published'] as const;
export type PostStateFilter = (typeof POST_STATE_FILTERS)[number];

/** The longest text the desk's search takes (`GET /api/blog?status=…&q=`): a few words, not a page. */
export const DESK_SEARCH_MAX = 200;

/** One saved version of a post (`GET /api/blog/{id}/versions`: newest first, the last 20). */
export const postVersionSummarySchema = z.object({
  version: z.number(),
  title: z.string(),
  status: z.enum(POST_STATUSES),
  publishedAt: z.string(),
  savedAt: z.string(),
  savedBy: editorNameSchema,
});
export type PostVersionSummary = z.infer<typeof postVersionSummarySchema>;

/** `GET /api/blog/{id}/versions/{version}`: that version whole, to read or to restore. */
export const postVersionSchema = z.extend(postVersionSummarySchema, {
  content: z.string(),
  excerpt: z.nullable(z.string()),
  category: categorySchema,
  readTime: z.number(),
  thumbnailUrl: z.nullable(z.string()),
  coverImageUrl: z.nullable(z.string()),
  coverImageAlt: z.nullable(z.string()),
});
export type PostVersion = z.infer<typeof postVersionSchema>;
