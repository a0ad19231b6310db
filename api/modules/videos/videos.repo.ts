import type { Category, Video } from '#contract';
import type { Db } from '#api/db';
import { toIso, toNumber } from '#api/lib/convert';
import { VIDEO_COLUMNS, toVideo, type VideoRow } from './video.mapper';

export interface VideoListFilters {
  isShort?: boolean;
  category?: Category;
}

export function videosRepo(db: Db) {
  const videos = () => db('videos').select([...VIDEO_COLUMNS]);

  return {
    /** Newest first; ties (same instant) by id so pages are stable. */
    async list(filters: VideoListFilters, limit: number): Promise<Video[]> {
      const query = videos().orderBy([
        { column: 'published_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
      if (filters.isShort !== undefined) query.where('is_short', filters.isShort);
      if (filters.category !== undefined) query.where('category', filters.category);
      const rows = (await query.limit(limit)) as VideoRow[];
      return rows.map(toVideo);
    },

    /** Every video's id and publication instant, newest first: the sitemap's entries, without the rest. */
    async listDates(): Promise<Array<{ id: number; publishedAt: string }>> {
      const rows = (await db('videos')
        .select('id', 'published_at')
        .orderBy([
          { column: 'published_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])) as Array<Pick<VideoRow, 'id' | 'published_at'>>;
      return rows.map((row) => ({ id: toNumber(row.id), publishedAt: toIso(row.published_at) }));
    },

    async findById(id: number): Promise<Video | null> {
      const row = (await videos().where('id', id).first()) as VideoRow | undefined;
      return row ? toVideo(row) : null;
    },

    /** The video flagged featured (the newest if several), else the newest full-length one, else the newest short. */
    async featured(): Promise<Video | null> {
      const newest = (q: ReturnType<typeof videos>) =>
        q.orderBy([
          { column: 'published_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ]).first() as Promise<VideoRow | undefined>;
      const row = (await newest(videos().where('featured', true))) ?? (await newest(videos().where('is_short', false))) ?? (await newest(videos()));
      return row ? toVideo(row) : null;
    },

    async popular(limit: number): Promise<Video[]> {
      const rows = (await videos()
        .orderBy([
          { column: 'views', order: 'desc' },
          { column: 'published_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(limit)) as VideoRow[];
      return rows.map(toVideo);
    },

    /** One atomic increment in the database, so concurrent views are never lost. Null for an unknown id. */
    async incrementViews(id: number): Promise<{ id: number; views: number } | null> {
      const rows = (await db('videos').where('id', id).increment('views', 1).returning(['id', 'views'])) as unknown as { id: unknown; views: unknown }[];
      const row = rows[0];
      return row ? { id: toNumber(row.id), views: toNumber(row.views) } : null;
    },
  };
}
