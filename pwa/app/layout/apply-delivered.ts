import type { QueryClient } from '@tanstack/react-query';
import { readStoredUser } from '#pwa/lib/session';
import { noteApplied, saveSoon } from '#pwa/offline/applied-deliveries';
import { readUnappliedDeliveries } from '#pwa/offline/outbox';
import { refreshesOf, writesReady } from '#pwa/offline/write-registry';
import { applyDelivered } from '../write-reactions';

/**
 * The writes the service worker delivered (on Background Sync, perhaps with no tab open) go into
 * this page's cache: only `userId`'s (another user's are dropped: their cache left with them).
 * Each is forgotten once the saved cache holds it (see applied-deliveries.ts).
 */
export async function applyWorkerDeliveries(queryClient: QueryClient, userId: number | undefined, refresh = false): Promise<void> {
  await writesReady();
  const deliveries = await readUnappliedDeliveries();
  if (deliveries.length) saveSoon();
  for (const { entry, response } of deliveries) {
    if (entry.userId === userId) {
      applyDelivered(queryClient, entry, response);
      if (refresh) for (const queryKey of refreshesOf(entry)) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
    }
    noteApplied(entry.id);
  }
}

/**
 * At start, right after the saved cache is restored and before any screen reads it: the writes
 * delivered while no page could apply them go into the cache, so the first paint already shows them.
 */
export function applyUnappliedDeliveries(queryClient: QueryClient): Promise<void> {
  return applyWorkerDeliveries(queryClient, readStoredUser()?.user.id);
}
