import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes, type HydrationState, type RouteObject } from 'react-router-dom';
import { nextTask } from '../lib/next-task';
import { retryableImport } from '../lib/retryable-import';
import { AppLayout } from './layout/app-layout';
import { PageFallback } from './layout/page-fallback';
import { RouteError } from './layout/route-error';
import { prefetchHome, prefetchPost, prefetchVideo, type Prefetch } from './route-prefetch';

/**
 * Every route of docs/product.md#screens-and-routes. Each page is its own chunk: `lazy` imports a module in ./routes that
 * exports `Component` (and, when a page needs one, `loader`/`ErrorBoundary`, see React Router's
 * lazy routes). `HydrateFallback` shows while a page's code loads on the first visit, inside the
 * layout, so the header and footer never wait for it. A page's code that failed to load is asked for
 * again when its load is called again (see retryableImport; a server-rendered page does so once online).
 */
const page = (path: string | undefined, load: () => Promise<Partial<RouteObject>>): RouteObject => {
  const lazy = retryableImport(load) as RouteObject['lazy'];
  return path === undefined ? { index: true, lazy, HydrateFallback: PageFallback } : { path, lazy, HydrateFallback: PageFallback };
};

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppLayout,
    ErrorBoundary: RouteError,
    children: [
      {
        // Errors in a page render inside the layout, so the header still works.
        ErrorBoundary: RouteError,
        children: [
          page(undefined, () => import('./routes/home')),
          page('videos', () => import('./routes/videos')),
          page('watch/:id', () => import('./routes/watch')),
          page('blog', () => import('./routes/blog')),
          page('blog/:id', () => import('./routes/blog-post')),
          // The editor's desk: its sections are sub-routes (features/blog-admin/components/desk.tsx).
          page('blog-admin/*', () => import('./routes/blog-admin')),
          page('search', () => import('./routes/search')),
          page('live-qa', () => import('./routes/live-qa')),
          page('bookmarks', () => import('./routes/bookmarks')),
          page('profile', () => import('./routes/profile')),
          // The sync centre (docs/product.md#sync-centre) for changes made offline.
          page('sync', () => import('./routes/sync')),
          page('notes', () => import('./routes/notes')),
          // Saved for offline (docs/product.md#saved-for-offline): what this device keeps, signed in or not.
          page('saved', () => import('./routes/saved')),
          // What other apps share with the installed app (the manifest's share_target).
          page('share', () => import('./routes/share')),
          // A forgotten password (docs/product.md#the-readers-account): asking for a link, and where it leads.
          page('reset-password', () => import('./routes/reset-password')),
          page('*', () => import('./routes/not-found')),
        ],
      },
    ],
  },
];

/** The pages whose data can start downloading with their code (see route-prefetch.ts). */
const PREFETCH: Record<string, Prefetch> = { '': prefetchHome, 'watch/:id': prefetchVideo, 'blog/:id': prefetchPost };

/**
 * `routes` with loaders that start each page's queries as soon as it is navigated to.
 * `shouldPrefetch` is asked each time: while a saved cache is being restored, the page's own
 * queries wait for it instead (offline they must find what was saved, not fail first).
 */
export function routesWithPrefetch(queryClient: QueryClient, shouldPrefetch: () => boolean): RouteObject[] {
  const withLoaders = (route: RouteObject): RouteObject => {
    const prefetch = PREFETCH[route.index ? '' : (route.path ?? '-')];
    if (!prefetch) return route.children ? ({ ...route, children: route.children.map(withLoaders) } as RouteObject) : route;
    return {
      ...route,
      loader: (args) => {
        if (shouldPrefetch()) prefetch(queryClient, args).catch(() => undefined);
        return null;
      },
    } as RouteObject;
  };
  return routes.map(withLoaders);
}

export function createAppRouter(queryClient: QueryClient, shouldPrefetch: () => boolean) {
  return createBrowserRouter(routesWithPrefetch(queryClient, shouldPrefetch));
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * The router for a page the server rendered (entry-server.tsx): the matched pages' code is loaded
 * first, so the first render is the server's markup and not `HydrateFallback`, and `hydrationData`
 * (the server's loader answers) keeps the loaders from running again at start.
 */
export async function createHydratingRouter(queryClient: QueryClient, shouldPrefetch: () => boolean, hydrationData: HydrationState): Promise<AppRouter> {
  const appRoutes = routesWithPrefetch(queryClient, shouldPrefetch);
  const lazyMatches = (matchRoutes(appRoutes, window.location) ?? []).filter((m) => typeof m.route.lazy === 'function');
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      // The module's exports become the route's, as React Router's own lazy loading does.
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  // The router is made in a task after the one that evaluated the pages' modules (on a post, the
  // two together were a 19 ms task in a desktop trace, 75 ms with the mobile preset's 4× CPU).
  await nextTask();
  return createBrowserRouter(appRoutes, { hydrationData });
}
