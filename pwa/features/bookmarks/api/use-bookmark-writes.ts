import { useMemo } from 'react';
import { DEFAULT_FOLDER_COLOR, type ContentType, type CreateBookmarkInput, type CreateFolderInput, type DeleteBookmarkInput, type MoveBookmarkInput } from '../../../../contract/index.js';
import { useToast } from '../../../components/ui/toast';
import { newId } from '../../../lib/ids';
import { useUser } from '../../../lib/session';
import { useOutboxWrite } from '../../../offline/use-outbox';
import { type BookmarkItem, type FolderItem } from './bookmark-view';
import { BOOKMARK_KINDS, bookmarkKeys, bookmarkSubject, FOLDER_FAILURE, FOLDER_KINDS, folderSubject, REMOVE_FAILURE, SAVE_FAILURE } from './bookmarks';

export interface SaveBookmarkTarget {
  contentType: ContentType;
  contentId: number;
  title: string;
}

/**
 * The bookmark and folder writes. Each queues the absolute state it wants in the outbox (shown at
 * once, delivered in order, online or not) and says so with SPEC's toast; a refused write shows
 * SPEC's failure toast centrally and stays marked on the item. Signed out, they do nothing: the
 * callers ask for a sign-in first.
 */
export function useBookmarkWrites() {
  const { user } = useUser();
  const { toast } = useToast();
  const write = useOutboxWrite();

  return useMemo(() => {
    if (!user) return null;
    const userId = user.id;
    const invalidate = [[...bookmarkKeys.all(userId)]];
    const kindName = (t: ContentType) => (t === 'video' ? 'video' : 'article');

    return {
      /** Bookmarked, in this folder (or none). `existing` keeps the id of a bookmark already there. */
      async save(target: SaveBookmarkTarget, categoryId: string | null, existing?: BookmarkItem) {
        const body: CreateBookmarkInput = { id: existing && !existing.removed ? existing.id : newId(), userId, contentType: target.contentType, contentId: target.contentId, categoryId };
        await write({
          userId,
          subject: bookmarkSubject(target.contentType, target.contentId),
          kind: BOOKMARK_KINDS.save,
          replacesEarlier: true,
          method: 'POST',
          path: '/api/bookmarks',
          body,
          invalidate,
          failureMessage: SAVE_FAILURE,
          label: `Bookmark ${kindName(target.contentType)} "${target.title}"`,
          meta: { title: target.title },
        });
        toast({ title: existing && !existing.removed ? 'Bookmark updated' : 'Bookmarked!' });
      },

      /** Not bookmarked. */
      async remove(target: SaveBookmarkTarget) {
        const body: DeleteBookmarkInput = { userId, contentType: target.contentType, contentId: target.contentId };
        await write({
          userId,
          subject: bookmarkSubject(target.contentType, target.contentId),
          kind: BOOKMARK_KINDS.remove,
          replacesEarlier: true,
          method: 'DELETE',
          path: '/api/bookmarks',
          body,
          invalidate,
          failureMessage: REMOVE_FAILURE,
          label: `Remove bookmark "${target.title}"`,
          meta: { title: target.title },
        });
        toast({ title: 'Bookmark removed' });
      },

      /** Files a bookmark in a folder, or in none. */
      async move(bookmark: BookmarkItem, categoryId: string | null) {
        const body: MoveBookmarkInput = { categoryId };
        await write({
          userId,
          subject: bookmarkSubject(bookmark.contentType, bookmark.contentId),
          kind: BOOKMARK_KINDS.move,
          replacesEarlier: true,
          method: 'PATCH',
          path: `/api/bookmarks/${encodeURIComponent(bookmark.id)}`,
          body,
          invalidate,
          failureMessage: SAVE_FAILURE,
          label: `Move bookmark "${bookmark.title}"`,
          meta: { title: bookmark.title },
        });
        toast({ title: 'Bookmark updated' });
      },

      /** A new folder under a client id, so it can take bookmarks before the server has it. */
      async createFolder(name: string, color: string) {
        const body: CreateFolderInput & { id: string } = { id: newId(), userId, name: name.trim(), color: color || DEFAULT_FOLDER_COLOR };
        await write({
          userId,
          subject: folderSubject(body.id),
          kind: FOLDER_KINDS.create,
          replacesEarlier: true,
          method: 'POST',
          path: '/api/bookmark-categories',
          body,
          invalidate,
          failureMessage: FOLDER_FAILURE,
          label: `Create folder "${body.name}"`,
        });
        toast({ title: 'Folder created successfully' });
        return body.id;
      },

      /** Deletes a folder; its bookmarks stay, unfiled. */
      async deleteFolder(folder: FolderItem) {
        await write({
          userId,
          subject: folderSubject(folder.id),
          kind: FOLDER_KINDS.remove,
          replacesEarlier: true,
          method: 'DELETE',
          path: `/api/bookmark-categories/${encodeURIComponent(folder.id)}`,
          invalidate,
          failureMessage: FOLDER_FAILURE,
          label: `Delete folder "${folder.name}"`,
        });
        toast({ title: 'Folder deleted successfully' });
      },
    };
  }, [user, write, toast]);
}
