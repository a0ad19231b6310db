import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { BlogPostSummary } from '#contract/content';
import type { Category } from '#contract/common';
import { answerSchema, apiFetch, withQuery } from '#pwa/lib/api-client';
import { freshOncePerVisit } from '#pwa/lib/query-client';
import { blogKeys } from './keys';

/** Posts per page of the /blog grid; a shorter page is the last one. */
export const BLOG_PAGE_SIZE = 12;

export interface GetPostsParams {
  category?: Category | undefined;
  limit?: number;
  offset?: number;
}

/** GET /api/blog: newest first (ties broken by id, so pages never repeat or skip a post). */
export function getPosts({ category, limit = BLOG_PAGE_SIZE, offset = 0 }: GetPostsParams = {}, signal?: AbortSignal): Promise<BlogPostSummary[]> {
  return apiFetch(withQuery('/api/blog', { category, limit, offset }), { schema: answerSchema('blogPostSummaries'), signal });
}

/**
 * The /blog grid of one category ('all' for every one), a page of 12 at a time. Another page is
 * offered only while the last one came back full.
 */
export const postsInfiniteQueryOptions = (category: Category | 'all') =>
  infiniteQueryOptions({
    queryKey: blogKeys.list(category),
    queryFn: ({ pageParam, signal }) => getPosts({ category: category === 'all' ? undefined : category, limit: BLOG_PAGE_SIZE, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, allPages) => (lastPage.length < BLOG_PAGE_SIZE ? undefined : allPages.length * BLOG_PAGE_SIZE),
    // Editors add posts: a list restored from an earlier visit is fetched again once.
    staleTime: freshOncePerVisit,
  });

export const usePostsInfinite = (category: Category | 'all') => useInfiniteQuery(postsInfiniteQueryOptions(category));
