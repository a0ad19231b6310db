import type { QueryClient } from '@tanstack/react-query';
import { saveSoon } from '../offline/applied-deliveries';
import type { OutboxEntry } from '../offline/db';
import { outboxEvents } from '../offline/outbox-events';
import { refreshesOf, resolveWrite } from '../offline/write-registry';

/**
 * Puts a delivered write's answer into the cache by its kind's rule, so what the reader sees and
 * what is saved for offline is the write's result at once, whether or not a screen showing it is open.
 */
export function applyDelivered(queryClient: QueryClient, entry: OutboxEntry, response: unknown): void {
  const write = resolveWrite(entry);
  write?.definition.applyDelivered?.(queryClient, write.vars, response, { userId: entry.userId, entryId: entry.id });
}

/**
 * The cache's reactions to delivery, registered at start-up with the app's query client (before
 * any write can be delivered, so none is missed; the outbox has every kind registered before it
 * delivers one, see writesReady): a delivered write's answer goes into the cache
 * (before its entry leaves the queue) and the queries it touched are refreshed; a refused one
 * refreshes them too (the server's state stands). Returns the function that stops them.
 */
export function reactToDeliveries(queryClient: QueryClient): () => void {
  return outboxEvents.on((event) => {
    if (event.type === 'synced') {
      // The saved cache should take the answer at once: the reader may close the app right after.
      saveSoon();
      applyDelivered(queryClient, event.entry, event.response);
    }
    if (event.type === 'synced' || event.type === 'failed') {
      for (const queryKey of refreshesOf(event.entry)) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
    }
  });
}
