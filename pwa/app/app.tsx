import { useEffect, useRef, useState } from 'react';
import { IsRestoringProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../lib/query-client';
import { watchPageSettled } from '../lib/page-settled';
import { hasSavedQueryCache } from '../offline/saved-cache-flag';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

/** Longest wait for the saved cache before queries go to the network anyway (a slow or broken IndexedDB). */
const RESTORE_TIMEOUT_MS = 1500;

export function App() {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    // Before the first render: the layout's deferred parts wait for it (pwa/app/layout/deferred.tsx).
    void watchPageSettled(client);
    return client;
  });
  // A first visit has nothing saved: its queries start at once instead of waiting for IndexedDB.
  const [restoring, setRestoring] = useState(hasSavedQueryCache);
  const restoringRef = useRef(restoring);
  // Loaders start a page's queries with its code, unless they must wait for the saved cache.
  const [router] = useState(() => createAppRouter(queryClient, () => !restoringRef.current));

  // The page renders at once. With a saved cache, its queries wait (IsRestoringProvider) until what
  // was seen before is back from IndexedDB, so offline they find it instead of failing. A first
  // visit has nothing to restore: the persister (and Dexie, its own chunk) loads once the page has
  // its code and data, then saves what was fetched. Then the cache is saved as it changes.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const finish = () => {
      restoringRef.current = false;
      if (!cancelled) setRestoring(false);
    };
    const timer = setTimeout(finish, RESTORE_TIMEOUT_MS);
    const startWhen = restoring ? Promise.resolve() : watchPageSettled(queryClient);
    void startWhen
      // With a saved cache, writes delivered since it was last written may wait to be put into it
      // (apply-delivered.ts): loaded beside the persister, applied before any screen reads the cache.
      .then(() => Promise.all([import('../offline/query-persister'), restoring ? import('./layout/apply-delivered') : null]))
      .then(async ([{ persistQueries }, deliveries]) => {
        if (cancelled) return;
        const persisted = persistQueries(queryClient, __BUILD_ID__, undefined, { saveAtOnce: !restoring });
        stop = persisted.stop;
        await persisted.restored;
        await deliveries?.applyUnappliedDeliveries(queryClient).catch(() => undefined);
      })
      .catch(() => undefined)
      .finally(finish);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stop?.();
    };
    // `restoring` is read once, at start: whether there was a saved cache to wait for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryClient]);

  return (
    <IsRestoringProvider value={restoring}>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </IsRestoringProvider>
  );
}
