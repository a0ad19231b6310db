import { queryOptions, useQuery } from '@tanstack/react-query';
import { blogPostSchema, type BlogPost } from '../../../../contract/content.js';
import { apiFetch } from '../../../lib/api-client';
import { freshOncePerVisit } from '../../../lib/query-client';
import { blogKeys } from './keys';

/** GET /api/blog/{id}: the post with its Markdown body. A missing post is an ApiError with status 404. */
export function getPost(id: number, signal?: AbortSignal): Promise<BlogPost> {
  return apiFetch(`/api/blog/${id}`, { schema: blogPostSchema, signal });
}

export const postQueryOptions = (id: number) => queryOptions({ queryKey: blogKeys.detail(id), queryFn: ({ signal }) => getPost(id, signal), staleTime: freshOncePerVisit });

export const usePost = (id: number) => useQuery(postQueryOptions(id));
