import * as z from 'zod/mini';
import './zod-locale';
import { contentTypeSchema, pageLimitSchema } from './common';

// Comment moderation: a reader's report, and the editor's desk's reported comments, hide and dismiss.

export const REPORT_REASON_MAX = 500;

/**
 * `POST /api/comments/{id}/report`: an optional reason, trimmed, at most 500 characters; a blank
 * one (or null) is no reason.
 */
export const reportCommentInputSchema = z.object({
  reason: z.pipe(
    z.optional(
      z.nullable(
        z
          .string({ message: 'reason must be text' })
          .check(z.trim(), z.maxLength(REPORT_REASON_MAX, `A reason can be at most ${REPORT_REASON_MAX} characters`)),
      ),
    ),
    z.transform((reason) => (reason ? reason : null)),
  ),
});
export type ReportCommentInput = z.input<typeof reportCommentInputSchema>;

/** The answer to a report: which comment, the reason kept, when. */
export const commentReportSchema = z.object({
  commentId: z.number(),
  reason: z.nullable(z.string()),
  reportedAt: z.string(),
});
export type CommentReport = z.infer<typeof commentReportSchema>;

/** `PUT /api/comments/{id}/hidden`: hide the comment for everyone (true) or show it again (false). */
export const commentHiddenInputSchema = z.object({
  hidden: z.boolean({ message: 'hidden must be true or false' }),
});
export type CommentHiddenInput = z.infer<typeof commentHiddenInputSchema>;

/** A comment's moderation state: whether it is hidden, and how many readers reported it (not yet dismissed). */
export const commentModerationSchema = z.object({
  id: z.number(),
  hidden: z.boolean(),
  reportCount: z.number(),
});
export type CommentModeration = z.infer<typeof commentModerationSchema>;

export const REPORTED_COMMENTS_LIMIT_DEFAULT = 50;
export const REPORTED_COMMENTS_LIMIT_MAX = 100;

/** `GET /api/comments/reported?limit=` (editors). */
export const reportedCommentsQuerySchema = z.object({
  limit: pageLimitSchema(REPORTED_COMMENTS_LIMIT_DEFAULT, REPORTED_COMMENTS_LIMIT_MAX),
});
export type ReportedCommentsQuery = z.output<typeof reportedCommentsQuerySchema>;

/**
 * One entry of the desk's reported comments: the comment (where it is, its title when the content
 * still exists, who wrote it, what, when) and its reports, newest first, with their count.
 */
export const reportedCommentSchema = z.object({
  id: z.number(),
  userId: z.number(),
  contentType: contentTypeSchema,
  contentId: z.number(),
  contentTitle: z.nullable(z.string()),
  comment: z.string(),
  createdAt: z.string(),
  user: z.object({ name: z.string(), avatarUrl: z.nullable(z.string()) }),
  reportCount: z.number(),
  reports: z.array(z.object({ reason: z.nullable(z.string()), reportedAt: z.string() })),
});
export type ReportedComment = z.infer<typeof reportedCommentSchema>;
