import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Devotional } from '#contract/content';
import { todayIn } from '#pwa/lib/format';
import { freshOncePerVisit } from '#pwa/lib/query-client';
import { answerSchema, apiFetch, withQuery } from '#pwa/lib/api-client';
import { devotionalKeys } from './keys';

/** The reader's own calendar date as YYYY-MM-DD, so the devotional changes at their midnight, not the server's. */
export function localDate(now: Date = new Date()): string {
  return todayIn('reader', now);
}

/** GET /api/devotional/today?date=…: a 404 (none prepared) is an error like any other; the widget shows its "being prepared" text. */
export const getTodayDevotional = (date: string, signal?: AbortSignal) =>
  apiFetch(withQuery('/api/devotional/today', { date }), { schema: answerSchema('devotional'), signal });

export const todayDevotionalQueryOptions = (date: string) =>
  queryOptions({ queryKey: devotionalKeys.today(date), queryFn: ({ signal }) => getTodayDevotional(date, signal), staleTime: freshOncePerVisit });

export const useTodayDevotional = (date: string = localDate()) => useQuery(todayDevotionalQueryOptions(date));

export interface SavedDevotional {
  devotional: Devotional;
  /** The reader's date it was today's devotional (YYYY-MM-DD). */
  date: string;
  updatedAt: number;
}

/**
 * The most recent devotional kept on this device from an earlier day: offline on a new day,
 * today's is not saved yet, and the last one read is better than nothing. Null when none is saved
 * or `enabled` is false.
 */
export function useLastSavedDevotional(today: string, enabled: boolean): SavedDevotional | null {
  const queryClient = useQueryClient();
  if (!enabled) return null;
  let latest: SavedDevotional | null = null;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: [...devotionalKeys.all, 'today'] })) {
    const date = query.queryKey[2];
    const devotional = query.state.data as Devotional | null | undefined;
    if (typeof date !== 'string' || date >= today || !devotional) continue;
    if (!latest || date > latest.date) latest = { devotional, date, updatedAt: query.state.dataUpdatedAt };
  }
  return latest;
}
