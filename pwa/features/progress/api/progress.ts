import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { progressSchema, type ContentType, type Progress, type SaveProgressInput } from '../../../../contract/index.js';
import { apiFetch, withQuery } from '../../../lib/api-client';
import { privateKey } from '../../../lib/query-client';
import type { OutboxEntry } from '../../../offline/db';

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

/** The outbox subject of one item's completion: its queued entries say what the user intends now. */
export const progressSubject = (contentType: ContentType, contentId: number) => `progress:${contentType}:${contentId}`;
export const PROGRESS_KIND = 'progress.set';
export const PROGRESS_FAILURE = 'Failed to update progress. Please try again.';

/** The absolute state a queued progress write asks for. */
export const intendedCompletion = (entry: OutboxEntry): boolean => (entry.body as SaveProgressInput).completed;

/** Puts a delivered progress write into the cache at once, so the mark never flickers back while the refetch runs. */
export function applyDeliveredProgress(queryClient: QueryClient, entry: OutboxEntry, response: unknown): void {
  if (entry.kind !== PROGRESS_KIND) return;
  const saved = progressSchema.safeParse(response);
  if (!saved.success) return;
  const p: Progress = saved.data;
  queryClient.setQueryData(progressKeys.check(p.userId, p.contentType, p.contentId), { completed: p.completed });
  queryClient.setQueryData<Progress[]>(progressKeys.list(p.userId), (list) =>
    list ? [...list.filter((x) => !(x.contentType === p.contentType && x.contentId === p.contentId)), p] : list,
  );
}
