/// <reference lib="webworker" />
// The offline engine's surface for the service worker (pwa/sw.ts): delivery on Background Sync.
// Pages use ./index.ts. See docs/decisions/014-the-offline-engine.md.
import { OUTBOX_SYNC_TAG, OUTBOX_SYNCED_MESSAGE } from './messages';
import { Outbox } from './outbox';
import { OutboxEvents } from './outbox-events';
import { getSyncUser } from './sync-user';
import { refreshesOf } from './write-registry';

/**
 * Background Sync (Chromium): the browser wakes the worker when the connection returns, even with
 * the app closed, and the signed-in user's queued writes are delivered from here. Pages also
 * drain on `online`, visibility and start, because Safari has no sync. Every kind of write must be
 * registered first (pwa/app/write-definitions.ts, registerAppWrites). There is no query cache here: each delivered answer is
 * recorded for the pages to apply (delivery-record.ts, then delivered.ts).
 */
export function deliverOnBackgroundSync(worker: ServiceWorkerGlobalScope): void {
  const workerEvents = new OutboxEvents();
  const outbox = new Outbox({ events: workerEvents, recordDeliveries: true });

  worker.addEventListener('sync', (event: Event) => {
    const syncEvent = event as Event & { tag: string; waitUntil: (p: Promise<unknown>) => void };
    if (syncEvent.tag !== OUTBOX_SYNC_TAG) return;
    syncEvent.waitUntil(
      (async () => {
        const userId = await getSyncUser();
        if (userId === null) return;
        // A page on screen delivers itself, its reaction putting each answer into its cache as the
        // entry leaves the queue; delivered from here, it would show neither for a moment. Nudge it.
        const windows = await worker.clients.matchAll({ type: 'window' });
        if (windows.some((client) => client.visibilityState === 'visible')) {
          for (const client of windows) client.postMessage({ type: OUTBOX_SYNCED_MESSAGE, invalidate: [] });
          return;
        }
        // The browser says the connection is back: the backoff of the attempts made offline no longer
        // applies. Without this, an entry still waiting out its backoff stops the drain ('backoff'),
        // the sync counts as done, and the write waits until the app is opened again.
        await outbox.resetBackoff();
        const invalidate: unknown[][] = [];
        // The outbox records each delivered answer in IndexedDB for the pages to apply (now, on the
        // message below, or when one opens). Refusals: the pages refresh what they touched.
        const unsubscribe = workerEvents.on((e) => {
          if (e.type === 'failed') invalidate.push(...refreshesOf(e.entry).map((key) => [...key]));
        });
        try {
          const result = await outbox.drain(userId);
          // Left for later (offline again, server busy): reject so the browser retries the sync.
          if (result.stoppedBy === 'network' || result.stoppedBy === 'server') throw new Error('outbox not drained');
        } finally {
          outbox.stop();
          unsubscribe();
          const clients = await worker.clients.matchAll({ type: 'window' });
          for (const client of clients) client.postMessage({ type: OUTBOX_SYNCED_MESSAGE, invalidate });
        }
      })(),
    );
  });
}
