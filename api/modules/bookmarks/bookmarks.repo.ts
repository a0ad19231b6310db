import type { ContentType } from '#contract';
import type { Db } from '#api/db';
import { nowIso, toIso, toNumber } from '#api/lib/convert';

interface BookmarkRow {
  id: string;
  user_id: number | string;
  content_type: string;
  content_id: number | string;
  folder_id: string | null;
  created_at: unknown;
}

/** A stored bookmark, without the content it points at (the service attaches that). */
export interface StoredBookmark {
  id: string;
  userId: number;
  contentType: ContentType;
  contentId: number;
  /** The folder it is filed in, or null; `categoryId` in the API's JSON. */
  folderId: string | null;
  createdAt: string;
}

function toStored(row: BookmarkRow): StoredBookmark {
  return {
    id: row.id,
    userId: toNumber(row.user_id),
    contentType: row.content_type as ContentType,
    contentId: toNumber(row.content_id),
    folderId: row.folder_id,
    createdAt: toIso(row.created_at),
  };
}

export interface SaveBookmark {
  id: string;
  userId: number;
  contentType: ContentType;
  contentId: number;
  folderId: string | null;
}

export function bookmarksRepo(db: Db) {
  const byContent = (userId: number, contentType: ContentType, contentId: number) =>
    db<BookmarkRow>('bookmarks').where({ user_id: userId, content_type: contentType, content_id: contentId });
  const findById = async (id: string): Promise<StoredBookmark | undefined> => {
    const row = await db<BookmarkRow>('bookmarks').where({ id }).first();
    return row ? toStored(row) : undefined;
  };

  return {
    /** Newest first; the id breaks ties between bookmarks made in the same millisecond. */
    async listByUser(userId: number): Promise<StoredBookmark[]> {
      const rows = await db<BookmarkRow>('bookmarks')
        .where({ user_id: userId })
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ]);
      return rows.map(toStored);
    },

    findById,

    /**
     * One bookmark per user and content: inserts it, or when one exists sets its folder (absolute state)
     * and keeps its id and creation time. A client id already used by another bookmark raises a unique
     * violation (only the user+content conflict is absorbed).
     */
    async upsert(input: SaveBookmark): Promise<{ bookmark: StoredBookmark; created: boolean }> {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const inserted = await db('bookmarks')
          .insert({
            id: input.id,
            user_id: input.userId,
            content_type: input.contentType,
            content_id: input.contentId,
            folder_id: input.folderId,
            created_at: nowIso(),
          })
          .onConflict(['user_id', 'content_type', 'content_id'])
          .ignore()
          .returning('*');
        if (inserted[0]) return { bookmark: toStored(inserted[0] as BookmarkRow), created: true };
        await byContent(input.userId, input.contentType, input.contentId).update({ folder_id: input.folderId });
        const row = await byContent(input.userId, input.contentType, input.contentId).first();
        // Gone again in between (a concurrent delete): try the insert once more.
        if (row) return { bookmark: toStored(row), created: false };
      }
      throw new Error('Bookmark upsert did not settle');
    },

    async setFolder(id: string, folderId: string | null): Promise<StoredBookmark | undefined> {
      await db('bookmarks').where({ id }).update({ folder_id: folderId });
      return findById(id);
    },

    async deleteByContent(userId: number, contentType: ContentType, contentId: number): Promise<number> {
      return byContent(userId, contentType, contentId).delete();
    },

    /** Takes every bookmark out of a folder (they stay bookmarked). */
    async unfileAll(folderId: string): Promise<number> {
      return db('bookmarks').where({ folder_id: folderId }).update({ folder_id: null });
    },
  };
}
