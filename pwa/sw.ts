/// <reference lib="webworker" />
// The service worker: precaches the app shell so every route opens offline, caches public
// API answers and thumbnails at run time, and delivers the outbox on Background Sync.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import type { WorkboxPlugin } from 'workbox-core';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { LIVE_EVENTS_PATH_PATTERN } from '#contract/live-events';
import { NAVIGATION_DENYLIST } from './navigation-denylist';
import { deliverOnBackgroundSync } from './offline/worker';
import { registerAppWrites } from './app/write-definitions';
import { SAVED_PICTURES_CACHE } from './features/saved/api/saved-pictures';
import { RETRY_PARAM } from './lib/retryable-import';
import { forgetPage, isSavedPagePath, keepPage, pageOfApiPath, savedPage, SAVED_PAGES_CACHE } from './saved-pages';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// Workbox's own ignored parameters, and the one a page adds when it asks again for code whose first
// fetch failed (pwa/lib/retryable-import.ts): the precached file answers it.
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/^utm_/, /^fbclid$/, new RegExp(`^${RETRY_PARAM}$`)] });
cleanupOutdatedCaches();
clientsClaim();

// Every client route (even one never visited) gets the precached shell; /api, uploaded objects
// and the server's documents (feeds, sitemap, robots.txt) never do: see navigation-denylist.ts.
// Nothing else matches those documents here, and none is precached: they always come from the network.
// A post opened online gets the shell at once as well, and its rendered page is fetched
// beside it and kept (pwa/saved-pages.ts). Opened again while the browser says it is offline, it
// gets that page: its text is in the HTML and paints before any code runs, where the shell waited
// for the app's code and the saved query cache (docs/decisions/005-what-loads-first.md).
const shell = createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute(
    async (options) => {
      const { pathname } = options.url;
      if (isSavedPagePath(pathname) && options.url.search === '') {
        if (self.navigator.onLine) options.event.waitUntil(keepPage(pathname));
        else {
          const page = await savedPage(pathname).catch(() => undefined);
          if (page) return page;
        }
      }
      return shell(options);
    },
    { denylist: NAVIGATION_DENYLIST },
  ),
);

const DAY = 24 * 60 * 60;
const API_CONTENT_CACHE = 'api-content';

/** The desk's answers (drafts, scheduled posts, their versions): what workers before `noStore` kept. */
const DESK_ANSWER = /[?&]status=|\/versions(\/|\?|$)/;

// The kept pages name the files of the build they were rendered by, which a new worker's precache
// no longer has: they go with the old worker. So do the desk's answers an older worker kept (see
// `noStore`). Its activation waits for both.
self.addEventListener('activate', (event) => event.waitUntil(Promise.all([caches.delete(SAVED_PAGES_CACHE), forgetDeskAnswers()])));

async function forgetDeskAnswers(): Promise<void> {
  const cache = await caches.open(API_CONTENT_CACHE);
  for (const request of await cache.keys()) if (DESK_ANSWER.test(request.url)) await cache.delete(request);
}

// An answer the server marks no-store is never kept on the device: the desk reads drafts and
// scheduled posts, whole and with their versions, from the same paths as readers' posts, and a
// copy here would outlive the editor's sign-out for anyone using the browser after them.
const noStore: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (/\bno-store\b/i.test(response.headers.get('Cache-Control') ?? '') ? null : response),
};

// An answer the server now says is gone (404, 410: a post taken back to draft, or deleted) takes
// its cached copy with it, so offline the app does not show it again (the persisted query cache
// drops it too: offline/query-persister.ts).
const forgetWhatIsGone: WorkboxPlugin = {
  fetchDidSucceed: async ({ request, response }) => {
    if (response.status === 404 || response.status === 410) {
      await (await caches.open(API_CONTENT_CACHE)).delete(request.url);
      // A post's kept page goes with it (pwa/saved-pages.ts).
      const page = pageOfApiPath(new URL(request.url).pathname);
      if (page) await forgetPage(page);
    }
    return response;
  },
};

// Public reads: the network first (fresh when online), the last answer when offline or when the
// network takes too long (a train's signal). Private answers (bookmarks, progress, profiles,
// hearts) are never put in this shared cache; the persisted query cache keeps them per user.
// A live stream's event stream (Server-Sent Events) matches no route: it never ends, so it goes
// to the network untouched, never through a strategy that would wait for its end or store it.
registerRoute(
  ({ url, request, sameOrigin }) =>
    sameOrigin &&
    request.method === 'GET' &&
    !LIVE_EVENTS_PATH_PATTERN.test(url.pathname) &&
    /^\/api\/(videos|blog|search|live-streams)(\/|$)|^\/api\/devotional\/today$/.test(url.pathname),
  new NetworkFirst({
    cacheName: API_CONTENT_CACHE,
    networkTimeoutSeconds: 6,
    plugins: [
      forgetWhatIsGone,
      noStore,
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }),
    ],
  }),
);

// Pictures of the items saved for offline (docs/product.md#saved-for-offline) are in their own cache, which the page fills
// when the reader saves and empties when they remove: no expiration or quota purge here touches
// it. When a thumbnail or an uploaded picture cannot come from the network (or its runtime cache),
// it comes from there. (Other hosts' pictures are not saved: the CSP's connect-src lets the page
// download only these.)
const savedPictureFallback: WorkboxPlugin = {
  handlerDidError: async ({ request }) => (await caches.open(SAVED_PICTURES_CACHE).then((cache) => cache.match(request.url))) ?? undefined,
};

const isVideoPlatformImage = (url: URL) => url.hostname === 'i.ytimg.com' || url.hostname === 'img.youtube.com';

// Thumbnails from the video platform's image host are cross-origin and opaque: each costs
// padded quota, so keep a bounded number and let the browser purge them under pressure.
registerRoute(
  ({ url }) => isVideoPlatformImage(url),
  new CacheFirst({
    cacheName: 'thumbnails',
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 150, maxAgeSeconds: 60 * DAY, purgeOnQuotaError: true }),
      savedPictureFallback,
    ],
  }),
);

// Uploads (avatars, posts' covers and pictures) never change: a new upload gets a new id. The
// cache keeps its first name, 'avatars', so visitors' copies stay valid across this change.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/objects/'),
  new CacheFirst({
    cacheName: 'avatars',
    // A post saved for offline has its cover and every /objects/ picture of its text in the saved
    // pictures' cache (features/saved/api/saved-items.ts): with no network, they come from there.
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 60, purgeOnQuotaError: true }), savedPictureFallback],
  }),
);

// What workbox-window's messageSkipWaiting() posts when the reader takes the update
// (pwa/lib/service-worker.ts).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The worker delivers every kind of write the pages queue: it needs their definitions too.
registerAppWrites();
deliverOnBackgroundSync(self);
