import { queryOptions, useQuery } from '@tanstack/react-query';
import { blogPostSchema, type BlogPost } from '../../../../contract/content.js';
import { apiFetch, NetworkError } from '../../../lib/api-client';
import { freshOncePerVisit } from '../../../lib/query-client';
import { blogKeys } from './keys';

/** GET /api/blog/{id}: the post with its Markdown body. A missing post is an ApiError with status 404. */
export function getPost(id: number, signal?: AbortSignal): Promise<BlogPost> {
  return apiFetch(`/api/blog/${id}`, { schema: blogPostSchema, signal });
}

/**
 * The post, or with no network its copy saved for offline on this device (issue 11): a saved post
 * never opened here still opens with its whole text. The saved store loads only when needed.
 */
export async function getPostOrSaved(id: number, signal?: AbortSignal): Promise<BlogPost> {
  try {
    return await getPost(id, signal);
  } catch (error) {
    if (!(error instanceof NetworkError)) throw error;
    const { getSavedPost, savedOr } = await import('../../../offline/saved-store');
    return savedOr(error, () => getSavedPost(id));
  }
}

export const postQueryOptions = (id: number) => queryOptions({ queryKey: blogKeys.detail(id), queryFn: ({ signal }) => getPostOrSaved(id, signal), staleTime: freshOncePerVisit });

export const usePost = (id: number) => useQuery(postQueryOptions(id));
