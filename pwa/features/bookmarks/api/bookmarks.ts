import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { bookmarkSchema, folderSchema } from '#contract';
import { apiFetch } from '#pwa/lib/api-client';
import { privateKey } from '#pwa/lib/query-client';

/** One user's bookmarks and folders, under privateKey(userId) so signing out drops them. */
export const bookmarkKeys = {
  all: (userId: number) => [...privateKey(userId), 'bookmarks'] as const,
  list: (userId: number) => [...bookmarkKeys.all(userId), 'list'] as const,
  folders: (userId: number) => [...bookmarkKeys.all(userId), 'folders'] as const,
};

export const getBookmarks = (userId: number, signal?: AbortSignal) => apiFetch(`/api/users/${userId}/bookmarks`, { schema: z.array(bookmarkSchema), signal });

export const bookmarksQueryOptions = (userId: number) => queryOptions({ queryKey: bookmarkKeys.list(userId), queryFn: ({ signal }) => getBookmarks(userId, signal) });

/** The user's bookmarks, newest first, each with what it points at (disabled when signed out). */
export const useBookmarks = (userId: number | null) => useQuery({ ...bookmarksQueryOptions(userId ?? 0), enabled: userId !== null });

export const getFolders = (userId: number, signal?: AbortSignal) => apiFetch(`/api/users/${userId}/bookmark-categories`, { schema: z.array(folderSchema), signal });

export const foldersQueryOptions = (userId: number) => queryOptions({ queryKey: bookmarkKeys.folders(userId), queryFn: ({ signal }) => getFolders(userId, signal) });

/** The user's bookmark folders, oldest first (disabled when signed out). */
export const useFolders = (userId: number | null) => useQuery({ ...foldersQueryOptions(userId ?? 0), enabled: userId !== null });
