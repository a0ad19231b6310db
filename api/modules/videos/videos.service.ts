import type { Category, Video } from '#contract';
import type { VideoListQuery } from '#contract/queries';
import type { Db } from '#api/db';
import { notFound } from '#api/errors';
import { videosRepo } from './videos.repo';

/**
 * What the videos list needs of search: videos ranked by relevance to `q` through the index
 * /api/search uses (the search service's, handed in by api/services.ts). Said here, so this module
 * imports nothing of search, which imports this module's mapper.
 */
export interface VideoRanking {
  searchVideos(q: string, limit: number, filters: { isShort?: boolean; category?: Category }): Promise<Video[]>;
}

export function videosService(db: Db, search: VideoRanking) {
  const repo = videosRepo(db);
  return {
    /**
     * Newest first, or, with a non-blank `q`, ranked by relevance through the same full-text
     * index as /api/search. `type` and `category` filter both.
     */
    async list({ q, type, category, limit }: VideoListQuery): Promise<Video[]> {
      const filters = { isShort: type === undefined ? undefined : type === 'short', category };
      if (q.trim() !== '') return search.searchVideos(q, limit, filters);
      return repo.list(filters, limit);
    },

    async get(id: number): Promise<Video> {
      const video = await repo.findById(id);
      if (!video) throw notFound('Video not found');
      return video;
    },

    featured(): Promise<Video | null> {
      return repo.featured();
    },

    popular(limit: number): Promise<Video[]> {
      return repo.popular(limit);
    },

    /** Every video's id and publication date, newest first (for the sitemap). */
    publicationDates(): Promise<Array<{ id: number; publishedAt: string }>> {
      return repo.listDates();
    },

    /** Not idempotent by design: every load of the watch page is a view. */
    async countView(id: number): Promise<{ id: number; views: number }> {
      const result = await repo.incrementViews(id);
      if (!result) throw notFound('Video not found');
      return result;
    },
  };
}

export type VideosService = ReturnType<typeof videosService>;
