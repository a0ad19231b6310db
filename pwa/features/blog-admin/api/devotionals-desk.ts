import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { devotionalSchema, type Devotional } from '#contract/content';
import { datedDevotionalsSchema, type DevotionalInput } from '#contract/devotional-desk';
import { apiFetch, withQuery } from '#pwa/lib/api-client';
import { privateKey } from '#pwa/lib/query-client';

/**
 * The desk's devotionals: the signed-in editor's (private: dropped when they sign out). The
 * reader's devotional queries all start with 'devotional' (features/devotional's
 * `devotionalKeys.all`; features never import each other, so the root is named here again): a
 * devotional written or deleted refreshes today's on the home page too.
 */
export const devotionalsDeskKeys = {
  readerRoot: ['devotional'] as const,
  all: (userId: number) => [...privateKey(userId), 'desk', 'devotionals'] as const,
  range: (userId: number, from: string, to: string) => [...devotionalsDeskKeys.all(userId), from, to] as const,
};

/** GET /api/devotionals?from=&to=: the devotionals dated in the range (both ends), oldest first; days with none are missing (editors only). */
export const getDatedDevotionals = (from: string, to: string, signal?: AbortSignal) =>
  apiFetch(withQuery('/api/devotionals', { from, to }), { schema: datedDevotionalsSchema, signal });

export const useDatedDevotionals = (userId: number, from: string, to: string) =>
  useQuery({ queryKey: devotionalsDeskKeys.range(userId, from, to), queryFn: ({ signal }) => getDatedDevotionals(from, to, signal) });

/** PUT /api/devotionals/{date}: that day's devotional, whole (201 written, 200 replaced). */
export const putDevotional = (date: string, body: DevotionalInput): Promise<Devotional> =>
  apiFetch(`/api/devotionals/${encodeURIComponent(date)}`, { method: 'PUT', body, schema: devotionalSchema });

/** DELETE /api/devotionals/{date}: 204; the day falls back to the rotation (404 when it has none). */
export async function deleteDevotional(date: string): Promise<void> {
  await apiFetch(`/api/devotionals/${encodeURIComponent(date)}`, { method: 'DELETE' });
}

/** After a write, whatever its outcome: the desk's list, and the devotional readers see. */
function useRefreshAfterWrite(userId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: devotionalsDeskKeys.all(userId) }),
      queryClient.invalidateQueries({ queryKey: devotionalsDeskKeys.readerRoot }),
    ]);
}

export function useSaveDevotional(userId: number) {
  const refresh = useRefreshAfterWrite(userId);
  return useMutation({
    mutationFn: ({ date, body }: { date: string; body: DevotionalInput }) => putDevotional(date, body),
    onSettled: refresh,
  });
}

export function useDeleteDevotional(userId: number) {
  const refresh = useRefreshAfterWrite(userId);
  return useMutation({ mutationFn: (date: string) => deleteDevotional(date), onSettled: refresh });
}
