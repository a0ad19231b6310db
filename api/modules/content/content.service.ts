import type { ContentType } from '#contract';
import type { Db } from '#api/db';
import { notFound } from '#api/errors';
import { contentRepo } from './content.repo';

export { contentKey, type ContentRef, type ContentSummary } from './content.repo';

export const CONTENT_NOT_FOUND = 'That video or article does not exist.';

/** What study records (bookmarks, progress, comments) point at: a video or a blog post. */
export function contentService(db: Db) {
  const repo = contentRepo(db);
  return {
    /** 404 unless the video or post exists: a study record never points at nothing when written. */
    async requireExists(contentType: ContentType, contentId: number): Promise<void> {
      if (!(await repo.exists(contentType, contentId))) throw notFound(CONTENT_NOT_FOUND);
    },
    summaries: repo.summaries,
  };
}

export type ContentService = ReturnType<typeof contentService>;
