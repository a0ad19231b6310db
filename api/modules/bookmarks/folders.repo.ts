import type { Folder } from '#contract';
import type { Db } from '#api/db';
import { nowIso, toIso, toNumber } from '#api/lib/convert';

interface FolderRow {
  id: string;
  user_id: number | string;
  name: string;
  color: string;
  created_at: unknown;
}

function toFolder(row: FolderRow): Folder {
  return { id: row.id, name: row.name, color: row.color, userId: toNumber(row.user_id), createdAt: toIso(row.created_at) };
}

/** Runs `fn` in one database transaction; the repos it builds from the given handle share it. */
export function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction((trx) => fn(trx));
}

export function foldersRepo(db: Db) {
  return {
    async listByUser(userId: number): Promise<Folder[]> {
      const rows = await db<FolderRow>('bookmark_folders')
        .where({ user_id: userId })
        .orderBy([
          { column: 'created_at', order: 'asc' },
          { column: 'id', order: 'asc' },
        ]);
      return rows.map(toFolder);
    },

    async findById(id: string): Promise<Folder | undefined> {
      const row = await db<FolderRow>('bookmark_folders').where({ id }).first();
      return row ? toFolder(row) : undefined;
    },

    /** Inserts the folder unless its id is taken; undefined when it was (a replay, or someone else's id). */
    async insertIfNew(input: { id: string; userId: number; name: string; color: string }): Promise<Folder | undefined> {
      const rows = await db('bookmark_folders')
        .insert({ id: input.id, user_id: input.userId, name: input.name, color: input.color, created_at: nowIso() })
        .onConflict('id')
        .ignore()
        .returning('*');
      const row = rows[0] as FolderRow | undefined;
      return row ? toFolder(row) : undefined;
    },

    async delete(id: string): Promise<number> {
      return db('bookmark_folders').where({ id }).delete();
    },
  };
}
