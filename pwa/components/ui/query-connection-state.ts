import { NetworkError } from '#pwa/lib/api-client';
import { useOnlineStatus } from '#pwa/lib/use-online-status';

/**
 * What a screen (or a section) should show for one query, as far as the connection goes:
 * - 'loading': no answer yet and no failure (a skeleton);
 * - 'ok': an answer to show, nothing to say about it (online, or the last check failed on the server's side);
 * - 'offline-cached': an answer saved earlier, shown while offline or after a check that never got
 *   an answer: show it with its age (`SavedAge`);
 * - 'offline-empty': nothing saved, and no answer can be had now: `NeedsConnection` with a retry;
 * - 'error': nothing saved and the server answered with a failure: the screen's own error text (docs/product.md#messages-and-errors).
 * A query that has data and an error is never 'error': what was seen stays on screen.
 */
export type ConnectionState = 'loading' | 'ok' | 'offline-cached' | 'offline-empty' | 'error';

/** The part of a TanStack Query result this needs (works for useQuery and useInfiniteQuery). */
export interface QueryConnectionInput {
  data: unknown;
  error: unknown;
}

/**
 * True when a request never got an answer (`NetworkError` from apiFetch), also when a feature's
 * fetcher wrapped it in its own error text (docs/product.md) ('Failed to search', 'Failed to fetch hearts') as `cause`.
 */
export function isNetworkError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current instanceof NetworkError) return true;
    current = current.cause;
  }
  return false;
}

/** The connection state of `query` when the browser says it is `online` (or not). */
export function connectionState(query: QueryConnectionInput, online: boolean): ConnectionState {
  const networkFailed = isNetworkError(query.error);
  if (query.data !== undefined) return !online || networkFailed ? 'offline-cached' : 'ok';
  if (query.error === null || query.error === undefined) return 'loading';
  return networkFailed || !online ? 'offline-empty' : 'error';
}

/** `connectionState` of a query, following the browser's online/offline events. */
export function useQueryConnectionState(query: QueryConnectionInput): ConnectionState {
  return connectionState(query, useOnlineStatus());
}
