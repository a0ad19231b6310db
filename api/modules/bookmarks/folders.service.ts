import crypto from 'node:crypto';
import { DEFAULT_FOLDER_COLOR, type CreateFolderInput, type Folder } from '#contract';
import type { Db } from '#api/db';
import { conflict, forbidden, notFound } from '#api/errors';
import { bookmarksRepo } from './bookmarks.repo';
import { foldersRepo, inTransaction } from './folders.repo';

export function foldersService(db: Db) {
  const repo = foldersRepo(db);

  /** The folder a bookmark may be filed in: it must exist (404) and be the actor's own (403). */
  async function requireOwnFolder(actorId: number, folderId: string, folders = repo): Promise<Folder> {
    const folder = await folders.findById(folderId);
    if (!folder) throw notFound('That folder does not exist.');
    if (folder.userId !== actorId) throw forbidden('That folder belongs to another user.');
    return folder;
  }

  return {
    requireOwnFolder,

    /** The user's folders, oldest first. */
    async list(userId: number): Promise<Folder[]> {
      return repo.listByUser(userId);
    },

    /**
     * Creates a folder under the client's id when it sent one. A replay of the same create (same id,
     * same owner) answers the stored folder unchanged (created: false); an id someone else owns is a 409.
     */
    async create(data: CreateFolderInput): Promise<{ folder: Folder; created: boolean }> {
      const id = (data.id ?? crypto.randomUUID()).toLowerCase();
      const color = data.color || DEFAULT_FOLDER_COLOR;
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const folder = await repo.insertIfNew({ id, userId: data.userId, name: data.name, color });
        if (folder) return { folder, created: true };
        const existing = await repo.findById(id);
        if (existing && existing.userId === data.userId) return { folder: existing, created: false };
        if (existing) throw conflict('That folder id is already in use.');
        // Deleted between the insert and the read: try the insert again.
      }
      throw conflict('That folder id is already in use.');
    },

    /**
     * Deletes the actor's folder. Its bookmarks stay bookmarked, outside any folder: they are unfiled
     * and the folder removed in one transaction, so no reader ever sees a bookmark in a missing folder
     * and a failure leaves both as they were. (The schema's ON DELETE SET NULL is only a second guard.)
     * Ids compare in lower case.
     */
    async remove(actorId: number, folderId: string): Promise<void> {
      const id = folderId.toLowerCase();
      await inTransaction(db, async (trx) => {
        const folders = foldersRepo(trx);
        await requireOwnFolder(actorId, id, folders);
        await bookmarksRepo(trx).unfileAll(id);
        await folders.delete(id);
      });
    },
  };
}

export type FoldersService = ReturnType<typeof foldersService>;
