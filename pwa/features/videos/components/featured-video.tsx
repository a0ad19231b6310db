import { Link } from 'react-router-dom';
import { PlayCircle } from 'lucide-react';
import { DurationMeta, FeaturedSkeleton, ViewsMeta, YoutubeThumbnail } from '#pwa/components/content';
import { useFeaturedVideo } from '../api/get-featured-video';

/** The 'FEATURED VIDEO' block of the home page; nothing when no video is featured or it cannot be fetched. */
export function FeaturedVideo() {
  const featured = useFeaturedVideo();
  if (featured.isPending) return <FeaturedSkeleton label="Loading the featured video" />;
  const video = featured.data;
  if (!video) return null;
  return (
    <section aria-labelledby="featured-video-heading" className="render-when-near card overflow-hidden border border-base-300 bg-base-100 shadow-sm">
      <Link to={`/watch/${video.id}`} tabIndex={-1} aria-hidden="true" className="relative block aspect-video bg-base-300">
        <YoutubeThumbnail youtubeId={video.youtubeId} className="size-full" />
        <span className="absolute inset-0 grid place-items-center bg-black/20">
          <PlayCircle className="size-16 text-white drop-shadow-lg" />
        </span>
      </Link>
      <div className="card-body gap-3 p-6">
        <h2 id="featured-video-heading" className="text-xs font-semibold tracking-widest text-primary">
          FEATURED VIDEO
        </h2>
        <h3 className="font-display text-2xl leading-tight font-bold">{video.title}</h3>
        {video.description ? <p className="line-clamp-4 text-base-content/80">{video.description}</p> : null}
        <p className="flex flex-wrap items-center gap-4 text-sm text-base-content/70">
          <ViewsMeta views={video.views} />
          <DurationMeta duration={video.duration} />
        </p>
        <div className="card-actions mt-auto pt-2">
          <Link to={`/watch/${video.id}`} className="btn btn-primary">
            <PlayCircle aria-hidden="true" className="size-5" /> Watch Video
          </Link>
        </div>
      </div>
    </section>
  );
}
