import { queryOptions, useQuery } from '@tanstack/react-query';
import { freshOncePerVisit } from '#pwa/lib/query-client';
import { answerSchema, apiFetch } from '#pwa/lib/api-client';
import { videoKeys } from './video-keys';

// Under videoKeys.all, so refreshing every video query refreshes this one too.
export const popularVideosKey = [...videoKeys.all, 'popular'] as const;

/** GET /api/videos/popular: most viewed first. */
export const getPopularVideos = (signal?: AbortSignal) => apiFetch('/api/videos/popular', { schema: answerSchema('videos'), signal });

export const popularVideosQueryOptions = () => queryOptions({ queryKey: popularVideosKey, queryFn: ({ signal }) => getPopularVideos(signal), staleTime: freshOncePerVisit });

export const usePopularVideos = () => useQuery(popularVideosQueryOptions());
