import crypto from 'node:crypto';
import type { Knex } from 'knex';

/** A bookmark, finished progress and a comment on one item for each of `userIds`, written straight to the database. */
export async function addStudyData(db: Knex, userIds: number[], contentType: 'blog' | 'video', contentId: number): Promise<void> {
  const now = new Date().toISOString();
  for (const userId of userIds) {
    await db('bookmarks').insert({ id: crypto.randomUUID(), user_id: userId, content_type: contentType, content_id: contentId, created_at: now });
    await db('progress').insert({ user_id: userId, content_type: contentType, content_id: contentId, completed: true, progress_percent: 100, updated_at: now });
    await db('comments').insert({ user_id: userId, content_type: contentType, content_id: contentId, comment: 'Amen', created_at: now });
  }
}

/** How many bookmarks, progress rows and comments point at one item. */
export async function studyRows(db: Knex, contentType: string, contentId: number): Promise<number> {
  let total = 0;
  for (const table of ['bookmarks', 'progress', 'comments']) {
    total += (await db(table).where({ content_type: contentType, content_id: contentId })).length;
  }
  return total;
}
