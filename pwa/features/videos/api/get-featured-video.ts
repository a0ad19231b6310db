import { queryOptions, useQuery } from '@tanstack/react-query';
import { freshOncePerVisit } from '#pwa/lib/query-client';
import { answerSchema, apiFetch } from '#pwa/lib/api-client';
import { videoKeys } from './video-keys';

// Under videoKeys.all, so refreshing every video query refreshes this one too.
export const featuredVideoKey = [...videoKeys.all, 'featured'] as const;

/** GET /api/videos/featured: the featured video, or null when there is none. */
export const getFeaturedVideo = (signal?: AbortSignal) => apiFetch('/api/videos/featured', { schema: answerSchema('featuredVideo'), signal });

export const featuredVideoQueryOptions = () => queryOptions({ queryKey: featuredVideoKey, queryFn: ({ signal }) => getFeaturedVideo(signal), staleTime: freshOncePerVisit });

export const useFeaturedVideo = () => useQuery(featuredVideoQueryOptions());
