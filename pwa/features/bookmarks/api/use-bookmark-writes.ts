import { useMemo } from 'react';
import { DEFAULT_FOLDER_COLOR, type ContentType } from '#contract';
import { useToast } from '#pwa/components/ui/toast';
import { newId } from '#pwa/lib/ids';
import { useUser } from '#pwa/lib/session';
import { useOutboxWrite } from '#pwa/offline';
import type { BookmarkItem, FolderItem } from './bookmark-view';
import { createFolderWrite, deleteFolderWrite, moveBookmarkWrite, removeBookmarkWrite, saveBookmarkWrite } from './writes';

export interface SaveBookmarkTarget {
  contentType: ContentType;
  contentId: number;
  title: string;
}

/**
 * The bookmark and folder writes (declared in writes.ts). Each queues the absolute state it wants
 * in the outbox (shown at once, delivered in order, online or not) and says so with its toast (docs/product.md#messages-and-errors); a
 * refused write shows its failure toast centrally and stays marked on the item. Signed out, they
 * do nothing: the callers ask for a sign-in first.
 */
export function useBookmarkWrites() {
  const { user } = useUser();
  const { toast } = useToast();
  const write = useOutboxWrite();

  return useMemo(() => {
    if (!user) return null;
    const userId = user.id;

    return {
      /** Bookmarked, in this folder (or none). `existing` keeps the id of a bookmark already there. */
      async save(target: SaveBookmarkTarget, folderId: string | null, existing?: BookmarkItem) {
        const kept = existing && !existing.removed;
        await write(saveBookmarkWrite, userId, { ...target, id: kept ? existing.id : newId(), categoryId: folderId });
        toast({ title: kept ? 'Bookmark updated' : 'Bookmarked!' });
      },

      /** Not bookmarked. */
      async remove(target: SaveBookmarkTarget) {
        await write(removeBookmarkWrite, userId, target);
        toast({ title: 'Bookmark removed' });
      },

      /** Files a bookmark in a folder, or in none. */
      async move(bookmark: BookmarkItem, folderId: string | null) {
        const { contentType, contentId, title } = bookmark;
        await write(moveBookmarkWrite, userId, { bookmarkId: bookmark.id, contentType, contentId, title, categoryId: folderId });
        toast({ title: 'Bookmark updated' });
      },

      /** A new folder under a client id, so it can take bookmarks before the server has it. */
      async createFolder(name: string, color: string) {
        const id = newId();
        await write(createFolderWrite, userId, { id, name: name.trim(), color: color || DEFAULT_FOLDER_COLOR });
        toast({ title: 'Folder created successfully' });
        return id;
      },

      /** Deletes a folder; its bookmarks stay, unfiled. */
      async deleteFolder(folder: FolderItem) {
        await write(deleteFolderWrite, userId, { id: folder.id, name: folder.name });
        toast({ title: 'Folder deleted successfully' });
      },
    };
  }, [user, write, toast]);
}
