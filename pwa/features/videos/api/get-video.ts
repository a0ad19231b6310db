import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Video } from '#contract/content';
import { answerSchema, ApiError, apiFetch } from '#pwa/lib/api-client';
import { orSavedCopy } from '#pwa/lib/saved-copy';
import { videoKeys } from './video-keys';

/** The text (docs/product.md#messages-and-errors) for a video that could not be loaded (other than a missing one). */
export const GET_VIDEO_ERROR = 'Failed to fetch video';

/** GET /api/videos/{id}. A missing video is an ApiError with status 404. */
export function getVideo(id: number, signal?: AbortSignal): Promise<Video> {
  return apiFetch(`/api/videos/${id}`, { schema: answerSchema('video'), signal });
}

/** The video, or with no network its details saved for offline on this device. */
export function getVideoOrSaved(id: number, signal?: AbortSignal): Promise<Video> {
  return orSavedCopy(() => getVideo(id, signal), (saved) => saved.video(id));
}

export const videoQueryOptions = (id: number) =>
  queryOptions({
    queryKey: videoKeys.detail(id),
    queryFn: ({ signal }) => getVideoOrSaved(id, signal),
  });

export const useVideo = (id: number) => useQuery(videoQueryOptions(id));

export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;
