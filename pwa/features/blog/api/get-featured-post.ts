import { queryOptions, useQuery } from '@tanstack/react-query';
import { freshOncePerVisit } from '#pwa/lib/query-client';
import { answerSchema, apiFetch } from '#pwa/lib/api-client';
import { blogKeys } from './keys';

/** GET /api/blog/featured: the one featured post, or null when none is featured. */
export const getFeaturedPost = (signal?: AbortSignal) => apiFetch('/api/blog/featured', { schema: answerSchema('featuredPost'), signal });

export const featuredPostQueryOptions = () => queryOptions({ queryKey: blogKeys.featured(), queryFn: ({ signal }) => getFeaturedPost(signal), staleTime: freshOncePerVisit });

export const useFeaturedPost = () => useQuery(featuredPostQueryOptions());
