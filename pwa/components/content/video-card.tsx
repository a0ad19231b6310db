import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Clock } from 'lucide-react';
import type { Video } from '#contract/content';
import { categoryLabel } from '#pwa/lib/format';
import { ViewsMeta } from './meta';
import { YoutubeThumbnail } from './youtube-thumbnail';

/** A video in a grid: opens /watch/{id}. `badge` adds a mark such as "Completed". */
export function VideoCard({ video, badge }: { video: Video; badge?: ReactNode }) {
  return (
    <Link
      to={`/watch/${video.id}`}
      className="card group overflow-hidden border border-base-300 bg-base-100 shadow-sm transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
    >
      <figure className={`relative bg-base-300 ${video.isShort ? 'aspect-[9/16] max-h-96' : 'aspect-video'}`}>
        <YoutubeThumbnail youtubeId={video.youtubeId} className="size-full transition group-hover:scale-[1.02]" />
        <span className="badge badge-neutral absolute right-2 bottom-2 gap-1 font-mono text-xs">
          <Clock aria-hidden="true" className="size-3" />
          {video.duration}
        </span>
        {video.isShort ? <span className="badge badge-secondary absolute top-2 left-2">Short</span> : null}
      </figure>
      <div className="card-body gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <span className="badge badge-outline badge-sm">{categoryLabel(video.category)}</span>
          {badge}
        </div>
        <h3 className="card-title text-base leading-snug">{video.title}</h3>
        <p className="text-sm text-base-content/70">
          <ViewsMeta views={video.views} />
        </p>
      </div>
    </Link>
  );
}
