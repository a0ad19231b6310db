import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '#contract/common';
import { freshOncePerVisit } from '#pwa/lib/query-client';
import { getPosts } from './get-posts';
import { blogKeys } from './keys';

/** A post page shows at most this many others of its category (docs/product.md#limits). */
export const RELATED_MAX = 4;

/**
 * The newest posts of a category, one more than is shown, so that after leaving out the post
 * being read there are still four. One cache entry per category: every post of it shares it.
 */
export const relatedPostsQueryOptions = (category: Category) =>
  queryOptions({
    queryKey: blogKeys.related(category),
    queryFn: ({ signal }) => getPosts({ category, limit: RELATED_MAX + 1, offset: 0 }, signal),
    staleTime: freshOncePerVisit,
  });

/** Up to four other posts of `category`; empty when this post is the only one of its category. */
export function useRelatedPosts(category: Category, postId: number) {
  return useQuery({
    ...relatedPostsQueryOptions(category),
    select: (posts) => posts.filter((p) => p.id !== postId).slice(0, RELATED_MAX),
  });
}
