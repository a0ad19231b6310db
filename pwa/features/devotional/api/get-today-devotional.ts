import { queryOptions, useQuery } from '@tanstack/react-query';
import { devotionalSchema } from '../../../../contract/content.js';
import { freshOncePerVisit } from '../../../lib/query-client';
import { apiFetch, withQuery } from '../../../lib/api-client';
import { devotionalKeys } from './keys';

/** The reader's own calendar date as YYYY-MM-DD, so the devotional changes at their midnight, not the server's. */
export function localDate(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** GET /api/devotional/today?date=…: a 404 (none prepared) is an error like any other; the widget shows its "being prepared" text. */
export const getTodayDevotional = (date: string, signal?: AbortSignal) =>
  apiFetch(withQuery('/api/devotional/today', { date }), { schema: devotionalSchema, signal });

export const todayDevotionalQueryOptions = (date: string) =>
  queryOptions({ queryKey: devotionalKeys.today(date), queryFn: ({ signal }) => getTodayDevotional(date, signal), staleTime: freshOncePerVisit });

export const useTodayDevotional = (date: string = localDate()) => useQuery(todayDevotionalQueryOptions(date));
