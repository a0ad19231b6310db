import type { SearchResult, Video } from '#contract';
import type { Db } from '#api/db';
import { searchRepo, type VideoSearchFilters } from './search.repo';

export function searchService(db: Db) {
  const repo = searchRepo(db);
  return {
    /**
     * Site search: videos and post summaries, `limit` of each, ranked by relevance. Blank text,
     * or text with no letters or digits, finds nothing.
     */
    async search(q: string, limit: number): Promise<SearchResult> {
      const [videos, blogPosts] = await Promise.all([repo.searchVideos(q, limit), repo.searchBlogPosts(q, limit)]);
      return { videos, blogPosts };
    },

    /** Videos ranked by relevance to `q` (the index /api/search uses), filtered; for the videos list's `q`. */
    searchVideos(q: string, limit: number, filters: VideoSearchFilters): Promise<Video[]> {
      return repo.searchVideos(q, limit, filters);
    },
  };
}

export type SearchService = ReturnType<typeof searchService>;
