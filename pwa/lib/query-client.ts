import { onlineManager, QueryClient } from '@tanstack/react-query';

/** Two weeks: how long a fetched answer stays in memory and in the persisted cache. */
export const QUERY_CACHE_MAX_AGE = 14 * 24 * 60 * 60 * 1000;

/**
 * The app's QueryClient with the data rules of docs/product.md#limits: no automatic retry, no refetch on window
 * focus, no polling, data never goes stale during a visit (an answer restored from an earlier
 * visit's persisted cache shows at once and is fetched again once, and while the browser says it
 * is offline an answer already here is not asked for again: see `freshOncePerVisit`). Queries run
 * `offlineFirst`: a query with nothing saved is tried even when the browser says it is offline,
 * because the service worker may answer it from its cache. Mutations run `always` so a write
 * made offline fails at once with a NetworkError (user writes that must survive offline go
 * through the outbox in pwa/offline/, not through paused mutations). A factory, so each test
 * gets a client of its own.
 */

export function createQueryClient(): QueryClient {
  // TanStack Query assumes it starts online and then follows the 'online'/'offline' events: an app
  // opened offline would never see the connection "return", and `refetchOnReconnect` (which
  // fetches what a screen could not get offline) would not run. Start from what the browser says.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: (query) => freshOncePerVisit(query),
        // Kept as long as the persisted cache (pwa/offline/query-persister.ts): what was seen
        // a week ago must still be there to show offline. Below setTimeout's 24.8-day limit,
        // past which the garbage-collection timer would fire at once.
        gcTime: QUERY_CACHE_MAX_AGE,
        networkMode: 'offlineFirst',
      },
      mutations: {
        retry: false,
        networkMode: 'always',
      },
    },
  });
}

/**
 * Queries that hold one signed-in user's data start their key with `privateKey(userId)`,
 * e.g. `[...privateKey(user.id), 'bookmarks']`, so signing out drops them all at once
 * (`queryClient.removeQueries({ queryKey: PRIVATE_KEY_ROOT })`) and the next user never sees them.
 */
export const PRIVATE_KEY_ROOT = ['private'] as const;
export const privateKey = (userId: number) => [...PRIVATE_KEY_ROOT, userId] as const;

/**
 * The desk's post queries (features/blog-admin/api/keys.ts): drafts and scheduled posts, whole,
 * with their versions. They sit under the blog's root, so an editor's change refreshes readers'
 * lists and the desk's at once; like private queries, signing out drops them, so the persisted
 * cache never keeps an unpublished post for the browser's next user.
 */
export const DESK_POSTS_KEY_ROOT = ['blog', 'admin'] as const;

/** Every root of queries that only the signed-in user may see: dropped when they sign out or another signs in. */
export const SIGNED_IN_KEY_ROOTS = [PRIVATE_KEY_ROOT, DESK_POSTS_KEY_ROOT] as const;

/** When this page load began: answers older than this were restored from the persisted cache. */
const PAGE_LOADED_AT = Date.now();

/**
 * An answer restored from an earlier visit that is being fetched again right now: for that moment
 * it may be out of date (a change made on another device, or saved just before the app closed), so
 * a toggle that acts on it waits. Offline nothing is fetched, and the saved answer is the best known.
 */
export const recheckingRestored = (query: { dataUpdatedAt: number; isFetching: boolean }): boolean => query.isFetching && query.dataUpdatedAt < PAGE_LOADED_AT;

/** The browser says it has no network (reliable when false; see `useOnlineStatus`). */
const browserOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * A `staleTime` for answers other people change (heart counts, what is featured or popular): one
 * restored from an earlier visit's persisted cache shows at once and is fetched again once (and
 * still shows offline if that fails); one fetched during this visit never goes stale (docs/product.md#limits).
 * While the browser says it is offline nothing is stale: what is saved shows as it is, with its
 * real age ("Offline · saved 3 days ago"), instead of the service worker's cached copy of it
 * coming back stamped as new; `refetchOnReconnect` checks it when the signal returns. (A query
 * with nothing saved is still tried: TanStack Query fetches whenever there is no data.)
 */
export const freshOncePerVisit = (query: { state: { dataUpdatedAt: number } }): number =>
  browserOffline() ? Infinity : query.state.dataUpdatedAt < PAGE_LOADED_AT ? 0 : Infinity;

/**
 * A `refetchOnMount` for live data that is checked each time a screen opens ('always'), except
 * while the browser says it is offline and there is a saved answer to show as it is.
 */
export const alwaysUnlessOffline = (query: { state: { data: unknown } }): boolean | 'always' => (query.state.data !== undefined && browserOffline() ? false : 'always');
