import { Suspense } from 'react';
import { lazyExport } from '#pwa/lib/lazy-part';
import { NeedsConnection } from '#pwa/components/ui/offline';
import type { OfflineSearchSlot } from '#pwa/components/ui/offline-search-slot';

// The search feature's and the video library's 'Offline results': what this device has that
// matches (the query cache's videos and articles, and the notes feature's notes), composed here.
// MiniSearch and IndexedDB load only when a search is made offline.
const OfflineResults = lazyExport(() => import('./offline-results'), 'default');

export const offlineSearchResults: OfflineSearchSlot = ({ query, kinds, onRetry, retrying }) => (
  <Suspense fallback={<NeedsConnection what="This search" onRetry={onRetry} retrying={retrying} />}>
    <OfflineResults query={query} kinds={kinds} onRetry={onRetry} retrying={retrying} />
  </Suspense>
);
