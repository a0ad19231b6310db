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

/** Looks up what study records (bookmarks, progress, comments) point at: a video or a blog post. */
export function contentRepo(db: Db) {
  return {
    async exists(contentType: ContentType, contentId: number): Promise<boolean> {
      const row = await db(TABLE[contentType]).where({ id: contentId }).first('id');
      return row !== undefined;
    },

    /** Summaries for many references in at most two queries (one per content table), keyed by contentKey. */
    async summaries(refs: readonly ContentRef[]): Promise<Map<string, ContentSummary>> {
      const ids = (type: ContentType) => [...new Set(refs.filter((r) => r.contentType === type).map((r) => r.contentId))];
      const videoIds = ids('video');
      const postIds = ids('blog');
      const [videos, posts] = await Promise.all([
        videoIds.length ? db('videos').whereIn('id', videoIds).select('id', 'title', 'description', 'category', 'youtube_id', 'duration') : [],
        postIds.length ? db('blog_posts').whereIn('id', postIds).select('id', 'title', 'excerpt', 'category', 'read_time') : [],
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
