import type { QueryClient } from '@tanstack/react-query';
import { applyDeliveredBookmarkWrite } from '../../features/bookmarks/api/bookmark-view';
import { applyDeliveredComment } from '../../features/comments/api/comments';
import { applyDeliveredProgress } from '../../features/progress/api/progress';
import { readStoredUser } from '../../lib/session';
import type { OutboxEntry } from '../../offline/db';
import { noteApplied } from '../../offline/applied-deliveries';
import { readUnappliedDeliveries } from '../../offline/outbox';

/**
 * Each feature's rule for putting a delivered write's answer into the cache. Applied for every
 * write by the app's delivery reaction, not by the screens showing it: a write delivered while its
 * page is closed must still change what is saved for offline.
 */
export function applyDelivered(queryClient: QueryClient, entry: OutboxEntry, response: unknown): void {
  applyDeliveredProgress(queryClient, entry, response);
  applyDeliveredBookmarkWrite(queryClient, entry, response);
  applyDeliveredComment(queryClient, entry, response);
}

/**
 * At start, right after the saved cache is restored and before any screen reads it: the writes
 * delivered while no page could apply them (the service worker with no tab open, a page closed in
 * the moment after a delivery) go into the cache, so the first paint already shows them. Only the
 * signed-in reader's; another user's are dropped (their cache left with them).
 */
export async function applyUnappliedDeliveries(queryClient: QueryClient): Promise<void> {
  const userId = readStoredUser()?.user.id;
  for (const { entry, response } of await readUnappliedDeliveries()) {
    if (entry.userId === userId) applyDelivered(queryClient, entry, response);
    // Forgotten once the saved cache holds it (see applied-deliveries.ts).
    noteApplied(entry.id);
  }
}
