import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { commentSchema, type Comment, type ContentType } from '#contract';
import { apiFetch, withQuery } from '#pwa/lib/api-client';

/** Comments are public: the same list for every reader, so not under privateKey. */
export const commentKeys = {
  all: ['comments'] as const,
  list: (contentType: ContentType, contentId: number) => [...commentKeys.all, contentType, contentId] as const,
};

/** Comments come 20 at a time, newest first; "Show older comments" asks for the next 20. */
export const COMMENTS_PAGE_SIZE = 20;

/** GET /api/comments: one page, older than the comment `before` when given. */
export const getComments = (contentType: ContentType, contentId: number, before: number | undefined, signal?: AbortSignal) =>
  apiFetch(withQuery('/api/comments', { contentType, contentId, limit: COMMENTS_PAGE_SIZE, before }), { schema: z.array(commentSchema), signal });

export type CommentPages = InfiniteData<Comment[], number | undefined>;

/**
 * The outbox entries whose comments this page has put into the list. The delivery reaction runs
 * before the entry leaves the queue (and IndexedDB's live query answers when it answers), and a
 * refetch may already have brought the comment back under its server id: a queued entry in this
 * set is not shown beside it.
 */
const delivered = new Set<string>();
export const isDeliveredComment = (entryId: string): boolean => delivered.has(entryId);
export const noteDeliveredComment = (entryId: string): void => void delivered.add(entryId);

export const commentsQueryOptions = (contentType: ContentType, contentId: number) =>
  infiniteQueryOptions({
    queryKey: commentKeys.list(contentType, contentId),
    queryFn: ({ pageParam, signal }) => getComments(contentType, contentId, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    // A full page may have older ones behind it; the cursor is the oldest comment shown.
    getNextPageParam: (lastPage) => (lastPage.length < COMMENTS_PAGE_SIZE ? undefined : lastPage.at(-1)?.id),
  });

export const useComments = (contentType: ContentType, contentId: number) => useInfiniteQuery(commentsQueryOptions(contentType, contentId));
