import { z } from 'zod';
import { categorySchema, rowIdFromPath, SEARCH_QUERY_MAX, type Video } from '#contract';
import type { Db } from '#api/db';
import { notFound } from '#api/errors';
import type { SearchService } from '../search/search.service';
import { videosRepo } from './videos.repo';

export const VIDEO_LIST_LIMIT_DEFAULT = 50;
export const VIDEO_LIST_LIMIT_MAX = 100;
export const POPULAR_LIMIT_DEFAULT = 6;
export const POPULAR_LIMIT_MAX = 24;

/** `?type=` or `?category=` left empty means "all", like leaving them out. */
const emptyAsAbsent = (v: unknown) => (v === '' ? undefined : v);

const listQuerySchema = z.object({
  q: z.string().max(SEARCH_QUERY_MAX, `Search text must be at most ${SEARCH_QUERY_MAX} characters`).default(''),
  type: z.preprocess(emptyAsAbsent, z.enum(['short', 'video'], { message: 'type must be short or video' }).optional()),
  category: z.preprocess(emptyAsAbsent, z.optional(categorySchema)),
  limit: z.coerce.number().int().min(1).max(VIDEO_LIST_LIMIT_MAX).default(VIDEO_LIST_LIMIT_DEFAULT),
});

const popularQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(POPULAR_LIMIT_MAX).default(POPULAR_LIMIT_DEFAULT),
});

/** A path id that is not a positive integer in the id column's range names no video: 404, never a 400 or a driver error. */
function videoId(raw: string): number {
  const id = rowIdFromPath(raw);
  if (id === null) throw notFound('Video not found');
  return id;
}

export function videosService(db: Db, search: SearchService) {
  const repo = videosRepo(db);
  return {
    /**
     * Newest first, or, with a non-blank `q`, ranked by relevance through the same full-text
     * index as /api/search. `type` and `category` filter both.
     */
    async list(query: unknown): Promise<Video[]> {
      const { q, type, category, limit } = listQuerySchema.parse(query);
      const filters = { isShort: type === undefined ? undefined : type === 'short', category };
      if (q.trim() !== '') return search.searchVideos(q, limit, filters);
      return repo.list(filters, limit);
    },

    async get(rawId: string): Promise<Video> {
      const video = await repo.findById(videoId(rawId));
      if (!video) throw notFound('Video not found');
      return video;
    },

    featured(): Promise<Video | null> {
      return repo.featured();
    },

    async popular(query: unknown): Promise<Video[]> {
      const { limit } = popularQuerySchema.parse(query);
      return repo.popular(limit);
    },

    /** Every video's id and publication date, newest first (for the sitemap). */
    publicationDates(): Promise<Array<{ id: number; publishedAt: string }>> {
      return repo.listDates();
    },

    /** Not idempotent by design: every load of the watch page is a view. */
    async countView(rawId: string): Promise<{ id: number; views: number }> {
      const result = await repo.incrementViews(videoId(rawId));
      if (!result) throw notFound('Video not found');
      return result;
    },
  };
}

export type VideosService = ReturnType<typeof videosService>;
