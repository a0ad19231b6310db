import type { ContentType, Progress } from '#contract';
import type { Db } from '#api/db';
import { nowIso, toBool, toIso, toNumber } from '#api/lib/convert';

interface ProgressRow {
  user_id: number | string;
  content_type: string;
  content_id: number | string;
  completed: unknown;
  progress_percent: number | string;
  updated_at: unknown;
}

function toProgress(row: ProgressRow): Progress {
  return {
    userId: toNumber(row.user_id),
    contentType: row.content_type as ContentType,
    contentId: toNumber(row.content_id),
    completed: toBool(row.completed),
    progressPercent: toNumber(row.progress_percent),
    updatedAt: toIso(row.updated_at),
  };
}

export function progressRepo(db: Db) {
  return {
    async find(userId: number, contentType: ContentType, contentId: number): Promise<Progress | undefined> {
      const row = await db<ProgressRow>('progress').where({ user_id: userId, content_type: contentType, content_id: contentId }).first();
      return row ? toProgress(row) : undefined;
    },

    /** Most recently changed first. */
    async listByUser(userId: number): Promise<Progress[]> {
      const rows = await db<ProgressRow>('progress')
        .where({ user_id: userId })
        .orderBy([
          { column: 'updated_at', order: 'desc' },
          { column: 'content_type', order: 'asc' },
          { column: 'content_id', order: 'asc' },
        ]);
      return rows.map(toProgress);
    },

    /** One row per user and content, overwritten with the latest state. */
    async upsert(input: { userId: number; contentType: ContentType; contentId: number; completed: boolean; progressPercent: number }): Promise<Progress> {
      const rows = await db('progress')
        .insert({
          user_id: input.userId,
          content_type: input.contentType,
          content_id: input.contentId,
          completed: input.completed,
          progress_percent: input.progressPercent,
          updated_at: nowIso(),
        })
        .onConflict(['user_id', 'content_type', 'content_id'])
        .merge(['completed', 'progress_percent', 'updated_at'])
        .returning('*');
      return toProgress(rows[0] as ProgressRow);
    },
  };
}
