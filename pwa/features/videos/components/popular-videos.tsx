import { VideoCard } from '#pwa/components/content';
import { usePopularVideos } from '../api/get-popular-videos';

export const POPULAR_SHOWN = 2;

/**
 * 'Most Popular Videos' (docs/product.md#home, #limits): shown only when the server returns at least two, and then
 * the first two. Nothing is shown while loading or on failure, so the heading never appears and
 * then vanishes.
 */
export function PopularVideos() {
  const popular = usePopularVideos();
  if (!popular.data || popular.data.length < POPULAR_SHOWN) return null;
  return (
    <section aria-labelledby="popular-videos-heading" className="render-when-near">
      <h2 id="popular-videos-heading" className="mb-6 font-display text-2xl font-bold sm:text-3xl">
        Most Popular Videos
      </h2>
      <div className="grid gap-6 sm:grid-cols-2">
        {popular.data.slice(0, POPULAR_SHOWN).map((video) => (
          <VideoCard key={video.id} video={video} />
        ))}
      </div>
    </section>
  );
}
