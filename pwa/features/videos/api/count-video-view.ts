import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { videoViewsSchema, type Video } from '../../../../contract/content.js';
import { apiFetch } from '../../../lib/api-client';
import { videoKeys } from './video-keys';

/** POST /api/videos/{id}/views: one more view; answers the new total. */
export function countVideoView(id: number): Promise<{ id: number; views: number }> {
  return apiFetch(`/api/videos/${id}/views`, { method: 'POST', schema: videoViewsSchema });
}

/**
 * Registers one view when a video has loaded (SPEC §2: "Loading a video registers a view"),
 * once per visit of the watch page: the ref survives StrictMode's second run of the effect, so
 * development does not count twice. Fire and forget: a view is not a user write, so it is not
 * queued in the outbox; offline or on any error it is simply not counted. On success the shown
 * count becomes the server's new total, which includes this view.
 */
export function useCountVideoView(videoId: number | undefined): void {
  const queryClient = useQueryClient();
  const counted = useRef<number | null>(null);
  useEffect(() => {
    if (videoId === undefined || counted.current === videoId) return;
    counted.current = videoId;
    countVideoView(videoId).then(
      ({ views }) => queryClient.setQueryData<Video>(videoKeys.detail(videoId), (video) => (video ? { ...video, views } : video)),
      () => undefined,
    );
  }, [videoId, queryClient]);
}
