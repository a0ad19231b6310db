import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../lib/query-client';
import { persistQueries } from '../offline/query-persister';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

/** Longest wait for the saved cache before starting anyway (a slow or broken IndexedDB). */
const RESTORE_TIMEOUT_MS = 1500;

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  const [restoring, setRestoring] = useState(true);

  // Restore what was seen before rendering pages, so their queries find it (offline) instead of
  // starting requests that cannot succeed; then keep saving the cache as it changes.
  useEffect(() => {
    const { restored, stop } = persistQueries(queryClient, __BUILD_ID__);
    let done = false;
    const finish = () => {
      if (!done) setRestoring(false);
      done = true;
    };
    void restored.then(finish);
    const timer = setTimeout(finish, RESTORE_TIMEOUT_MS);
    return () => {
      clearTimeout(timer);
      stop();
    };
  }, [queryClient]);

  if (restoring) return null;
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
