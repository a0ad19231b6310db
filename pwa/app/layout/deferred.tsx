import { lazy, type ComponentType } from 'react';
import { OfflineBadge } from '../../features/sync/components/sync-badge';
import { pageSettled } from '../../lib/page-settled';
import { AfterHydration } from '../../components/ui/after-hydration';

// Pieces every page has but none needs for its first paint. Their code loads once the page has its
// own code and data (pageSettled): IndexedDB (Dexie) and workbox-window stay out of the first
// download of every route and never compete with the route's own requests.
// A write queued before then is delivered at once by useOutboxWrite, and the cache's reactions and the
// notices are there from start-up (app/write-reactions.ts, outbox-notices.tsx): only the triggers wait.
const OutboxDelivery = lazy(() => pageSettled().then(() => import('./outbox-delivery')));
const SyncIndicator = lazy(() =>
  pageSettled()
    .then(() => import('../../features/sync/components/sync-indicator'))
    .then((m) => ({ default: m.SyncIndicator })),
);
const UpdatePrompt = lazy(() =>
  pageSettled()
    .then(() => import('./update-prompt'))
    .then((m) => ({ default: m.UpdatePrompt })),
);

/** `Fallback` shows until the deferred part is in (by default nothing); the server renders only that. */
function deferred(Component: ComponentType, Fallback?: ComponentType) {
  return function Deferred() {
    return (
      <AfterHydration placeholder={Fallback ? <Fallback /> : null}>
        <Component />
      </AfterHydration>
    );
  };
}

export const DeferredOutboxDelivery = deferred(OutboxDelivery);
// "Offline" shows from the first paint; the counts of waiting changes come with the outbox.
export const DeferredSyncIndicator = deferred(SyncIndicator, OfflineBadge);
export const DeferredUpdatePrompt = deferred(UpdatePrompt);
