import { queryOptions, useQuery } from '@tanstack/react-query';
import { heartsInfoSchema, type HeartsInfo } from '#contract/content';
import { freshOncePerVisit } from '#pwa/lib/query-client';
import { apiFetch, withQuery } from '#pwa/lib/api-client';
import { devotionalKeys } from './keys';

export const HEARTS_FETCH_FAILED = 'Failed to fetch hearts';

/**
 * GET /api/devotional/{id}/hearts, with `userId` only when signed in (the server answers a
 * visitor's `isHearted` with false). Any failure reads 'Failed to fetch hearts' (docs/product.md#messages-and-errors); the
 * underlying error is kept as `cause`.
 */
export async function getHearts(devotionalId: number, userId: number | null, signal?: AbortSignal): Promise<HeartsInfo> {
  try {
    return await apiFetch(withQuery(`/api/devotional/${devotionalId}/hearts`, { userId: userId ?? undefined }), { schema: heartsInfoSchema, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new Error(HEARTS_FETCH_FAILED, { cause: error });
  }
}

export const heartsQueryOptions = (devotionalId: number, userId: number | null) =>
  queryOptions({ queryKey: devotionalKeys.hearts(devotionalId, userId), queryFn: ({ signal }) => getHearts(devotionalId, userId, signal), staleTime: freshOncePerVisit });

export const useHearts = (devotionalId: number, userId: number | null, enabled = true) => useQuery({ ...heartsQueryOptions(devotionalId, userId), enabled });
