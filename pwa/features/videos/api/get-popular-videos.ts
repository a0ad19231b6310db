import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { videoSchema } from '#contract/content';
import { freshOncePerVisit } from '#pwa/lib/query-client';
import { apiFetch } from '#pwa/lib/api-client';
import { videoKeys } from './video-keys';

// Under videoKeys.all, so refreshing every video query refreshes this one too.
export const popularVideosKey = [...videoKeys.all, 'popular'] as const;

/** GET /api/videos/popular: most viewed first. */
export const getPopularVideos = (signal?: AbortSignal) => apiFetch('/api/videos/popular', { schema: z.array(videoSchema), signal });

export const popularVideosQueryOptions = () => queryOptions({ queryKey: popularVideosKey, queryFn: ({ signal }) => getPopularVideos(signal), staleTime: freshOncePerVisit });

export const usePopularVideos = () => useQuery(popularVideosQueryOptions());
