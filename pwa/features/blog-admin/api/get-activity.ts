import { useInfiniteQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { activityEntrySchema } from '#contract/desk';
import { apiFetch } from '#pwa/lib/api-client';
import { blogAdminKeys } from './keys';

/** How many entries a page of the Activity holds. */
export const ACTIVITY_PAGE = 50;

/** GET /api/activity, newest first, a page at a time ("Show older" asks for the next). */
export const useActivity = (userId: number) =>
  useInfiniteQuery({
    queryKey: blogAdminKeys.activity(userId),
    queryFn: ({ signal, pageParam }) =>
      apiFetch(`/api/activity?limit=${ACTIVITY_PAGE}${pageParam ? `&before=${pageParam}` : ''}`, { schema: z.array(activityEntrySchema), signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.length === ACTIVITY_PAGE ? last[last.length - 1]!.id : undefined),
  });
