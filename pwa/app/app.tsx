import { useEffect, useState } from 'react';
import { hydrate, IsRestoringProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import type { HydrationState } from 'react-router-dom';
import { RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../lib/query-client';
import { watchPageSettled, watchReaderMovingOn } from '../lib/page-settled';
import { setHydratingServerMarkup } from '../lib/use-hydrated';
import { readStoredUser } from '../lib/session';
import { hasSavedQueryCache, persistQueryCache, reactToDeliveries, setWritesLoader } from '#pwa/offline';
import { SAVED_PAGE_META } from '../server-state';
import { AppProvider } from './provider';
import { provideSavedCopies } from './saved-copies';
import { createAppRouter, createHydratingRouter, type AppRouter } from './router';

/** Longest wait for the saved cache before queries go to the network anyway (a slow or broken IndexedDB). */
const RESTORE_TIMEOUT_MS = 1500;

/** What the server renderer hands the page it rendered (entry-server.tsx), in a JSON script. */
export interface ServerRenderedState {
  /** The public answers the page was rendered from. */
  queries: DehydratedState;
  /** The router's state when it rendered (its loaders' answers). */
  router: HydrationState;
}

/** The app's query client and router, made before the first render. */
export interface AppBoot {
  queryClient: QueryClient;
  router: AppRouter;
  /** Whether the saved cache is still being restored: until it is, loaders leave queries to wait for it. */
  restoring: { current: boolean };
}

function newClient(): { queryClient: QueryClient; restoring: { current: boolean } } {
  const queryClient = createQueryClient();
  // The cache reacts to deliveries from before anything renders. The kinds of write load when first
  // needed (the outbox waits for them before it delivers): ~4 kB gz less in every route's first load.
  setWritesLoader(() => import('./write-definitions').then((m) => m.appWrites));
  reactToDeliveries(queryClient);
  // A post or video saved for offline opens from its saved copy with no network.
  provideSavedCopies();
  // Before the first render: the layout's deferred parts wait for it (pwa/app/layout/deferred.tsx).
  void watchPageSettled(queryClient);
  // A first visit has nothing saved: its queries start at once instead of waiting for IndexedDB.
  return { queryClient, restoring: { current: hasSavedQueryCache() } };
}

/** A page rendered in the browser (the service worker's shell, or no server rendering). */
export function bootInBrowser(): AppBoot {
  const { queryClient, restoring } = newClient();
  return { queryClient, restoring, router: createAppRouter(queryClient, () => !restoring.current) };
}

/**
 * A page the server rendered: its answers go into the cache as fetched now (they are seconds old,
 * and `freshOncePerVisit` would otherwise fetch them all again at once), or as fetched when the
 * service worker kept the page for offline, and the router starts
 * where the server's stopped, so hydration finds the same markup. When the route's code does not
 * load, it is asked for once more after `beforeRetry`; a second failure rejects.
 */
export async function bootFromServer(state: ServerRenderedState, beforeRetry: () => Promise<void>): Promise<AppBoot> {
  const { queryClient, restoring } = newClient();
  const fetchedAt = savedPageFetchedAt() ?? Date.now();
  hydrate(queryClient, {
    ...state.queries,
    queries: state.queries.queries.map((q) => ({ ...q, state: { ...q.state, data: fromJson(q.state.data), dataUpdatedAt: fetchedAt } })),
  });
  const start = () => createHydratingRouter(queryClient, () => !restoring.current, state.router);
  const router = await start().catch(() => beforeRetry().then(start));
  return { queryClient, restoring, router };
}

/**
 * When the service worker fetched this page, if it is a copy it kept for offline (pwa/saved-pages.ts):
 * its answers are that old, so the saved query cache may hold newer ones, and online they are
 * fetched again once (`freshOncePerVisit`).
 */
function savedPageFetchedAt(): number | null {
  const at = Number(document.querySelector(`meta[name="${SAVED_PAGE_META}"]`)?.getAttribute('content'));
  return Number.isFinite(at) && at > 0 ? at : null;
}

/**
 * An answer as it was before JSON: a list's first page is asked for with `undefined` as its page
 * parameter, which JSON turns into null (and '?before=null' is a bad request).
 */
function fromJson(data: unknown): unknown {
  if (data && typeof data === 'object' && 'pageParams' in data && Array.isArray(data.pageParams)) {
    return { ...data, pageParams: data.pageParams.map((p: unknown) => (p === null ? undefined : p)) };
  }
  return data;
}

export function App({ boot }: { boot: AppBoot }) {
  const { queryClient, router } = boot;
  const [restoring, setRestoring] = useState(boot.restoring.current);

  // The page renders at once. With a saved cache, its queries wait (IsRestoringProvider) until what
  // was seen before is back from IndexedDB, so offline they find it instead of failing. A first
  // visit has nothing to restore: the persister (and Dexie, its own chunk) loads once the page has
  // its code and data, then saves what was fetched. Then the cache is saved as it changes.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    const finish = () => {
      boot.restoring.current = false;
      if (!cancelled) setRestoring(false);
    };
    const timer = setTimeout(finish, RESTORE_TIMEOUT_MS);
    const startWhen = restoring ? Promise.resolve() : watchPageSettled(queryClient);
    void startWhen
      // With a saved cache, the writes the service worker delivered since it was written go into it
      // before any screen reads it: the signed-in reader's (pwa/offline/query-cache.ts).
      .then(() => persistQueryCache(queryClient, __BUILD_ID__, { restoring, userId: readStoredUser()?.user.id }))
      .then(async (persisted) => {
        stop = persisted.stop;
        if (cancelled) return stop();
        await persisted.restored;
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

  // The page is the app's now (rendered, or the server's markup hydrated): its buttons and links
  // answer. Tests wait for this rather than for markup the server may have sent before.
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
    // Hydrated: what mounts from now on renders for the reader at once.
    setHydratingServerMarkup(false);
  }, []);

  // Once the reader goes to another page, what waited for the landing page's quiet moment (a
  // watch page's player opened from home) waits no longer.
  useEffect(() => watchReaderMovingOn(router), [router]);

  return (
    <IsRestoringProvider value={restoring}>
      <AppProvider queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>
    </IsRestoringProvider>
  );
}
