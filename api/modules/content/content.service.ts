import type { ContentType } from '#contract';
import type { Db } from '#api/db';
import { notFound } from '#api/errors';
import { nowIso } from '#api/lib/convert';
import { contentRepo, type ContentRef } from './content.repo';

export { contentKey, type ContentRef, type ContentSummary } from './content.repo';

export const CONTENT_NOT_FOUND = 'That video or article does not exist.';

/**
 * What study records (bookmarks, progress, comments) point at: a video or a blog post. Readers
 * reach only what they may see: a draft or a post scheduled for later is as absent as a deleted
 * one (docs/product.md#blog-management); `now` is the clock readers are at.
 */
export function contentService(db: Db, { now = nowIso }: { now?: () => string } = {}) {
  const repo = contentRepo(db);
  /** Whether readers may see the video or post now. */
  const isVisible = (contentType: ContentType, contentId: number) => repo.visible(contentType, contentId, now());
  return {
    isVisible,
    /** 404 unless readers may see the video or post now: a study record is never written for a post readers cannot see. */
    async requireVisible(contentType: ContentType, contentId: number): Promise<void> {
      if (!(await isVisible(contentType, contentId))) throw notFound(CONTENT_NOT_FOUND);
    },
    /** What readers may see of each reference now: a post not (or no longer) published is left out, as a deleted one is. */
    summariesForReaders: (refs: readonly ContentRef[]) => repo.summaries(refs, now()),
    /** Every reference's summary, drafts and scheduled posts too: for editors (the desk). */
    summariesForEditors: (refs: readonly ContentRef[]) => repo.summaries(refs),
  };
}

export type ContentService = ReturnType<typeof contentService>;
