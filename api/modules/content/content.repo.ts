import type { Knex } from 'knex';
import type { Bookmark, ContentType } from '#contract';
import type { Db } from '#api/db';
import { toNumber } from '#api/lib/convert';

export type ContentSummary = NonNullable<Bookmark['content']>;
export interface ContentRef {
  contentType: ContentType;
  contentId: number;
}

const TABLE: Record<ContentType, string> = { video: 'videos', blog: 'blog_posts' };

export const contentKey = (ref: ContentRef): string => `${ref.contentType}:${ref.contentId}`;

/**
 * Only what readers may see: a post that is a draft, or scheduled for later, is not there for them
 * (docs/product.md#blog-management). Videos have no such states.
 */
function readersMaySee(query: Knex.QueryBuilder, contentType: ContentType, now: string): Knex.QueryBuilder {
  return contentType === 'blog' ? query.where('status', 'published').where('published_at', '<=', now) : query;
}

/**
 * Looks up what study records (bookmarks, progress, comments) point at: a video or a blog post.
 * For readers, a post not published yet is as absent as a deleted one; an editor's view (the
 * desk's reported comments) sees every post.
 */
export function contentRepo(db: Db) {
  return {
    /** Whether readers may see the video or post at `now`. */
    async visible(contentType: ContentType, contentId: number, now: string): Promise<boolean> {
      const row = await readersMaySee(db(TABLE[contentType]).where({ id: contentId }), contentType, now).first('id');
      return row !== undefined;
    },

    /**
     * Summaries for many references in at most two queries (one per content table), keyed by
     * contentKey. With `readersAt`, only what readers may see at that instant; without, every row.
     */
    async summaries(refs: readonly ContentRef[], readersAt?: string): Promise<Map<string, ContentSummary>> {
      const ids = (type: ContentType) => [...new Set(refs.filter((r) => r.contentType === type).map((r) => r.contentId))];
      const rows = (type: ContentType, columns: string[]) => {
        const query = db(TABLE[type]).whereIn('id', ids(type)).select(...columns);
        return readersAt === undefined ? query : readersMaySee(query, type, readersAt);
      };
      const [videos, posts] = await Promise.all([
        ids('video').length ? rows('video', ['id', 'title', 'description', 'category', 'youtube_id', 'duration']) : [],
        ids('blog').length ? rows('blog', ['id', 'title', 'excerpt', 'category', 'read_time']) : [],
      ]);
      const out = new Map<string, ContentSummary>();
      for (const v of videos) {
        const id = toNumber(v.id);
        out.set(contentKey({ contentType: 'video', contentId: id }), {
          id,
          title: v.title,
          summary: v.description ?? null,
          category: v.category,
          youtubeId: v.youtube_id,
          duration: v.duration,
          readTime: null,
        });
      }
      for (const p of posts) {
        const id = toNumber(p.id);
        out.set(contentKey({ contentType: 'blog', contentId: id }), {
          id,
          title: p.title,
          summary: p.excerpt ?? null,
          category: p.category,
          youtubeId: null,
          duration: null,
          readTime: toNumber(p.read_time),
        });
      }
      return out;
    },
  };
}
