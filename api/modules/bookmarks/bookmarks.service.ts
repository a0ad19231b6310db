import crypto from 'node:crypto';
import type { Bookmark, CreateBookmarkInput, DeleteBookmarkInput } from '#contract';
import type { Db } from '#api/db';
import { conflict, constraintKind, forbidden, notFound } from '#api/errors';
import { contentKey, type ContentService } from '../content/content.service';
import { bookmarksRepo, type StoredBookmark } from './bookmarks.repo';
import type { FoldersService } from './folders.service';

export function bookmarksService(db: Db, folders: FoldersService, content: ContentService) {
  const repo = bookmarksRepo(db);

  /** The API's bookmarks (the folder is `categoryId` there), with what each points at: two queries for any number of bookmarks; null when it is gone, or is a post readers may not see (any more). */
  async function withContent(list: StoredBookmark[]): Promise<Bookmark[]> {
    const summaries = await content.summariesForReaders(list);
    return list.map((b) => ({
      id: b.id,
      userId: b.userId,
      contentType: b.contentType,
      contentId: b.contentId,
      categoryId: b.folderId,
      createdAt: b.createdAt,
      content: summaries.get(contentKey(b)) ?? null,
    }));
  }

  async function one(b: StoredBookmark): Promise<Bookmark> {
    const [bookmark] = await withContent([b]);
    return bookmark!;
  }

  /** null means "no folder"; anything else must be one of the actor's folders. */
  async function resolveFolder(actorId: number, folderId: string | null | undefined): Promise<string | null> {
    if (!folderId) return null;
    const folder = await folders.requireOwnFolder(actorId, folderId.toLowerCase());
    return folder.id;
  }

  return {
    /** The user's bookmarks, newest first, each with its content. */
    async list(userId: number): Promise<Bookmark[]> {
      return withContent(await repo.listByUser(userId));
    },

    /**
     * Sets the absolute state "bookmarked, in this folder (or none)". The first call creates the
     * bookmark (created: true); a repeat, with or without a client id, answers the same bookmark with
     * its folder set as asked, so an offline replay never makes a second row and never fails.
     */
    async save(data: CreateBookmarkInput): Promise<{ bookmark: Bookmark; created: boolean }> {
      await content.requireVisible(data.contentType, data.contentId);
      const folderId = await resolveFolder(data.userId, data.categoryId);
      try {
        const { bookmark, created } = await repo.upsert({
          id: (data.id ?? crypto.randomUUID()).toLowerCase(),
          userId: data.userId,
          contentType: data.contentType,
          contentId: data.contentId,
          folderId,
        });
        return { bookmark: await one(bookmark), created };
      } catch (err) {
        // The user+content conflict is absorbed by the upsert; what is left is a client id in use.
        if (constraintKind(err) === 'unique') throw conflict('That bookmark id is already used for other content.');
        throw err;
      }
    },

    /** Sets the absolute state "not bookmarked": succeeds whether or not the bookmark existed. */
    async remove(data: DeleteBookmarkInput): Promise<void> {
      await repo.deleteByContent(data.userId, data.contentType, data.contentId);
    },

    /** Files the actor's bookmark in one of their folders, or in none (null: `categoryId` null in the body). Ids compare in lower case. */
    async move(actorId: number, bookmarkId: string, toFolderId: string | null): Promise<Bookmark> {
      const id = bookmarkId.toLowerCase();
      const existing = await repo.findById(id);
      if (!existing) throw notFound('That bookmark does not exist.');
      if (existing.userId !== actorId) throw forbidden('That bookmark belongs to another user.');
      const folderId = await resolveFolder(actorId, toFolderId);
      const moved = await repo.setFolder(id, folderId);
      if (!moved) throw notFound('That bookmark does not exist.');
      return one(moved);
    },
  };
}

export type BookmarksService = ReturnType<typeof bookmarksService>;
