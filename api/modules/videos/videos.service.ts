import type { Category, Video } from '#contract';
import type { VideoListQuery } from '#contract/queries';
import type { YoutubeLink } from '#contract/youtube-link';
import type { Db } from '#api/db';
import { AppError, notFound } from '#api/errors';
import { nowIso } from '#api/lib/convert';
import { videosRepo, type VideoFieldsRow, type VideoQueries } from './videos.repo';

const VIDEO_NOT_FOUND = 'Video not found';

/**
 * A video as the desk writes it (`POST /api/videos`, `PUT /api/videos/{id}`), read: the YouTube
 * video its link names, and the fields the editor filled in (trimmed; `publishedAt` an ISO instant
 * when given).
 */
export interface VideoFields extends YoutubeLink {
  title: string;
  description?: string | null;
  category: Category;
  duration: string;
  publishedAt?: string;
}

/** 409: the YouTube video is on the site already, as `existing` (named, and sent whole, so the desk can open it). */
function alreadyAdded(existing: Video): AppError {
  return new AppError(409, `This YouTube video is already on the site as "${existing.title}".`, { video: existing });
}

/** The row of `fields`, published at their `publishedAt` (normalised to UTC) or else at `publishedAt`. */
function rowOf(fields: VideoFields, publishedAt: string): VideoFieldsRow {
  return {
    title: fields.title,
    description: fields.description || null,
    category: fields.category,
    duration: fields.duration,
    published_at: fields.publishedAt ? new Date(fields.publishedAt).toISOString() : publishedAt,
    youtube_id: fields.youtubeId,
    is_short: fields.isShort,
  };
}

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

  async function load(r: VideoQueries, id: number): Promise<Video> {
    const video = await r.findById(id);
    if (!video) throw notFound(VIDEO_NOT_FOUND);
    return video;
  }

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
      return load(repo, id);
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
      if (!result) throw notFound(VIDEO_NOT_FOUND);
      return result;
    },

    /**
     * The desk adds a video: published at `publishedAt` (now when absent), not featured, no views.
     * A YouTube video already on the site is refused (409, naming it); adds are serialised, so two
     * editors adding the same link at once add it once.
     */
    async create(fields: VideoFields): Promise<Video> {
      return repo.transaction(async (tx) => {
        await tx.lockYoutubeIds();
        const existing = await tx.findByYoutubeId(fields.youtubeId);
        if (existing) throw alreadyAdded(existing);
        return load(tx, await tx.insert(rowOf(fields, nowIso())));
      });
    },

    /**
     * The desk's edit: the video's fields, whole, as `create` takes them. The link may name another
     * YouTube video, unless another video on the site has it (409); a /shorts/ link makes it a short,
     * any other form a full-length video. It keeps its publication instant unless given one, and its
     * views and featured flag.
     */
    async update(id: number, fields: VideoFields): Promise<Video> {
      return repo.transaction(async (tx) => {
        await tx.lockYoutubeIds();
        const current = await load(tx, id);
        const other = await tx.findByYoutubeId(fields.youtubeId, id);
        if (other) throw alreadyAdded(other);
        await tx.update(id, rowOf(fields, current.publishedAt));
        return load(tx, id);
      });
    },

    /** There is never more than one featured video: every other one loses the flag, in one transaction, serialised against any other featuring. */
    async feature(id: number): Promise<Video> {
      return repo.transaction(async (tx) => {
        await tx.lockFeaturing();
        await load(tx, id);
        await tx.clearFeaturedExcept(id);
        await tx.setFeatured(id);
        return load(tx, id);
      });
    },

    /** Deleting a video also deletes the bookmarks, progress and comments that point at it, in the same transaction. */
    async remove(id: number): Promise<void> {
      await repo.transaction(async (tx) => {
        await load(tx, id);
        await tx.deleteStudyDataFor(id);
        await tx.delete(id);
      });
    },
  };
}

export type VideosService = ReturnType<typeof videosService>;
