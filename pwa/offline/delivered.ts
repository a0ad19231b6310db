import type { QueryClient } from '@tanstack/react-query';
import type { OutboxEntry } from './outbox-entry';
import { outboxEvents } from './outbox-events';
import { refreshesOf, resolveWrite } from './write-registry';

// A delivered write's answer goes into the query cache by one rule, `applyDelivered`, whoever
// delivered it:
// - a page's outbox: `reactToDeliveries` applies each answer as its entry leaves the queue;
// - the service worker (Background Sync, perhaps with no tab open) has no query cache: it records
//   each answer (delivery-record.ts), and a page applies the record at start and when the worker
//   says it synced (delivery-record.ts, applyRecordedDeliveries, through `applyDelivered`).
// The persisted query cache (query-persister.ts) is told to save at once (`saveSoon`). Nothing here
// loads Dexie: it runs in the app's first chunk (docs/decisions/014-the-offline-engine.md).

/** Puts a delivered write's answer into the cache by its kind's rule (`applyDelivered` of its definition). */
export function applyDelivered(queryClient: QueryClient, entry: OutboxEntry, response: unknown): void {
  const write = resolveWrite(entry);
  write?.definition.applyDelivered?.(queryClient, write.vars, response, { userId: entry.userId, entryId: entry.id });
}

/**
 * The cache's reactions to a page's deliveries, registered at start-up with the app's query client
 * (before any write can be delivered, so none is missed; the outbox has every kind registered
 * before it delivers one, see writesReady): a delivered write's answer goes into the cache (before
 * its entry leaves the queue) and the queries it touched are refreshed; a refused one refreshes
 * them too (the server's state stands). Returns the function that stops them.
 */
export function reactToDeliveries(queryClient: QueryClient): () => void {
  // The queries touched by the answers of one moment (a batch's, which come together), refreshed
  // once each at the end of it: a refresh per answer would start a query's fetch again for each.
  let touched: Map<string, readonly unknown[]> | null = null;
  return outboxEvents.on((event) => {
    if (event.type === 'synced') {
      // The saved cache should take the answer at once: the reader may close the app right after.
      saveSoon();
      applyDelivered(queryClient, event.entry, event.response);
    }
    if (event.type !== 'synced' && event.type !== 'failed') return;
    if (!touched) {
      const keys = (touched = new Map());
      queueMicrotask(() => {
        touched = null;
        for (const queryKey of keys.values()) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
      });
    }
    for (const queryKey of refreshesOf(event.entry)) touched.set(JSON.stringify(queryKey), queryKey);
  });
}

/** Refreshes the queries a write touched (its kind's `refreshes`): after delivery, or a refusal. */
export const refreshTouched = (queryClient: QueryClient, entry: OutboxEntry) => {
  for (const queryKey of refreshesOf(entry)) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
};

const saveSoonListeners = new Set<() => void>();

/**
 * A delivered write's answer is about to go into the query cache: the saved cache should take it
 * at once rather than after the persister's throttle, since the reader may reload or close the app
 * right after a write has synced.
 */
export function saveSoon(): void {
  for (const listener of saveSoonListeners) listener();
}

/** The persister's side of `saveSoon`; returns the function that stops listening. */
export function onSaveSoon(listener: () => void): () => void {
  saveSoonListeners.add(listener);
  return () => saveSoonListeners.delete(listener);
}
