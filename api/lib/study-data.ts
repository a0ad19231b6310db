import type { Knex } from 'knex';
import type { ContentType } from '#contract';

/**
 * Removes the study data that points at one item: bookmarks, progress and comments refer to
 * content by (content_type, content_id) with no foreign key, so nothing cascades by itself. Called
 * in the transaction that deletes the item (a post, a video).
 */
export async function deleteStudyData(db: Knex | Knex.Transaction, contentType: ContentType, contentId: number): Promise<void> {
  for (const table of ['bookmarks', 'progress', 'comments']) {
    await db(table).where({ content_type: contentType, content_id: contentId }).delete();
  }
}
