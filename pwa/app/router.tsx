import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AppLayout } from './layout/app-layout';
import { PageFallback } from './layout/page-fallback';
import { RouteError } from './layout/route-error';

/**
 * Every route of SPEC §2. Each page is its own chunk: `lazy` imports a module in ./routes that
 * exports `Component` (and, when a page needs one, `loader`/`ErrorBoundary`, see React Router's
 * lazy routes). `HydrateFallback` shows while a page's code loads on the first visit, inside the
 * layout, so the header and footer never wait for it.
 */
const page = (path: string | undefined, load: RouteObject['lazy']): RouteObject =>
  path === undefined ? { index: true, lazy: load, HydrateFallback: PageFallback } : { path, lazy: load, HydrateFallback: PageFallback };

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
          page('blog-admin', () => import('./routes/blog-admin')),
          page('search', () => import('./routes/search')),
          page('live-qa', () => import('./routes/live-qa')),
          page('bookmarks', () => import('./routes/bookmarks')),
          page('profile', () => import('./routes/profile')),
          // Not in SPEC §2: the sync centre for changes made offline (issue 4).
          page('sync', () => import('./routes/sync')),
          page('*', () => import('./routes/not-found')),
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
