import type { Progress, ProgressQuery, SaveProgressInput } from '#contract';
import type { Db } from '#api/db';
import type { ContentService } from '../content/content.service';
import { progressRepo } from './progress.repo';

export function progressService(db: Db, content: ContentService) {
  const repo = progressRepo(db);
  return {
    /** Whether the user completed one item; false when nothing was ever recorded. */
    async check(q: ProgressQuery): Promise<{ completed: boolean }> {
      const record = await repo.find(q.userId, q.contentType, q.contentId);
      return { completed: record?.completed ?? false };
    },

    /** Every progress record of the user, so lists can show completion marks without one call per item. */
    async list(userId: number): Promise<Progress[]> {
      return repo.listByUser(userId);
    },

    /** Sets the absolute state (completed at 100, or not at 0); a replay leaves the same single row. */
    async save(data: SaveProgressInput): Promise<Progress> {
      await content.requireVisible(data.contentType, data.contentId);
      return repo.upsert(data);
    },
  };
}

export type ProgressService = ReturnType<typeof progressService>;
