import type { Query, QueryClient } from '@tanstack/react-query';
import { persistQueryClient, persistQueryClientSave, type PersistedClient, type Persister } from '@tanstack/query-persist-client-core';
import { ApiError } from '#pwa/lib/api-client';
import { QUERY_CACHE_MAX_AGE } from '#pwa/lib/query-client';
import { onSaveSoon } from './delivered';
import { applyRecordedDeliveries, dropUnappliedDeliveries, takeApplied } from './delivery-record';
import { appDb, type AppDatabase } from './device-db';
import { SAVED_CACHE_FLAG } from './query-cache-flag';

const KEY = 'react-query';
/** How long after `saveSoon` changes skip the throttle: long enough for the answer and its refetch to land. */
const URGENT_MS = 1000;

/** A week-old visit must still show offline; two weeks is the longest we keep what was seen. */
export const PERSIST_MAX_AGE = QUERY_CACHE_MAX_AGE;

/**
 * Keeps the TanStack Query cache in IndexedDB (Dexie's `queryCache` table), written at once after a
 * quiet spell, then at most once per `throttleMs`, always the latest state, so reading on a train shows what was
 * seen before. IndexedDB, not localStorage: no 5 MB cap and no blocking the main thread.
 */
export function createDexiePersister(db: AppDatabase = appDb, throttleMs = 250): Persister {
  let pending: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastWrite = -Infinity;
  // Changes until then are written at once: a delivered write's answer is on its way (saveSoon).
  let urgentUntil = -Infinity;
  onSaveSoon(() => {
    urgentUntil = Date.now() + URGENT_MS;
    if (timer) {
      clearTimeout(timer);
      timer = setTimeout(() => void flush(), 0);
    }
  });
  const flush = async () => {
    timer = null;
    lastWrite = Date.now();
    const client = pending;
    pending = null;
    if (!client) return;
    const delivered = takeApplied();
    await db
      .transaction('rw', db.queryCache, db.meta, async () => {
        await db.queryCache.put({ key: KEY, value: client });
        await dropUnappliedDeliveries(delivered.ids, db);
      })
      .then(() => setSavedFlag(true), delivered.putBack);
  };
  if (typeof window !== 'undefined') {
    // The app may be closed right after a change: write what is waiting when the page goes away.
    window.addEventListener('pagehide', () => void flush());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') void flush();
    });
  }
  return {
    // The first change after a quiet spell is written at once (a delivered write's answer must be
    // saved before a reload or a closed app can lose it); changes that follow within `throttleMs`
    // make one more write, with the latest state.
    persistClient: (client) => {
      pending = client;
      const now = Date.now();
      timer ??= setTimeout(() => void flush(), now < urgentUntil ? 0 : Math.max(0, lastWrite + throttleMs - now));
    },
    restoreClient: async () => (await db.queryCache.get(KEY))?.value as PersistedClient | undefined,
    removeClient: async () => {
      pending = null;
      setSavedFlag(false);
      await db.queryCache.delete(KEY);
    },
  };
}

/**
 * Restores the saved cache into `queryClient` and keeps saving it. Resolves when the restore is
 * done (or has failed: a broken saved cache is dropped, never a reason not to start).
 * `buster` ties the saved cache to a build: new code never reads old shapes.
 */
export function persistQueries(
  queryClient: QueryClient,
  buster: string,
  persister: Persister = createDexiePersister(),
  { saveAtOnce = false }: { saveAtOnce?: boolean } = {},
): { restored: Promise<void>; stop: () => void } {
  const dehydrateOptions = {
    // Every answer that was shown, including one whose later refetch failed (offline, after a
    // write elsewhere invalidated it): what was seen must survive a reload until a refetch succeeds.
    shouldDehydrateQuery: (query: Query) => query.state.data !== undefined,
  };
  const saving = keepingLastAnswers(persister);
  const [stop, restored] = persistQueryClient({ queryClient, persister: saving, maxAge: PERSIST_MAX_AGE, buster, dehydrateOptions });
  const done = restored.catch(() => undefined);
  // Started after the page's answers arrived (a first visit): they changed nothing since the
  // subscription began, so they are written now rather than at the next change.
  if (saveAtOnce) void done.then(() => persistQueryClientSave({ queryClient, persister: saving, buster, dehydrateOptions })).catch(() => undefined);
  return { restored: done, stop };
}

export interface PersistStart {
  /** A saved cache is there to restore (hasSavedQueryCache). */
  restoring: boolean;
  /** The reader signed in on this device: whose recorded deliveries go into the restored cache. */
  userId: number | undefined;
}

/** What query-cache.ts's persistQueryCache starts, once this chunk has loaded (see there). */
export function startPersisting(queryClient: QueryClient, buster: string, { restoring, userId }: PersistStart): { restored: Promise<void>; stop: () => void } {
  const persisted = persistQueries(queryClient, buster, undefined, { saveAtOnce: !restoring });
  if (!restoring) return persisted;
  return { restored: persisted.restored.then(() => applyRecordedDeliveries(queryClient, userId)).catch(() => undefined), stop: persisted.stop };
}

/** The server says it is gone (a post taken back to draft or deleted): not a failure to ride out offline. */
const isGone = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 410);

/**
 * Saves a query whose last refetch failed as its last good answer: its data with the time it was
 * fetched (so it still says how old it is), without the error, and still marked invalidated when
 * it was, so the next visit with a connection fetches it again. One the server answered as gone
 * (404, 410: a post back to draft, or deleted) is not saved at all: offline, it must not come back.
 */
export function keepingLastAnswers(persister: Persister): Persister {
  return {
    ...persister,
    persistClient: (client) =>
      persister.persistClient({
        ...client,
        clientState: {
          ...client.clientState,
          queries: client.clientState.queries.filter((query) => !(query.state.status === 'error' && isGone(query.state.error))).map((query) =>
            query.state.status === 'error'
              ? { ...query, state: { ...query.state, status: 'success', fetchStatus: 'idle', error: null, errorUpdatedAt: 0, fetchFailureCount: 0, fetchFailureReason: null } }
              : query,
          ),
        },
      }),
  };
}

/** Marks (in localStorage) whether a saved cache is there to restore: hasSavedQueryCache reads it at start. */
function setSavedFlag(saved: boolean): void {
  try {
    if (saved) localStorage.setItem(SAVED_CACHE_FLAG, '1');
    else localStorage.removeItem(SAVED_CACHE_FLAG);
  } catch {
    // storage blocked: the next start simply waits for the restore
  }
}
