import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { videoSchema, type Video } from '#contract/content';
import type { VideoInput } from '#contract/video-desk';
import { ApiError, apiFetch, withQuery } from '#pwa/lib/api-client';
import { freshOncePerVisit, privateKey } from '#pwa/lib/query-client';

/** The most the API gives in one page; the desk's list shows the newest this many. */
export const DESK_VIDEOS_LIMIT = 100;

/**
 * The videos' queries all start with 'videos' (features/videos' `videoKeys.all`), the site search's
 * with 'search' (features/search's `searchKeys.all`); features never import each other, so the
 * roots are named here again. After an editor's change, invalidating them refreshes /videos, the
 * watch pages, the home page's featured and popular videos, search results and this list at once.
 * A deleted video's bookmarks and progress go with it: the editor's own lists refresh too.
 */
export const videosDeskKeys = {
  videosRoot: ['videos'] as const,
  searchRoot: ['search'] as const,
  list: () => ['videos', 'desk'] as const,
  bookmarks: (userId: number) => [...privateKey(userId), 'bookmarks'] as const,
  progress: (userId: number) => [...privateKey(userId), 'progress'] as const,
};

/** GET /api/videos?limit=100: videos and shorts, newest first. */
export const getDeskVideos = (signal?: AbortSignal) => apiFetch(withQuery('/api/videos', { limit: DESK_VIDEOS_LIMIT }), { schema: z.array(videoSchema), signal });

export const deskVideosQueryOptions = () => queryOptions({ queryKey: videosDeskKeys.list(), queryFn: ({ signal }) => getDeskVideos(signal), staleTime: freshOncePerVisit });

export const useDeskVideos = () => useQuery(deskVideosQueryOptions());

/** What "Add video" (no `id`) or "Update" (`id`) sends: the video, whole. */
export interface SaveVideo {
  id?: number;
  body: VideoInput;
}

/** POST /api/videos (201 the video), or PUT /api/videos/{id} (the video; its date kept unless given). */
export function saveVideo({ id, body }: SaveVideo): Promise<Video> {
  return id === undefined
    ? apiFetch('/api/videos', { method: 'POST', body, schema: videoSchema })
    : apiFetch(`/api/videos/${id}`, { method: 'PUT', body, schema: videoSchema });
}

/** PUT /api/videos/{id}/featured: this video becomes the one featured video. */
export const featureVideo = (id: number): Promise<Video> => apiFetch(`/api/videos/${id}/featured`, { method: 'PUT', schema: videoSchema });

/** DELETE /api/videos/{id}: the video goes, with the bookmarks, progress and comments that point at it. */
export async function deleteVideo(id: number): Promise<void> {
  await apiFetch(`/api/videos/${id}`, { method: 'DELETE' });
}

/** Everything that shows videos refreshes after a change. */
function useRefreshVideos() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: videosDeskKeys.videosRoot }), queryClient.invalidateQueries({ queryKey: videosDeskKeys.searchRoot })]);
}

export function useSaveVideo() {
  const refresh = useRefreshVideos();
  return useMutation({ mutationFn: saveVideo, onSuccess: refresh });
}

export function useFeatureVideo() {
  const refresh = useRefreshVideos();
  return useMutation({ mutationFn: featureVideo, onSuccess: refresh });
}

export function useDeleteVideo(userId: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshVideos();
  return useMutation({
    mutationFn: deleteVideo,
    onSuccess: async () => {
      await Promise.all([
        refresh(),
        queryClient.invalidateQueries({ queryKey: videosDeskKeys.bookmarks(userId) }),
        queryClient.invalidateQueries({ queryKey: videosDeskKeys.progress(userId) }),
      ]);
    },
  });
}

/** The video that already has this YouTube link, when a save was refused for it (409), else null. */
export function alreadyOnSite(error: unknown): { message: string; video: Video } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = videoSchema.safeParse((error.body as { video?: unknown } | null)?.video);
  return parsed.success ? { message: error.serverMessage ?? `This YouTube video is already on the site as "${parsed.data.title}".`, video: parsed.data } : null;
}

/** The API's field messages of a 400 (`issues`, each with its `path`), by field. */
export function issuesByField(error: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (!(error instanceof ApiError) || error.status !== 400) return fields;
  const issues = (error.body as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) return fields;
  for (const issue of issues as Array<{ path?: unknown; message?: unknown }>) {
    const field = Array.isArray(issue?.path) ? issue.path[0] : undefined;
    if (typeof field === 'string' && typeof issue.message === 'string' && !fields[field]) fields[field] = issue.message;
  }
  return fields;
}
