import { useMemo } from 'react';
import { DEFAULT_FOLDER_COLOR, type Bookmark, type ContentType, type Folder } from '#contract';
import { type OutboxEntry, queuedWrites, useOutboxEntries, type WriteDefinition } from '#pwa/offline';
import { useBookmarks, useFolders } from './bookmarks';
import { bookmarkWrites, createFolderWrite, deleteFolderWrite, moveBookmarkWrite, removeBookmarkWrite, saveBookmarkWrite } from './writes';
import { newestFirst } from '#pwa/lib/order';

/** Whether the server has what the user sees: 'synced', or the last queued write about it. */
export type SyncState = { status: 'synced' } | { status: 'pending' | 'failed'; entry: OutboxEntry };
const SYNCED: SyncState = { status: 'synced' };

export interface BookmarkItem {
  /** `${contentType}:${contentId}`: one bookmark per item. */
  key: string;
  /** The server's id, or the client id of a bookmark still on its way. */
  id: string;
  contentType: ContentType;
  contentId: number;
  /** The folder it is filed in (the API's `categoryId`), or null. */
  folderId: string | null;
  content: Bookmark['content'];
  title: string;
  createdAt: string;
  /** The last write the user asked for was a removal (shown only while the server refuses it). */
  removed: boolean;
  sync: SyncState;
}

export interface FolderItem {
  id: string;
  name: string;
  color: string;
  /** The user asked to delete it (shown only while the server refuses it). */
  deleted: boolean;
  sync: SyncState;
}

export interface BookmarkView {
  /** Every item's bookmark state by key, removals included (for buttons). */
  byKey: Map<string, BookmarkItem>;
  /** Bookmarks to list, newest first: not removed (or removal refused), filed only in folders that are shown. */
  bookmarks: BookmarkItem[];
  folders: FolderItem[];
}

export const bookmarkKey = (contentType: ContentType, contentId: number) => `${contentType}:${contentId}`;

/**
 * What the user sees: the server's bookmarks and folders with the queued writes applied in order
 * (each carries an absolute state, so the last one about a thing wins). A folder created offline
 * is there at once under its client id and can take bookmarks; a folder being deleted is gone at
 * once and its bookmarks show unfiled, as the server will leave them.
 */
export function overlayBookmarks(server: Bookmark[] | undefined, serverFolders: Folder[] | undefined, entries: OutboxEntry[]): BookmarkView {
  const byKey = new Map<string, BookmarkItem>();
  for (const b of server ?? []) {
    byKey.set(bookmarkKey(b.contentType, b.contentId), {
      key: bookmarkKey(b.contentType, b.contentId),
      id: b.id,
      contentType: b.contentType,
      contentId: b.contentId,
      folderId: b.categoryId,
      content: b.content,
      title: b.content?.title ?? `${b.contentType === 'video' ? 'Video' : 'Article'} ${b.contentId}`,
      createdAt: b.createdAt,
      removed: false,
      sync: SYNCED,
    });
  }
  const folders = new Map<string, FolderItem>();
  for (const f of serverFolders ?? []) folders.set(f.id, { id: f.id, name: f.name, color: f.color, deleted: false, sync: SYNCED });

  // Each kind's queued variables, typed, in queue order (entries this version cannot read show nothing).
  const tag = <T extends string, V>(type: T, definition: WriteDefinition<V>) =>
    queuedWrites(definition, entries).map(({ vars, ...entry }) => ({ type, vars, entry: entry as OutboxEntry }));
  const queued = [
    ...tag('save', saveBookmarkWrite),
    ...tag('remove', removeBookmarkWrite),
    ...tag('move', moveBookmarkWrite),
    ...tag('createFolder', createFolderWrite),
    ...tag('deleteFolder', deleteFolderWrite),
  ].sort((a, b) => (a.entry.seq ?? 0) - (b.entry.seq ?? 0));
  for (const write of queued) {
    const { entry } = write;
    const sync: SyncState = { status: entry.status, entry };
    if (write.type === 'save') {
      const v = write.vars;
      const key = bookmarkKey(v.contentType, v.contentId);
      const prev = byKey.get(key);
      const live = prev && !prev.removed ? prev : undefined;
      byKey.set(key, {
        key,
        id: live?.id ?? v.id ?? entry.id,
        contentType: v.contentType,
        contentId: v.contentId,
        folderId: v.categoryId,
        content: prev?.content ?? null,
        title: prev?.content ? prev.title : titleOf(v),
        createdAt: live?.createdAt ?? entry.createdAt,
        removed: false,
        sync,
      });
    } else if (write.type === 'remove') {
      const v = write.vars;
      const key = bookmarkKey(v.contentType, v.contentId);
      const prev = byKey.get(key);
      byKey.set(key, {
        key,
        id: prev?.id ?? entry.id,
        contentType: v.contentType,
        contentId: v.contentId,
        folderId: prev?.folderId ?? null,
        content: prev?.content ?? null,
        title: prev?.title ?? titleOf(v),
        createdAt: prev?.createdAt ?? entry.createdAt,
        removed: true,
        sync,
      });
    } else if (write.type === 'move') {
      const prev = byKey.get(bookmarkKey(write.vars.contentType, write.vars.contentId));
      if (prev && !prev.removed) byKey.set(prev.key, { ...prev, folderId: write.vars.categoryId, sync });
    } else if (write.type === 'createFolder') {
      const v = write.vars;
      folders.set(v.id, { id: v.id, name: v.name.trim(), color: v.color || DEFAULT_FOLDER_COLOR, deleted: false, sync });
    } else {
      const prev = folders.get(write.vars.id);
      if (prev) folders.set(prev.id, { ...prev, deleted: true, sync });
    }
  }

  const shownFolders = [...folders.values()].filter((f) => !f.deleted || f.sync.status === 'failed');
  const shownIds = new Set(shownFolders.map((f) => f.id));
  const foldersKnown = serverFolders !== undefined;
  const bookmarks = [...byKey.values()]
    .filter((b) => !b.removed || b.sync.status === 'failed')
    .map((b) => (foldersKnown && b.folderId && !shownIds.has(b.folderId) ? { ...b, folderId: null } : b))
    .sort((a, b) => newestFirst(a.createdAt, b.createdAt));
  return { byKey, bookmarks, folders: shownFolders };
}

const BOOKMARK_WRITE_KINDS: ReadonlySet<string> = new Set(bookmarkWrites.map((w) => w.kind));
const isBookmarkWrite = (entry: OutboxEntry) => BOOKMARK_WRITE_KINDS.has(entry.kind);
const titleOf = (v: { contentType: ContentType; contentId: number; title: string }) => v.title || `${v.contentType === 'video' ? 'Video' : 'Article'} ${v.contentId}`;

/** The signed-in user's bookmarks and folders as they will be once the queue is delivered. */
export function useBookmarkView(userId: number | null) {
  const bookmarks = useBookmarks(userId);
  const folders = useFolders(userId);
  const entries = useOutboxEntries();
  const mine = useMemo(() => (entries ?? []).filter(isBookmarkWrite), [entries]);
  const view = useMemo(() => overlayBookmarks(bookmarks.data, folders.data, mine), [bookmarks.data, folders.data, mine]);
  // False until the queued writes are read: the server's bookmarks alone may be the wrong way round.
  return { ...view, queueKnown: entries !== undefined, bookmarksQuery: bookmarks, foldersQuery: folders };
}
