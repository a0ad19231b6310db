import { useMemo } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import {
  bookmarkSchema,
  DEFAULT_FOLDER_COLOR,
  folderSchema,
  type Bookmark,
  type ContentType,
  type CreateBookmarkInput,
  type CreateFolderInput,
  type Folder,
  type MoveBookmarkInput,
} from '../../../../contract/index.js';
import type { OutboxEntry } from '../../../offline/db';
import { useOutboxEntries } from '../../../offline/use-outbox';
import { BOOKMARK_KINDS, bookmarkKeys, FOLDER_KINDS, useBookmarks, useFolders } from './bookmarks';

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
  categoryId: string | null;
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

function keyFromSubject(subject: string): { contentType: ContentType; contentId: number } | null {
  const match = /^bookmark:(video|blog):(\d+)$/.exec(subject);
  return match ? { contentType: match[1] as ContentType, contentId: Number(match[2]) } : null;
}

function titleOf(entry: OutboxEntry, contentType: ContentType, contentId: number): string {
  const title = entry.meta?.title;
  return typeof title === 'string' && title ? title : `${contentType === 'video' ? 'Video' : 'Article'} ${contentId}`;
}

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
      categoryId: b.categoryId,
      content: b.content,
      title: b.content?.title ?? `${b.contentType === 'video' ? 'Video' : 'Article'} ${b.contentId}`,
      createdAt: b.createdAt,
      removed: false,
      sync: SYNCED,
    });
  }
  const folders = new Map<string, FolderItem>();
  for (const f of serverFolders ?? []) folders.set(f.id, { id: f.id, name: f.name, color: f.color, deleted: false, sync: SYNCED });

  for (const entry of [...entries].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    const sync: SyncState = { status: entry.status, entry };
    if (entry.kind === BOOKMARK_KINDS.save) {
      const body = entry.body as CreateBookmarkInput;
      const key = bookmarkKey(body.contentType, body.contentId);
      const prev = byKey.get(key);
      const live = prev && !prev.removed ? prev : undefined;
      byKey.set(key, {
        key,
        id: live?.id ?? body.id ?? entry.id,
        contentType: body.contentType,
        contentId: body.contentId,
        categoryId: body.categoryId ?? null,
        content: prev?.content ?? null,
        title: prev?.content ? prev.title : titleOf(entry, body.contentType, body.contentId),
        createdAt: live?.createdAt ?? entry.createdAt,
        removed: false,
        sync,
      });
    } else if (entry.kind === BOOKMARK_KINDS.remove || entry.kind === BOOKMARK_KINDS.move) {
      const target = keyFromSubject(entry.subject);
      if (!target) continue;
      const key = bookmarkKey(target.contentType, target.contentId);
      const prev = byKey.get(key);
      if (entry.kind === BOOKMARK_KINDS.remove) {
        byKey.set(key, {
          key,
          id: prev?.id ?? entry.id,
          contentType: target.contentType,
          contentId: target.contentId,
          categoryId: prev?.categoryId ?? null,
          content: prev?.content ?? null,
          title: prev?.title ?? titleOf(entry, target.contentType, target.contentId),
          createdAt: prev?.createdAt ?? entry.createdAt,
          removed: true,
          sync,
        });
      } else if (prev && !prev.removed) {
        byKey.set(key, { ...prev, categoryId: (entry.body as MoveBookmarkInput).categoryId, sync });
      }
    } else if (entry.kind === FOLDER_KINDS.create) {
      const body = entry.body as CreateFolderInput & { id: string };
      folders.set(body.id, { id: body.id, name: body.name.trim(), color: body.color || DEFAULT_FOLDER_COLOR, deleted: false, sync });
    } else if (entry.kind === FOLDER_KINDS.remove) {
      const id = entry.subject.replace(/^folder:/, '');
      const prev = folders.get(id);
      if (prev) folders.set(id, { ...prev, deleted: true, sync });
    }
  }

  const shownFolders = [...folders.values()].filter((f) => !f.deleted || f.sync.status === 'failed');
  const shownIds = new Set(shownFolders.map((f) => f.id));
  const foldersKnown = serverFolders !== undefined;
  const bookmarks = [...byKey.values()]
    .filter((b) => !b.removed || b.sync.status === 'failed')
    .map((b) => (foldersKnown && b.categoryId && !shownIds.has(b.categoryId) ? { ...b, categoryId: null } : b))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return { byKey, bookmarks, folders: shownFolders };
}

const isBookmarkWrite = (entry: OutboxEntry) => entry.kind.startsWith('bookmark.') || entry.kind.startsWith('folder.');

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

/**
 * Puts a delivered write's answer into the cache at once, so the item never flickers back to the
 * old server state between delivery (the queued entry disappears) and the refetch.
 */
export function applyDeliveredBookmarkWrite(queryClient: QueryClient, entry: OutboxEntry, response: unknown): void {
  const userId = entry.userId;
  if (entry.kind === BOOKMARK_KINDS.save || entry.kind === BOOKMARK_KINDS.move) {
    const parsed = bookmarkSchema.safeParse(response);
    if (!parsed.success) return;
    const saved = parsed.data;
    queryClient.setQueryData<Bookmark[]>(bookmarkKeys.list(userId), (list) => {
      if (!list) return list;
      const rest = list.filter((b) => !(b.contentType === saved.contentType && b.contentId === saved.contentId));
      return rest.length === list.length ? [saved, ...rest] : list.map((b) => (b.contentType === saved.contentType && b.contentId === saved.contentId ? saved : b));
    });
  } else if (entry.kind === BOOKMARK_KINDS.remove) {
    const target = keyFromSubject(entry.subject);
    if (!target) return;
    queryClient.setQueryData<Bookmark[]>(bookmarkKeys.list(userId), (list) => list?.filter((b) => !(b.contentType === target.contentType && b.contentId === target.contentId)));
  } else if (entry.kind === FOLDER_KINDS.create) {
    const parsed = folderSchema.safeParse(response);
    if (!parsed.success) return;
    const folder = parsed.data;
    queryClient.setQueryData<Folder[]>(bookmarkKeys.folders(userId), (list) => (list && !list.some((f) => f.id === folder.id) ? [...list, folder] : list));
  } else if (entry.kind === FOLDER_KINDS.remove) {
    const id = entry.subject.replace(/^folder:/, '');
    queryClient.setQueryData<Folder[]>(bookmarkKeys.folders(userId), (list) => list?.filter((f) => f.id !== id));
    queryClient.setQueryData<Bookmark[]>(bookmarkKeys.list(userId), (list) => list?.map((b) => (b.categoryId === id ? { ...b, categoryId: null } : b)));
  }
}
