import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useToast } from '../components/ui/toast';
import { deliveryNeeded } from '../lib/delivery-needed';
import { openAuthDialog } from '../lib/auth-dialog';
import { useUser } from '../lib/session';
import { appDb, type OutboxEntry } from './db';
import { requestBackgroundSync } from './background-sync';
import { OUTBOX_SYNCED_MESSAGE } from './messages';
import { requestPersistentStorage } from './storage';
import { noteApplied, saveSoon } from './applied-deliveries';
import { outbox, readUnappliedDeliveries, setSyncUser, type DrainResult, type EnqueueInput } from './outbox';

/**
 * Puts a delivered write's answer into the query cache (a feature's own rule, e.g. a saved
 * completion into its check and list queries), so what the reader sees and what is saved for
 * offline is the write's result at once, whether or not a screen showing it is open.
 */
export type ApplyDelivered = (queryClient: QueryClient, entry: OutboxEntry, response: unknown) => void;

/**
 * Queues a write and starts delivering it. Resolves once the entry is stored on the device
 * (not when the server has it): the caller shows the change at once, marked pending.
 */
/**
 * A page's delivery: once the app's delivery reaction is there (see Outbox.whenReacting), so each
 * answer reaches the cache as its entry leaves the queue. If it cannot reach the server, the
 * browser (where it can) is asked to retry even after the app is closed.
 */
export async function deliverNow(userId: number): Promise<DrainResult> {
  await outbox.whenReacting();
  const result = await outbox.drain(userId);
  if (result.stoppedBy === 'network' || result.stoppedBy === 'server') void requestBackgroundSync();
  return result;
}

export function useOutboxWrite(): (input: EnqueueInput) => Promise<OutboxEntry> {
  return useCallback(async (input: EnqueueInput) => {
    deliveryNeeded();
    const entry = await outbox.enqueue(input);
    void deliverNow(input.userId);
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

/**
 * Queued writes about one subject (e.g. 'bookmark:video:3'), oldest first; the last is the
 * intended state. `undefined` until IndexedDB has answered: a button that toggles must wait for
 * it (disabled), or a press in that moment would act on the server's state without the queued writes.
 */
export function useOutboxSubject(subject: string): OutboxEntry[] | undefined {
  const { user } = useUser();
  const userId = user?.id ?? 0;
  return useLiveQuery(
    () =>
      appDb.outbox
        .where('subject')
        .equals(subject)
        .filter((e) => e.userId === userId)
        .sortBy('seq'),
    [subject, userId],
  );
}

/**
 * Runs delivery for the signed-in user: at start, when the browser comes back online, when the
 * app becomes visible again, and after each sign-in. Refreshes the queries a delivered write
 * touched, shows SPEC's failure toast when the server refuses one, and asks for a sign-in when
 * the session has ended (the queue is kept and continues after it).
 */
export function useOutboxDelivery(applyDelivered: ApplyDelivered = () => undefined): void {
  const { user, isLoading } = useUser();
  const applyRef = useRef(applyDelivered);
  useEffect(() => {
    applyRef.current = applyDelivered;
  });
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const userId = user?.id ?? null;

  useEffect(() => {
    // Until the saved session is read, "no user" is not a sign-out: nothing is forgotten or cleared.
    if (isLoading) return;
    void setSyncUser(userId).catch(() => undefined);
    if (userId === null) {
      outbox.forgetMissed();
      return;
    }
    // Signed in: queued writes and notes now matter, so ask the browser not to evict them.
    void requestPersistentStorage();
    const drain = () => void deliverNow(userId);
    const delivered = (entry: OutboxEntry, response: unknown) => {
      saveSoon();
      applyRef.current(queryClient, entry, response);
      for (const queryKey of entry.invalidate) void queryClient.invalidateQueries({ queryKey });
    };
    // What was delivered with no reaction listening: by the service worker on Background Sync (now,
    // or while no tab was open), or by this page before this hook loaded.
    const applyUnapplied = () =>
      void readUnappliedDeliveries()
        .then((deliveries) => {
          for (const d of deliveries) {
            if (d.entry.userId === userId) delivered(d.entry, d.response);
            // Forgotten once the saved cache holds it (another user's: with the next save).
            noteApplied(d.entry.id);
          }
        })
        .catch(() => undefined);
    const onWorkerMessage = (event: MessageEvent) => {
      const data = event.data as { type?: string; invalidate?: unknown[][] } | null;
      if (data?.type !== OUTBOX_SYNCED_MESSAGE) return;
      // A worker of an older build names only the queries to refresh.
      for (const queryKey of data.invalidate ?? []) void queryClient.invalidateQueries({ queryKey });
      applyUnapplied();
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
    const unsubscribe = outbox.setDeliveryListener((event) => {
      if ('entry' in event && event.entry.userId !== userId) return;
      if (event.type === 'synced') {
        delivered(event.entry, event.response);
      } else if (event.type === 'failed') {
        for (const queryKey of event.entry.invalidate) void queryClient.invalidateQueries({ queryKey });
        // An empty failureMessage means docs/product.md#messages-and-errors shows nothing for this write (folder create/delete).
        if (event.entry.failureMessage) toast({ title: 'Error', description: event.entry.failureMessage, variant: 'destructive' });
      } else if (event.type === 'auth-required') {
        toast({ title: 'Sign in to sync', description: 'Your session has ended. Sign in again and your changes will be sent.', variant: 'destructive' });
        openAuthDialog('login');
      }
    });
    window.addEventListener('online', onOnline);
    document.addEventListener('visibilitychange', onVisible);
    applyUnapplied();
    void outbox.requeueStranded(userId).catch(() => 0).then(drain);
    return () => {
      unsubscribe();
      worker?.removeEventListener('message', onWorkerMessage);
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
      outbox.stop();
    };
  }, [isLoading, userId, queryClient, toast]);
}
