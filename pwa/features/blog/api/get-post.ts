import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlogPost } from '#contract/content';
import { answerSchema, apiFetch } from '#pwa/lib/api-client';
import { freshOncePerVisit } from '#pwa/lib/query-client';
import { orSavedCopy } from '#pwa/lib/saved-copy';
import { blogKeys } from './keys';

/** GET /api/blog/{id}: the post with its Markdown body. A missing post is an ApiError with status 404. */
export function getPost(id: number, signal?: AbortSignal): Promise<BlogPost> {
  return apiFetch(`/api/blog/${id}`, { schema: answerSchema('blogPost'), signal });
}

/** The post, or with no network its copy saved for offline on this device. */
export function getPostOrSaved(id: number, signal?: AbortSignal): Promise<BlogPost> {
  return orSavedCopy(() => getPost(id, signal), (saved) => saved.post(id));
}

export const postQueryOptions = (id: number) => queryOptions({ queryKey: blogKeys.detail(id), queryFn: ({ signal }) => getPostOrSaved(id, signal), staleTime: freshOncePerVisit });

export const usePost = (id: number) => useQuery(postQueryOptions(id));
