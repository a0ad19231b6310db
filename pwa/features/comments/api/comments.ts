import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { commentSchema, type Comment, type ContentType, type CreateCommentInput } from '../../../../contract/index.js';
import { apiFetch, withQuery } from '../../../lib/api-client';
import type { OutboxEntry } from '../../../offline/db';

/** Comments are public: the same list for every reader, so not under privateKey. */
export const commentKeys = {
  all: ['comments'] as const,
  list: (contentType: ContentType, contentId: number) => [...commentKeys.all, contentType, contentId] as const,
};

export const getComments = (contentType: ContentType, contentId: number, signal?: AbortSignal) =>
  apiFetch(withQuery('/api/comments', { contentType, contentId }), { schema: z.array(commentSchema), signal });

export const commentsQueryOptions = (contentType: ContentType, contentId: number) =>
  queryOptions({ queryKey: commentKeys.list(contentType, contentId), queryFn: ({ signal }) => getComments(contentType, contentId, signal) });

export const useComments = (contentType: ContentType, contentId: number) => useQuery(commentsQueryOptions(contentType, contentId));

export const commentSubject = (contentType: ContentType, contentId: number) => `comment:${contentType}:${contentId}`;
export const COMMENT_KIND = 'comment.create';
export const COMMENT_FAILURE = 'Failed to post comment. Please try again.';

/** The text a queued comment carries. */
export const queuedText = (entry: OutboxEntry): string => (entry.body as CreateCommentInput).comment;

/** Puts a delivered comment at the top of its list at once, so it never vanishes between delivery and refetch. */
export function applyDeliveredComment(queryClient: QueryClient, entry: OutboxEntry, response: unknown): void {
  if (entry.kind !== COMMENT_KIND) return;
  const parsed = commentSchema.safeParse(response);
  if (!parsed.success) return;
  const comment: Comment = parsed.data;
  queryClient.setQueryData<Comment[]>(commentKeys.list(comment.contentType, comment.contentId), (list) =>
    list ? [comment, ...list.filter((c) => c.id !== comment.id)] : list,
  );
}
