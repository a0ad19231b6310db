import type { Knex } from 'knex';
import type { Category, Video } from '#contract';
import { isPostgres, type Db } from '#api/db';
import { toIso, toNumber } from '#api/lib/convert';
import { VIDEO_COLUMNS, toVideo, type VideoRow } from './video.mapper';
import { deleteStudyData } from '#api/lib/study-data';

export interface VideoListFilters {
  isShort?: boolean;
  category?: Category;
}

/** What the desk writes of a video: every column but its views and the featured flag. */
export interface VideoFieldsRow {
  title: string;
  description: string | null;
  category: Category;
  duration: string;
  published_at: string;
  youtube_id: string;
  is_short: boolean;
}

/**
 * Arbitrary constants naming the PostgreSQL advisory locks that serialise the desk's video writes:
 * adding or re-linking a video (so two editors adding the same YouTube id at once cannot both
 * pass the duplicate check), and featuring (so two featurings cannot each clear the other's flag).
 * The blog's featuring lock is 7_240_001.
 */
const YOUTUBE_ID_LOCK_KEY = 7_240_002;
const FEATURE_LOCK_KEY = 7_240_003;

/** The queries, on the shared connection pool or inside one transaction. */
function videoQueries(db: Db | Knex.Transaction) {
  const videos = () => db('videos').select([...VIDEO_COLUMNS]);
  /** Holds back any other transaction taking the same lock until this one ends; SQLite's one connection already runs one at a time. */
  const lock = async (key: number) => {
    if (isPostgres(db)) await db.raw('SELECT pg_advisory_xact_lock(?)', [key]);
  };

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

    /** A video with this YouTube id other than `exceptId` (the one being edited), if any: the oldest. */
    async findByYoutubeId(youtubeId: string, exceptId?: number): Promise<Video | null> {
      const query = videos().where('youtube_id', youtubeId).orderBy('id');
      if (exceptId !== undefined) query.whereNot('id', exceptId);
      const row = (await query.first()) as VideoRow | undefined;
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

    /** Serialises adding and re-linking videos until the transaction ends (see YOUTUBE_ID_LOCK_KEY). */
    lockYoutubeIds: () => lock(YOUTUBE_ID_LOCK_KEY),

    /** Serialises featuring until the transaction ends (see FEATURE_LOCK_KEY). */
    lockFeaturing: () => lock(FEATURE_LOCK_KEY),

    /** A new video, not featured and not yet viewed; its id. The search index follows by itself (migration 002). */
    async insert(fields: VideoFieldsRow): Promise<number> {
      const [inserted] = (await db('videos')
        .insert({ ...fields, views: 0, featured: false })
        .returning('id')) as unknown[];
      return toNumber(typeof inserted === 'object' && inserted !== null ? (inserted as { id: unknown }).id : inserted);
    },

    /** Replaces what the desk writes of a video; the number of rows changed (0 for an unknown id). */
    async update(id: number, fields: VideoFieldsRow): Promise<number> {
      return db('videos').where('id', id).update(fields);
    },

    async clearFeaturedExcept(id: number): Promise<void> {
      await db('videos').where('featured', true).whereNot('id', id).update({ featured: false });
    },

    /** Flags the video featured; the number of rows changed (0 for an unknown id). */
    async setFeatured(id: number): Promise<number> {
      return db('videos').where('id', id).update({ featured: true });
    },

    /** Removes the bookmarks, progress and comments that point at a video (api/lib/study-data.ts). */
    async deleteStudyDataFor(id: number): Promise<void> {
      await deleteStudyData(db, 'video', id);
    },

    /** The number of rows deleted (0 for an unknown id). The search index follows by itself (migration 002). */
    async delete(id: number): Promise<number> {
      return db('videos').where('id', id).delete();
    },
  };
}

export type VideoQueries = ReturnType<typeof videoQueries>;

export function videosRepo(db: Db) {
  return {
    ...videoQueries(db),
    /** Runs `work` in one transaction with the queries bound to it; it commits when `work` resolves, rolls back when it throws. */
    async transaction<T>(work: (tx: VideoQueries) => Promise<T>): Promise<T> {
      return db.transaction((trx) => work(videoQueries(trx)));
    },
  };
}
