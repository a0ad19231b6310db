import { OfflineBadge } from '#pwa/features/sync/components/sync-badge';
import { pageQuiet, pageSettled } from '#pwa/lib/page-settled';
import { afterHydrationLazy } from '#pwa/components/ui/after-hydration';

// Pieces every page has but none needs for its first paint. Their code loads once the page has its
// own code and data (pageSettled): IndexedDB (Dexie) and workbox-window stay out of the first
// download of every route and never compete with the route's own requests.
// A write queued before then is delivered at once by useOutboxWrite, and the cache's reactions and the
// notices are there from start-up (app/write-reactions.ts, outbox-notices.tsx): only the triggers wait.
const afterPageSettled = <T,>(load: () => Promise<T>) => () => pageSettled().then(load);

export const DeferredOutboxDelivery = afterHydrationLazy(afterPageSettled(() => import('./outbox-delivery')), 'default');
// "Offline" shows from the first paint; the counts of waiting changes come with the outbox.
export const DeferredSyncIndicator = afterHydrationLazy(
  afterPageSettled(() => import('#pwa/features/sync/components/sync-indicator')),
  'SyncIndicator',
  <OfflineBadge />,
);
// The service worker registers once the page is quiet as well (pageQuiet): its precache (the whole
// app, a hundred files) then never shares the phone's network and CPU with the page's hydration or
// the welcome dialog's opening.
export const DeferredUpdatePrompt = afterHydrationLazy(() => pageQuiet().then(() => import('./update-prompt')), 'UpdatePrompt');
