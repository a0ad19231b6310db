import { lazy, Suspense } from 'react';

// Pieces every page has but none needs for its first paint. Loading them after it keeps
// IndexedDB (Dexie) and workbox-window out of the first download of every route.
const OutboxDelivery = lazy(() => import('./outbox-delivery'));
const SyncIndicator = lazy(() => import('../../features/sync/components/sync-indicator').then((m) => ({ default: m.SyncIndicator })));
const UpdatePrompt = lazy(() => import('./update-prompt').then((m) => ({ default: m.UpdatePrompt })));

export function DeferredOutboxDelivery() {
  return (
    <Suspense fallback={null}>
      <OutboxDelivery />
    </Suspense>
  );
}

export function DeferredSyncIndicator() {
  return (
    <Suspense fallback={null}>
      <SyncIndicator />
    </Suspense>
  );
}

export function DeferredUpdatePrompt() {
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  );
}
