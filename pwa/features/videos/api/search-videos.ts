import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Video } from '#contract/content';
import { answerSchema, apiFetch, withQuery } from '#pwa/lib/api-client';
import { videoKeys } from './video-keys';

/** The text (docs/product.md#messages-and-errors) for a failed video search. */
export const SEARCH_VIDEOS_ERROR = 'Failed to search videos';

/**
 * GET /api/videos?q=…: videos and shorts ranked by relevance. The All/Videos/Shorts filter is
 * applied on this one answer (so each filter can show its count) rather than by `type=`.
 */
export function searchVideos(query: string, signal?: AbortSignal): Promise<Video[]> {
  return apiFetch(withQuery('/api/videos', { q: query.trim() }), { schema: answerSchema('videos'), signal });
}

export const searchVideosQueryOptions = (query: string) =>
  queryOptions({
    queryKey: videoKeys.search(query),
    queryFn: ({ signal }) => searchVideos(query, signal),
    // docs/product.md#input-rules: the video search runs only for a non-blank query.
    enabled: query.trim() !== '',
  });

export const useSearchVideos = (query: string) => useQuery(searchVideosQueryOptions(query));
