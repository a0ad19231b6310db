import { useEffect, useState } from 'react';
import { IsRestoringProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../lib/query-client';
import { hasSavedQueryCache } from '../offline/saved-cache-flag';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

/** Longest wait for the saved cache before queries go to the network anyway (a slow or broken IndexedDB). */
const RESTORE_TIMEOUT_MS = 1500;

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  // A first visit has nothing saved: its queries start at once instead of waiting for IndexedDB.
  const [restoring, setRestoring] = useState(hasSavedQueryCache);

  // The page renders at once; its queries wait (IsRestoringProvider) until what was seen before is
  // back from IndexedDB, so offline they find it instead of failing. The persister (and Dexie)
  // load as their own chunk, out of the first download. Then the cache is saved as it changes.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const finish = () => {
      if (!cancelled) setRestoring(false);
    };
    const timer = setTimeout(finish, RESTORE_TIMEOUT_MS);
    void import('../offline/query-persister')
      .then(({ persistQueries }) => {
        if (cancelled) return;
        const persisted = persistQueries(queryClient, __BUILD_ID__);
        stop = persisted.stop;
        return persisted.restored;
      })
      .catch(() => undefined)
      .finally(finish);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stop?.();
    };
  }, [queryClient]);

  return (
    <IsRestoringProvider value={restoring}>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </IsRestoringProvider>
  );
}
