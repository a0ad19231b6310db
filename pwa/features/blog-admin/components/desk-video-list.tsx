import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Video } from '#contract/content';
import { youtubeThumbnailUrl } from '#pwa/components/content';
import { ConfirmDialog } from '#pwa/components/ui/confirm-dialog';
import { LoadError } from '#pwa/components/ui/load-error';
import { NeedsConnection, OfflineDataNote } from '#pwa/components/ui/offline';
import { useQueryConnectionState } from '#pwa/components/ui/query-connection-state';
import { useToast } from '#pwa/components/ui/toast';
import { serverMessageOf } from '#pwa/lib/api-client';
import { categoryLabel, formatDate } from '#pwa/lib/format';
import { useOnlineStatus } from '#pwa/lib/use-online-status';
import { useDeleteVideo, useDeskVideos, useFeatureVideo } from '../api/videos-desk';
import { DeskRowActions, FeaturedBadge } from './desk-row-actions';

/** What Delete asks before a video goes, and what goes with it. */
export const deleteVideoQuestion = (title: string) => `Delete "${title}"? Its bookmarks, progress and comments are deleted with it.`;

export interface DeskVideoListProps {
  userId: number;
  /** The video open in the form, marked in the list. */
  editingId: number | null;
  onEdit: (video: Video) => void;
  onDeleted: (id: number) => void;
}

/** Every video and short, newest first, the featured one marked, each with Edit, Feature and Delete. */
export function DeskVideoList({ userId, editingId, onEdit, onDeleted }: DeskVideoListProps) {
  const videos = useDeskVideos();
  const state = useQueryConnectionState(videos);
  const online = useOnlineStatus();
  const feature = useFeatureVideo();
  const remove = useDeleteVideo(userId);
  const [confirming, setConfirming] = useState<Video | null>(null);
  const { toast } = useToast();

  const failed = (title: string, error: unknown) => {
    const message = serverMessageOf(error);
    toast({ title, ...(message ? { description: message } : {}), variant: 'destructive' });
  };

  const onFeature = (video: Video) =>
    feature.mutate(video.id, {
      onSuccess: () => toast({ title: 'Featured video updated' }),
      onError: (error) => failed('Failed to update featured video', error),
    });

  const onDelete = (video: Video) =>
    remove.mutate(video.id, {
      onSuccess: () => {
        toast({ title: 'Video deleted' });
        onDeleted(video.id);
      },
      onError: (error) => failed('Failed to delete video', error),
    });

  const list = videos.data;

  return (
    <section aria-labelledby="desk-videos-heading" className="flex flex-col gap-4">
      <h2 id="desk-videos-heading" className="font-display text-2xl font-bold">
        All Videos{list ? <span className="ml-2 text-base font-normal text-base-content/70">({list.length})</span> : null}
      </h2>
      <OfflineDataNote query={videos} className="-mt-2" />
      {state === 'loading' ? (
        <div role="status" aria-label="Loading videos…" className="flex flex-col gap-3">
          {Array.from({ length: 4 }, (_, i) => (
            <div key={i} className="skeleton h-20 w-full" />
          ))}
        </div>
      ) : state === 'offline-empty' ? (
        <NeedsConnection what="The list of videos" onRetry={() => void videos.refetch()} retrying={videos.isFetching} />
      ) : list === undefined ? (
        <LoadError message="Failed to fetch videos" onRetry={() => void videos.refetch()} retrying={videos.isFetching} />
      ) : list.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 px-6 py-10 text-center text-base-content/80">No videos yet.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
          {list.map((video) => {
            const featuring = feature.isPending && feature.variables === video.id;
            const deleting = remove.isPending && remove.variables === video.id;
            return (
              <li
                key={video.id}
                aria-label={video.title}
                aria-current={video.id === editingId ? 'true' : undefined}
                // Buttons under the video: the list is the narrow column beside the form.
                className={`flex flex-col gap-3 p-4 ${video.id === editingId ? 'bg-base-200' : ''}`}
              >
                <div className="flex min-w-0 gap-3">
                  <img
                    src={youtubeThumbnailUrl(video.youtubeId, 'hqdefault')}
                    alt=""
                    width={96}
                    height={54}
                    loading="lazy"
                    decoding="async"
                    className="aspect-video w-24 shrink-0 rounded-field bg-base-200 object-cover"
                  />
                  <div className="min-w-0">
                    <Link to={`/watch/${video.id}`} className="link link-hover font-semibold break-words">
                      {video.title}
                    </Link>
                    <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-base-content/75">
                      {video.isShort ? <span className="badge badge-accent badge-sm font-semibold">Short</span> : null}
                      <span className="badge badge-outline badge-sm">{categoryLabel(video.category)}</span>
                      <span>{video.duration}</span>
                      <span>{formatDate(video.publishedAt)}</span>
                      {video.featured ? <FeaturedBadge /> : null}
                    </p>
                  </div>
                </div>
                <DeskRowActions
                  title={video.title}
                  online={online}
                  featured={video.featured}
                  featuring={featuring}
                  deleting={deleting}
                  onEdit={() => onEdit(video)}
                  onFeature={() => onFeature(video)}
                  onDelete={() => setConfirming(video)}
                />
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title="Delete video"
        message={confirming ? deleteVideoQuestion(confirming.title) : ''}
        confirmLabel="Delete Video"
        onConfirm={() => {
          const video = confirming;
          setConfirming(null);
          if (video) onDelete(video);
        }}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}
