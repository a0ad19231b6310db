import type { ReactNode } from 'react';
import { VideoOff } from 'lucide-react';
import type { Video } from '#contract/content';
import { SHARE_CARD_HEIGHT, SHARE_CARD_WIDTH, shareCardPath } from '#contract/share-card';
import { NeedsConnection, OfflineDataNote } from '#pwa/components/ui/offline';
import { useQueryConnectionState } from '#pwa/components/ui/query-connection-state';
import { categoryLabel } from '#pwa/lib/format';
import { usePageHead, type PageHead } from '#pwa/lib/use-document-title';
import { youtubeThumbnailUrl } from '#pwa/components/content';
import { useCountVideoView } from '../api/count-video-view';
import { GET_VIDEO_ERROR, isNotFound, useVideo } from '../api/get-video';
import { BackToVideos } from './back-to-videos';
import { VideoPlayer } from './video-player';
// A path's id by the API's own rule (a miss names no page: its not-found state, nothing fetched).
import { rowIdFromPath } from '#contract/row-id';
import { DurationMeta, PublishedMeta, ViewsMeta } from '#pwa/components/content/meta';
import { LoadError } from '#pwa/components/ui/load-error';

/** What the watch page adds from other features (bookmark, completion, notes, comments), given the loaded video. */
export interface WatchVideoSlots {
  /** Buttons under the title (bookmark, mark complete). */
  actions?: (video: Video) => ReactNode;
  /** The side panel on desktop, below the video on phones ('Your Notes'). */
  aside?: (video: Video) => ReactNode;
  /** Under the details (comments). */
  footer?: (video: Video) => ReactNode;
  /** The player in place of the plain embed once online (one that remembers the position), given that embed to fall back on. */
  player?: (video: Video, embed: ReactNode) => ReactNode;
}

/**
 * The watch page for `/watch/{id}`: the player and the video's details (with their age when
 * shown offline from the device), or 'Video Not Found', or the product's (docs/product.md) error text, or, offline for a
 * video never opened here, that it needs a connection. A loaded video counts one view per visit.
 * `id` is the raw route parameter: one that is not a positive whole number names no video and is
 * not fetched.
 */
export function WatchVideo({ id, ...slots }: { id: string | undefined } & WatchVideoSlots) {
  const videoId = rowIdFromPath(id);
  if (videoId === null) return <VideoNotFound />;
  return <WatchLoadedId videoId={videoId} {...slots} />;
}

function WatchLoadedId({ videoId, actions, aside, footer, player }: { videoId: number } & WatchVideoSlots) {
  const query = useVideo(videoId);
  const { data: video, error, refetch, isFetching } = query;
  const state = useQueryConnectionState(query);
  useCountVideoView(video?.id);
  const notFound = isNotFound(error);
  usePageHead(notFound ? NOT_FOUND_HEAD : video ? videoHead(video) : { title: 'Watch' });

  // The server says the video is gone (an editor deleted it): a copy seen before is not shown.
  if (notFound) return <VideoNotFound />;
  // Otherwise a video seen before stays on screen whatever happens to the check with the server.
  if (video === undefined) {
    if (state === 'loading') return <WatchSkeleton />;
    if (state === 'offline-empty') {
      return (
        <div className="flex flex-col gap-6">
          <BackToVideos className="self-start" />
          <NeedsConnection onRetry={() => void refetch()} retrying={isFetching} />
        </div>
      );
    }
    return (
      <div className="flex flex-col gap-6">
        <BackToVideos className="self-start" />
        <LoadError message={GET_VIDEO_ERROR} onRetry={() => void refetch()} retrying={isFetching} />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <BackToVideos />
        <OfflineDataNote query={query} />
      </div>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <article className="flex min-w-0 flex-col gap-5">
          <VideoPlayer key={video.youtubeId} youtubeId={video.youtubeId} title={video.title} renderPlayer={player ? (embed) => player(video, embed) : undefined} />
          <div className="flex flex-wrap items-center gap-2">
            <span className="badge badge-primary">{categoryLabel(video.category)}</span>
            {video.isShort ? <span className="badge badge-secondary">Short</span> : null}
            <span className="text-sm text-base-content/70">
              <DurationMeta duration={video.duration} />
            </span>
          </div>
          <h1 className="font-display text-2xl font-bold tracking-tight sm:text-3xl">{video.title}</h1>
          <div className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-base-content/70">
            <ViewsMeta views={video.views} />
            <PublishedMeta iso={video.publishedAt} />
          </div>
          {actions ? <div className="flex flex-wrap items-center gap-3">{actions(video)}</div> : null}
          {video.description ? (
            <div className="rounded-box bg-base-200 p-4 sm:p-5">
              <h2 className="sr-only">Description</h2>
              <p className="whitespace-pre-line text-base-content/90">{video.description}</p>
            </div>
          ) : null}
        </article>
        {aside ? <aside className="min-w-0 lg:row-span-2 lg:self-start lg:sticky lg:top-24">{aside(video)}</aside> : null}
        {footer ? <div className="min-w-0 lg:col-start-1">{footer(video)}</div> : null}
      </div>
    </div>
  );
}

const NOT_FOUND_HEAD: PageHead = { title: 'Video Not Found', notFound: true };

/**
 * What a video's page says about itself to search engines and link previews: its share card
 * (docs/decisions/019-share-cards.md) is the preview's picture, and the video platform's thumbnail
 * stays the VideoObject's thumbnail, which search engines want of the video itself.
 */
function videoHead(video: Video): PageHead {
  const description = video.description ?? undefined;
  const thumbnail = youtubeThumbnailUrl(video.youtubeId, 'hqdefault');
  const card = shareCardPath('videos', video.id, { title: video.title, category: video.category, picture: video.youtubeId });
  return {
    title: video.title,
    description,
    image: card,
    imageSize: { width: SHARE_CARD_WIDTH, height: SHARE_CARD_HEIGHT },
    type: 'video.other',
    jsonLd: (siteUrl) => ({
      '@context': 'https://schema.org',
      '@type': 'VideoObject',
      name: video.title,
      description: description ?? video.title,
      thumbnailUrl: thumbnail,
      image: new URL(card, siteUrl).href,
      uploadDate: video.publishedAt,
      ...(isoDuration(video.duration) ? { duration: isoDuration(video.duration) } : {}),
      embedUrl: `https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.youtubeId)}`,
      interactionStatistic: { '@type': 'InteractionCounter', interactionType: { '@type': 'WatchAction' }, userInteractionCount: video.views },
    }),
  };
}

/** '1:02:03' or '12:34' as ISO 8601 ('PT1H2M3S'); null when it is neither. */
function isoDuration(duration: string): string | null {
  const parts = duration.split(':').map(Number);
  if (parts.length < 2 || parts.length > 3 || parts.some((n) => !Number.isInteger(n) || n < 0)) return null;
  const [h, m, s] = parts.length === 3 ? parts : [0, ...parts];
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s}S`;
}

export function VideoNotFound() {
  usePageHead(NOT_FOUND_HEAD);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <VideoOff aria-hidden="true" className="size-12 text-base-content/50" />
      <h1 className="font-display text-3xl font-bold">Video Not Found</h1>
      <p className="text-base-content/80">The video you are looking for does not exist or has been removed.</p>
      <BackToVideos primary />
    </section>
  );
}

function WatchSkeleton() {
  return (
    <div role="status" aria-label="Loading video…" className="flex flex-col gap-4">
      <div className="skeleton h-8 w-36" />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex flex-col gap-5">
          <div className="skeleton aspect-video w-full" />
          <div className="skeleton h-5 w-40" />
          <div className="skeleton h-8 w-3/4" />
          <div className="skeleton h-4 w-1/2" />
          <div className="skeleton h-24 w-full" />
        </div>
        <div className="skeleton hidden h-64 w-full lg:block" />
      </div>
    </div>
  );
}
