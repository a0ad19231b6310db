import type { ReactNode } from 'react';
import type { BlogPostSummary, Video } from '#contract/content';
import { ArticleCard } from './article-card';
import { VideoCard } from './video-card';

/** The responsive grid every list of cards uses (and its skeletons): one column, two, then three. */
export const CARD_GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

/** A list of cards in the grid, one item each. */
function CardGrid<T extends { id: number }>({ items, card }: { items: T[]; card: (item: T) => ReactNode }) {
  return (
    <ul className={CARD_GRID}>
      {items.map((item) => (
        <li key={item.id} className="grid">
          {card(item)}
        </li>
      ))}
    </ul>
  );
}

export const VideoGrid = ({ videos }: { videos: Video[] }) => <CardGrid items={videos} card={(video) => <VideoCard video={video} />} />;

export const ArticleGrid = ({ posts }: { posts: BlogPostSummary[] }) => <CardGrid items={posts} card={(post) => <ArticleCard post={post} />} />;
