import type { BlogPostSummary, Video } from '../../../contract/content.js';
import { ArticleCard } from './article-card';
import { VideoCard } from './video-card';

/** The responsive grid every list of cards uses (and its skeletons): one column, two, then three. */
export const CARD_GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

export function VideoGrid({ videos }: { videos: Video[] }) {
  return (
    <ul className={CARD_GRID}>
      {videos.map((video) => (
        <li key={video.id} className="grid">
          <VideoCard video={video} />
        </li>
      ))}
    </ul>
  );
}

export function ArticleGrid({ posts }: { posts: BlogPostSummary[] }) {
  return (
    <ul className={CARD_GRID}>
      {posts.map((post) => (
        <li key={post.id} className="grid">
          <ArticleCard post={post} />
        </li>
      ))}
    </ul>
  );
}
