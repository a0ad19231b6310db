import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useUser } from '#pwa/lib/session';
import { requestBackgroundSync } from './background-sync';
import { applyRecordedDeliveries } from './delivery-record';
import { appDb } from './device-db';
import { OUTBOX_SYNCED_MESSAGE } from './messages';
import { LAST_SYNC_KEY, outbox, type DrainResult } from './outbox';
import type { OutboxEntry } from './outbox-entry';
import { requestPersistentStorage } from './storage';
import { setSyncUser } from './sync-user';
import { subjectOf, writesAreReady, writesReady, type WriteDefinition } from './write-registry';

/**
 * A page's delivery. If it cannot reach the server, the browser (where it can) is asked to retry
 * even after the app is closed. The app's reactions (cache, toasts) are registered at start-up,
 * so each answer reaches the cache as its entry leaves the queue.
 */
export async function deliverNow(userId: number): Promise<DrainResult> {
  const result = await outbox.drain(userId);
  if (result.stoppedBy === 'network' || result.stoppedBy === 'server') void requestBackgroundSync();
  return result;
}

/**
 * Queues a write of a declared kind and starts delivering it. Resolves once the entry is stored
 * on the device (not when the server has it): the caller shows the change at once, marked pending.
 */
export function useOutboxWrite(): <V>(definition: WriteDefinition<V>, userId: number, vars: NoInfer<V>) => Promise<OutboxEntry> {
  return useCallback(async <V,>(definition: WriteDefinition<V>, userId: number, vars: NoInfer<V>) => {
    const entry = await outbox.enqueue(definition, userId, vars);
    void deliverNow(userId);
    return entry;
  }, []);
}

/** Retry (put back in line and delivered now) or discard a write the server refused: for failed marks. */
export function useOutboxActions(): { retry: (id: string) => Promise<void>; discard: (id: string) => Promise<void> } {
  const { user } = useUser();
  const userId = user?.id ?? null;
  return useMemo(
    () => ({
      retry: async (id: string) => {
        await outbox.retry(id);
        if (userId !== null) void deliverNow(userId);
      },
      discard: (id: string) => outbox.discard(id),
    }),
    [userId],
  );
}

/**
 * The signed-in user's queued writes, oldest first (live: updates as they are delivered);
 * `undefined` until IndexedDB has answered, so a screen never mistakes "not read yet" for "none".
 */
export function useOutboxEntries(): OutboxEntry[] | undefined {
  const { user } = useUser();
  const userId = user?.id ?? 0;
  return useLiveQuery(() => appDb.outbox.where('userId').equals(userId).toArray(), [userId]);
}

/** When a write last reached the server (ISO time), live; null before the first. */
export function useLastSyncAt(): string | null {
  const record = useLiveQuery(() => appDb.meta.get(LAST_SYNC_KEY), []);
  return typeof record?.value === 'string' ? record.value : null;
}

/**
 * Queued writes about one subject (e.g. 'bookmark:video:3', computed by each kind's definition),
 * oldest first; the last is the intended state. `undefined` until IndexedDB has answered: a button
 * that toggles must wait for it (disabled), or a press in that moment would act on the server's
 * state without the queued writes.
 */
export function useOutboxSubject(subject: string): OutboxEntry[] | undefined {
  const { user } = useUser();
  const userId = user?.id ?? 0;
  const ready = useWritesReady();
  const entries = useLiveQuery(
    () =>
      appDb.outbox
        .where('userId')
        .equals(userId)
        .filter((e) => subjectOf(e) === subject)
        .sortBy('seq'),
    [subject, userId, ready],
  );
  return ready ? entries : undefined;
}

/**
 * Whether every kind of write is known (see writesReady), loading them if not: what describes or
 * matches stored entries waits for it, so an entry of an earlier visit never looks unreadable.
 */
export function useWritesReady(): boolean {
  const [ready, setReady] = useState(writesAreReady);
  useEffect(() => {
    if (ready) return;
    let cancelled = false;
    const load = () =>
      writesReady().then(
        () => !cancelled && setReady(true),
        // Offline before the code was ever fetched: tried again when the connection returns.
        () => addEventListener('online', load, { once: true }),
      );
    void load();
    return () => {
      cancelled = true;
      removeEventListener('online', load);
    };
  }, [ready]);
  return ready;
}

/**
 * Runs delivery for the signed-in user: at start, when the browser comes back online, when the
 * app becomes visible again, and after each sign-in. What delivery does is said by events
 * (outbox-events.ts): the app reacts to them (delivered.ts). What the service worker delivered
 * (recorded in IndexedDB) goes into the cache at start and when the worker says it synced.
 */
export function useOutboxDelivery(): void {
  const { user, isLoading } = useUser();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;

  useEffect(() => {
    // Until the saved session is read, "no user" is not a sign-out: nothing is cleared.
    if (isLoading) return;
    void setSyncUser(userId).catch(() => undefined);
    if (userId === null) return;
    // Signed in: queued writes and notes now matter, so ask the browser not to evict them.
    void requestPersistentStorage();
    const drain = () => void deliverNow(userId);
    const applyWorkerDeliveries = () => void applyRecordedDeliveries(queryClient, userId, { refresh: true }).catch(() => undefined);
    const onWorkerMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; invalidate?: unknown[][] } | null;
      if (data?.type !== OUTBOX_SYNCED_MESSAGE) return;
      // A worker of an older build names only the queries to refresh.
      for (const queryKey of data.invalidate ?? []) void queryClient.invalidateQueries({ queryKey });
      applyWorkerDeliveries();
      // The worker left what it could not deliver (or, with this page on screen, all of it) to us.
      drain();
    };
    const worker = typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : null;
    worker?.addEventListener('message', onWorkerMessage);
    const onVisible = () => {
      if (document.visibilityState === 'visible') drain();
    };
    const onOnline = () => {
      void outbox.resetBackoff().then(drain);
    };
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    applyWorkerDeliveries();
    void outbox.requeueStranded(userId).catch(() => 0).then(drain);
    return () => {
      worker?.removeEventListener('message', onWorkerMessage);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
      outbox.stop();
    };
  }, [isLoading, userId, queryClient]);
}
