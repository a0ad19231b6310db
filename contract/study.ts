import * as z from 'zod/mini';
import './zod-locale';
import { clientIdSchema, contentTypeSchema, idSchema, pageLimitSchema } from './common';

export const DEFAULT_FOLDER_COLOR = '#3B82F6';
export const FOLDER_NAME_MAX = 60;
export const COMMENT_MAX = 2000;

const userIdSchema = idSchema('userId must be a numeric user id');
const contentIdSchema = idSchema('contentId must be a numeric id');

/** What a bookmark points at, embedded so lists render (and work offline) without a second call. */
export const bookmarkContentSchema = z.object({
  id: z.number(),
  title: z.string(),
  summary: z.nullable(z.string()),
  category: z.string(),
  youtubeId: z.nullable(z.string()),
  duration: z.nullable(z.string()),
  readTime: z.nullable(z.number()),
});

/*
 * Bookmark folders: the API's paths and JSON call them categories (`/api/bookmark-categories`,
 * `categoryId`), and they stay so; everything else, code included, says folder. "Category" is the
 * topic of a video or post (`categorySchema`). See docs/product.md#bookmarks-and-folders.
 */

export const bookmarkSchema = z.object({
  id: z.string(),
  userId: z.number(),
  contentType: contentTypeSchema,
  contentId: z.number(),
  /** The folder's id, or null when the bookmark is in none. */
  categoryId: z.nullable(z.string()),
  createdAt: z.string(),
  content: z.nullable(bookmarkContentSchema),
});
export type Bookmark = z.infer<typeof bookmarkSchema>;

export const createBookmarkInputSchema = z.object({
  id: z.optional(clientIdSchema),
  userId: userIdSchema,
  contentType: contentTypeSchema,
  contentId: contentIdSchema,
  /** The folder to file it in; null or absent: none. */
  categoryId: z.optional(z.nullable(clientIdSchema)),
});
export type CreateBookmarkInput = z.infer<typeof createBookmarkInputSchema>;

export const deleteBookmarkInputSchema = z.object({
  userId: userIdSchema,
  contentType: contentTypeSchema,
  contentId: contentIdSchema,
});
export type DeleteBookmarkInput = z.infer<typeof deleteBookmarkInputSchema>;

/** Moves a bookmark to a folder (`categoryId`), or out of any (null). */
export const moveBookmarkInputSchema = z.object({ categoryId: z.nullable(clientIdSchema) });
export type MoveBookmarkInput = z.infer<typeof moveBookmarkInputSchema>;

export const hexColorSchema = z.string().check(z.trim(), z.regex(/^#[0-9A-Fa-f]{6}$/, 'Colour must be a hex colour like #3B82F6'));

export const folderSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  userId: z.number(),
  createdAt: z.string(),
});
export type Folder = z.infer<typeof folderSchema>;

export const createFolderInputSchema = z.object({
  id: z.optional(clientIdSchema),
  userId: userIdSchema,
  name: z
    .string({ message: 'Folder name is required' })
    .check(z.trim(), z.minLength(1, 'Folder name is required'), z.maxLength(FOLDER_NAME_MAX, `Folder name must be at most ${FOLDER_NAME_MAX} characters`)),
  color: z.optional(z.union([hexColorSchema, z.literal(''), z.null()])),
});
export type CreateFolderInput = z.infer<typeof createFolderInputSchema>;

export const progressSchema = z.object({
  userId: z.number(),
  contentType: contentTypeSchema,
  contentId: z.number(),
  completed: z.boolean(),
  progressPercent: z.number(),
  updatedAt: z.string(),
});
export type Progress = z.infer<typeof progressSchema>;

export const progressQuerySchema = z.object({
  userId: userIdSchema,
  contentType: contentTypeSchema,
  contentId: contentIdSchema,
});
export type ProgressQuery = z.infer<typeof progressQuerySchema>;

export const saveProgressInputSchema = z
  .object({
    userId: userIdSchema,
    contentType: contentTypeSchema,
    contentId: contentIdSchema,
    completed: z.boolean({ message: 'completed must be true or false' }),
    progressPercent: z.union([z.literal(0), z.literal(100)], { message: 'progressPercent must be 0 or 100' }),
  })
  .check(
    z.refine((v) => (v.completed ? v.progressPercent === 100 : v.progressPercent === 0), {
      message: 'A completed item is 100 percent, an uncompleted one 0',
      path: ['progressPercent'],
    }),
  );
export type SaveProgressInput = z.infer<typeof saveProgressInputSchema>;

export const commentSchema = z.object({
  id: z.number(),
  userId: z.number(),
  contentType: contentTypeSchema,
  contentId: z.number(),
  comment: z.string(),
  createdAt: z.string(),
  user: z.object({ name: z.string(), avatarUrl: z.nullable(z.string()) }),
});
export type Comment = z.infer<typeof commentSchema>;

/** Comments come a page at a time, newest first: `limit` of them, older than the comment `before` when given. */
export const COMMENTS_LIMIT_DEFAULT = 50;
export const COMMENTS_LIMIT_MAX = 100;
export const commentsQuerySchema = z.object({
  contentType: contentTypeSchema,
  contentId: contentIdSchema,
  limit: pageLimitSchema(COMMENTS_LIMIT_DEFAULT, COMMENTS_LIMIT_MAX),
  before: z.optional(idSchema('before must be a numeric comment id')),
});
export type CommentsQuery = z.output<typeof commentsQuerySchema>;

export const createCommentInputSchema = z.object({
  userId: userIdSchema,
  contentType: contentTypeSchema,
  contentId: contentIdSchema,
  comment: z
    .string({ message: 'Please enter a comment.' })
    .check(z.trim(), z.minLength(1, 'Please enter a comment.'), z.maxLength(COMMENT_MAX, `A comment can be at most ${COMMENT_MAX} characters`)),
});
export type CreateCommentInput = z.infer<typeof createCommentInputSchema>;
