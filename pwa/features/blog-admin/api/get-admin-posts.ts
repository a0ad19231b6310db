import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { editorPostSummarySchema, type EditorPostSummary, type PostStateFilter } from '#contract/posts';
import { apiFetch, withQuery } from '#pwa/lib/api-client';
import { freshOncePerVisit } from '#pwa/lib/query-client';
import { blogAdminKeys } from './keys';

/** The rows of one page of the desk's list (docs/product.md#blog-management). */
export const ADMIN_PAGE_SIZE = 20;

/** One page of the desk's list, and whether another follows it. */
export interface AdminPostsPage {
  posts: EditorPostSummary[];
  more: boolean;
}

/**
 * A page of the desk's list: the posts in `state` (drafts and scheduled posts too), newest first,
 * with their state; with a non-blank `q`, only those whose title, excerpt or text hold its words.
 * One row more than the page is asked for, so the page knows whether another follows.
 */
export async function getAdminPosts({ state, q, offset }: { state: PostStateFilter; q: string; offset: number }, signal?: AbortSignal): Promise<AdminPostsPage> {
  const path = withQuery('/api/blog', { status: state, q: q || undefined, limit: ADMIN_PAGE_SIZE + 1, offset: offset || undefined });
  const rows = await apiFetch(path, { schema: z.array(editorPostSummarySchema), signal });
  return { posts: rows.slice(0, ADMIN_PAGE_SIZE), more: rows.length > ADMIN_PAGE_SIZE };
}

/** The desk's list in `state`, searched by `q` (trimmed; blank: every post), 20 at a time. */
export const adminPostsQueryOptions = (state: PostStateFilter = 'all', q = '') =>
  infiniteQueryOptions({
    queryKey: blogAdminKeys.listIn(state, q.trim()),
    queryFn: ({ pageParam, signal }) => getAdminPosts({ state, q: q.trim(), offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.more ? pages.length * ADMIN_PAGE_SIZE : undefined),
    staleTime: freshOncePerVisit,
  });

export const useAdminPosts = (state: PostStateFilter = 'all', q = '') => useInfiniteQuery(adminPostsQueryOptions(state, q));
