import { progressQuerySchema, saveProgressInputSchema, type Progress } from '../../../contract/index.js';
import type { Db } from '../../db.js';
import { notFound } from '../../errors.js';
import { CONTENT_NOT_FOUND } from '../bookmarks/bookmarks.service.js';
import { contentRepo } from '../content/content.repo.js';
import { assertSelf, parseNumericParam } from '../content/ownership.js';
import { progressRepo } from './progress.repo.js';

export function progressService(db: Db) {
  const repo = progressRepo(db);
  const content = contentRepo(db);
  return {
    /** Whether the actor completed one item; false when nothing was ever recorded. */
    async check(actorId: number, query: unknown): Promise<{ completed: boolean }> {
      const q = progressQuerySchema.parse(query);
      assertSelf(actorId, q.userId);
      const record = await repo.find(q.userId, q.contentType, q.contentId);
      return { completed: record?.completed ?? false };
    },

    /** Every progress record of the actor, so lists can show completion marks without one call per item. */
    async list(actorId: number, userIdParam: unknown): Promise<Progress[]> {
      const userId = parseNumericParam('userId', userIdParam);
      assertSelf(actorId, userId);
      return repo.listByUser(userId);
    },

    /** Sets the absolute state (completed at 100, or not at 0); a replay leaves the same single row. */
    async save(actorId: number, input: unknown): Promise<Progress> {
      const data = saveProgressInputSchema.parse(input);
      assertSelf(actorId, data.userId);
      if (!(await content.exists(data.contentType, data.contentId))) throw notFound(CONTENT_NOT_FOUND);
      return repo.upsert(data);
    },
  };
}
