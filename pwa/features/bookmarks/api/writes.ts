import type { QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookmarkSchema, contentTypeSchema, folderSchema, type Bookmark, type ContentType, type Folder } from '#contract';
import { defineWrite } from '#pwa/offline';
import { bookmarkKeys } from './bookmarks';

/**
 * The bookmark and folder writes, declared once: the request, the words, what they refresh and how
 * the server's answer goes into the cache. A queued entry stores only the variables below. While
 * queued, bookmark-view.ts lays them over the server's bookmarks and folders.
 */

export const SAVE_FAILURE = 'Failed to save bookmark. Please try again.';
export const REMOVE_FAILURE = 'Failed to remove bookmark. Please try again.';
/** docs/product.md#messages-and-errors: folder creation and deletion failures show nothing (the folder keeps a failed mark instead). */
export const FOLDER_FAILURE = '';

/** Every write about one item's bookmark shares this subject, so its last entry is the intended state. */
export const bookmarkSubject = (contentType: ContentType, contentId: number) => `bookmark:${contentType}:${contentId}`;
export const folderSubject = (folderId: string) => `folder:${folderId}`;

const kindName = (t: ContentType) => (t === 'video' ? 'video' : 'article');
const refreshAll = (_vars: unknown, userId: number) => [[...bookmarkKeys.all(userId)]];
const item = { contentType: contentTypeSchema, contentId: z.number(), title: z.string() };

/** Puts a saved (or moved) bookmark from the server into the list at once. */
function putBookmark(queryClient: QueryClient, userId: number, response: unknown) {
  const parsed = bookmarkSchema.safeParse(response);
  if (!parsed.success) return;
  const saved = parsed.data;
  const same = (b: Bookmark) => b.contentType === saved.contentType && b.contentId === saved.contentId;
  queryClient.setQueryData<Bookmark[]>(bookmarkKeys.list(userId), (list) => {
    if (!list) return list;
    const rest = list.filter((b) => !same(b));
    return rest.length === list.length ? [saved, ...rest] : list.map((b) => (same(b) ? saved : b));
  });
}

/**
 * Bookmarked, in a folder or none; `id` keeps the id of a bookmark already there (absent on entries
 * of older versions). `categoryId` is the folder, named as the API names it: queued entries store it.
 */
export const saveBookmarkWrite = defineWrite({
  kind: 'bookmark.save',
  schema: z.object({ ...item, id: z.optional(z.string()), categoryId: z.nullable(z.string()) }),
  subject: (v) => bookmarkSubject(v.contentType, v.contentId),
  replacesEarlier: true,
  request: (v, userId) => ({
    method: 'POST',
    path: '/api/bookmarks',
    body: { ...(v.id ? { id: v.id } : {}), userId, contentType: v.contentType, contentId: v.contentId, categoryId: v.categoryId },
  }),
  label: (v) => `Bookmark ${kindName(v.contentType)} "${v.title}"`,
  failureMessage: () => SAVE_FAILURE,
  refreshes: refreshAll,
  applyDelivered: (queryClient, _v, response, { userId }) => putBookmark(queryClient, userId, response),
});

/** Not bookmarked. */
export const removeBookmarkWrite = defineWrite({
  kind: 'bookmark.remove',
  schema: z.object(item),
  subject: (v) => bookmarkSubject(v.contentType, v.contentId),
  replacesEarlier: true,
  request: (v, userId) => ({ method: 'DELETE', path: '/api/bookmarks', body: { userId, contentType: v.contentType, contentId: v.contentId } }),
  label: (v) => `Remove bookmark "${v.title}"`,
  failureMessage: () => REMOVE_FAILURE,
  refreshes: refreshAll,
  applyDelivered: (queryClient, v, _response, { userId }) =>
    queryClient.setQueryData<Bookmark[]>(bookmarkKeys.list(userId), (list) => list?.filter((b) => !(b.contentType === v.contentType && b.contentId === v.contentId))),
});

/** Files a bookmark (by its server id) in a folder, or in none. */
export const moveBookmarkWrite = defineWrite({
  kind: 'bookmark.move',
  schema: z.object({ ...item, bookmarkId: z.string(), categoryId: z.nullable(z.string()) }),
  subject: (v) => bookmarkSubject(v.contentType, v.contentId),
  replacesEarlier: true,
  request: (v) => ({ method: 'PATCH', path: `/api/bookmarks/${encodeURIComponent(v.bookmarkId)}`, body: { categoryId: v.categoryId } }),
  label: (v) => `Move bookmark "${v.title}"`,
  failureMessage: () => SAVE_FAILURE,
  refreshes: refreshAll,
  applyDelivered: (queryClient, _v, response, { userId }) => putBookmark(queryClient, userId, response),
});

/** A new folder under a client id, so it can take bookmarks before the server has it. */
export const createFolderWrite = defineWrite({
  kind: 'folder.create',
  schema: z.object({ id: z.string(), name: z.string(), color: z.string() }),
  subject: (v) => folderSubject(v.id),
  replacesEarlier: true,
  request: (v, userId) => ({ method: 'POST', path: '/api/bookmark-categories', body: { id: v.id, userId, name: v.name, color: v.color } }),
  label: (v) => `Create folder "${v.name}"`,
  failureMessage: () => FOLDER_FAILURE,
  refreshes: refreshAll,
  applyDelivered: (queryClient, _v, response, { userId }) => {
    const parsed = folderSchema.safeParse(response);
    if (!parsed.success) return;
    const folder = parsed.data;
    queryClient.setQueryData<Folder[]>(bookmarkKeys.folders(userId), (list) => (list && !list.some((f) => f.id === folder.id) ? [...list, folder] : list));
  },
});

/** Deletes a folder; its bookmarks stay, unfiled. */
export const deleteFolderWrite = defineWrite({
  kind: 'folder.delete',
  schema: z.object({ id: z.string(), name: z.string() }),
  subject: (v) => folderSubject(v.id),
  replacesEarlier: true,
  request: (v) => ({ method: 'DELETE', path: `/api/bookmark-categories/${encodeURIComponent(v.id)}` }),
  label: (v) => `Delete folder "${v.name}"`,
  failureMessage: () => FOLDER_FAILURE,
  refreshes: refreshAll,
  applyDelivered: (queryClient, v, _response, { userId }) => {
    queryClient.setQueryData<Folder[]>(bookmarkKeys.folders(userId), (list) => list?.filter((f) => f.id !== v.id));
    queryClient.setQueryData<Bookmark[]>(bookmarkKeys.list(userId), (list) => list?.map((b) => (b.categoryId === v.id ? { ...b, categoryId: null } : b)));
  },
});

/** The bookmark feature's writes, for pwa/app to register. */
export const bookmarkWrites = [saveBookmarkWrite, removeBookmarkWrite, moveBookmarkWrite, createFolderWrite, deleteFolderWrite] as const;
