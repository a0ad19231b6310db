import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { progressSchema, type ContentType } from '#contract';
import { apiFetch, withQuery } from '#pwa/lib/api-client';
import { privateKey } from '#pwa/lib/query-client';

/** One user's completion records live under privateKey(userId), so signing out drops them. */
export const progressKeys = {
  all: (userId: number) => [...privateKey(userId), 'progress'] as const,
  list: (userId: number) => [...progressKeys.all(userId), 'list'] as const,
  check: (userId: number, contentType: ContentType, contentId: number) => [...progressKeys.all(userId), 'check', contentType, contentId] as const,
};

export const progressCheckSchema = z.object({ completed: z.boolean() });

export const checkProgress = (userId: number, contentType: ContentType, contentId: number, signal?: AbortSignal) =>
  apiFetch(withQuery('/api/progress/check', { userId, contentType, contentId }), { schema: progressCheckSchema, signal });

export const progressCheckQueryOptions = (userId: number, contentType: ContentType, contentId: number) =>
  queryOptions({ queryKey: progressKeys.check(userId, contentType, contentId), queryFn: ({ signal }) => checkProgress(userId, contentType, contentId, signal) });

/** Whether the user completed one item (disabled when signed out). */
export const useProgressCheck = (userId: number | null, contentType: ContentType, contentId: number) =>
  useQuery({ ...progressCheckQueryOptions(userId ?? 0, contentType, contentId), enabled: userId !== null });

export const getUserProgress = (userId: number, signal?: AbortSignal) => apiFetch(`/api/users/${userId}/progress`, { schema: z.array(progressSchema), signal });

export const userProgressQueryOptions = (userId: number) => queryOptions({ queryKey: progressKeys.list(userId), queryFn: ({ signal }) => getUserProgress(userId, signal) });

/** All the user's completion records: one call for a whole list of marks. */
export const useUserProgress = (userId: number | null) => useQuery({ ...userProgressQueryOptions(userId ?? 0), enabled: userId !== null });
