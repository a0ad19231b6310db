import * as z from 'zod/mini';
import { commentSchema, contentTypeSchema } from '#contract';
import { defineWrite } from '#pwa/offline';
import { commentKeys, noteDeliveredComment, type CommentPages } from './comments';

export const COMMENT_FAILURE = 'Failed to post comment. Please try again.';

export const commentSubject = (contentType: string, contentId: number) => `comment:${contentType}:${contentId}`;

/** A new comment. While queued, the comments list shows it at the top, marked as waiting. */
export const postCommentWrite = defineWrite({
  kind: 'comment.create',
  schema: z.object({ contentType: contentTypeSchema, contentId: z.number(), comment: z.string() }),
  subject: (v) => commentSubject(v.contentType, v.contentId),
  // Each one adds a comment: a delivered one never makes an earlier refused one obsolete.
  replacesEarlier: false,
  request: (v, userId) => ({ method: 'POST', path: '/api/comments', body: { userId, contentType: v.contentType, contentId: v.contentId, comment: v.comment } }),
  label: (v) => `Comment "${v.comment.length > 40 ? `${v.comment.slice(0, 40)}…` : v.comment}"`,
  failureMessage: () => COMMENT_FAILURE,
  refreshes: (v) => [[...commentKeys.list(v.contentType, v.contentId)]],
  keptText: (v) => v.comment,
  // At the top of its list at once, so it never vanishes between delivery and refetch.
  applyDelivered: (queryClient, _v, response, { entryId }) => {
    const parsed = commentSchema.safeParse(response);
    if (!parsed.success) return;
    const comment = parsed.data;
    noteDeliveredComment(entryId);
    queryClient.setQueryData<CommentPages>(commentKeys.list(comment.contentType, comment.contentId), (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page, i) => {
              const others = page.filter((c) => c.id !== comment.id);
              return i === 0 ? [comment, ...others] : others;
            }),
          }
        : data,
    );
  },
});
