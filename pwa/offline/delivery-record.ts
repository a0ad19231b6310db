import type { QueryClient } from '@tanstack/react-query';
import { applyDelivered, refreshTouched, saveSoon } from './delivered';
import { appDb, type AppDatabase } from './device-db';
import type { OutboxEntry } from './outbox-entry';
import { writesReady } from './write-registry';

/** A delivered write and the server's answer, kept until a page has put it into its query cache. */
export interface UnappliedDelivery {
  entry: OutboxEntry;
  response: unknown;
}
const UNAPPLIED_KEY = 'unappliedDeliveries';
/** The most unapplied deliveries kept (oldest dropped first); the queries they touched are refetched anyway. */
const UNAPPLIED_MAX = 200;

/**
 * Records writes delivered (in order) where there is no query cache to put its answer into: by the service
 * worker on Background Sync, perhaps with no tab open (an outbox with `recordDeliveries`). Called
 * in the IndexedDB transaction that removes the queued entries, so a write is always either still
 * queued (shown as the reader's intent) or recorded here (applied by the next page, see
 * delivered.ts), never neither.
 */
export async function recordDeliveries(db: AppDatabase, delivered: readonly UnappliedDelivery[]): Promise<void> {
  if (!delivered.length) return;
  const kept = await readUnappliedDeliveries(db);
  const added = delivered.map(({ entry, response }) => ({ entry, response }));
  await db.meta.put({ key: UNAPPLIED_KEY, value: [...kept, ...added].slice(-UNAPPLIED_MAX) });
}

/** The recorded deliveries no saved query cache holds yet, oldest first. */
export async function readUnappliedDeliveries(db: AppDatabase = appDb): Promise<UnappliedDelivery[]> {
  return ((await db.meta.get(UNAPPLIED_KEY))?.value as UnappliedDelivery[] | undefined) ?? [];
}

/**
 * Forgets the recorded deliveries whose entry ids are given. The persister calls it inside the
 * transaction that saves the query cache they were applied to (see delivered.ts, takeApplied), so
 * a delivery is forgotten only once a saved cache holds it.
 */
export async function dropUnappliedDeliveries(entryIds: ReadonlySet<string>, db: AppDatabase = appDb): Promise<void> {
  if (!entryIds.size) return;
  const kept = await readUnappliedDeliveries(db);
  const rest = kept.filter((d) => !entryIds.has(d.entry.id));
  if (rest.length === kept.length) return;
  if (rest.length) await db.meta.put({ key: UNAPPLIED_KEY, value: rest });
  else await db.meta.delete(UNAPPLIED_KEY);
}

/** Reads and forgets them all at once (sign-out, tests). */
export async function takeUnappliedDeliveries(db: AppDatabase = appDb): Promise<UnappliedDelivery[]> {
  return db.transaction('rw', db.meta, async () => {
    const kept = await readUnappliedDeliveries(db);
    if (kept.length) await db.meta.delete(UNAPPLIED_KEY);
    return kept;
  });
}

/**
 * The writes the service worker delivered go into this page's cache by their kinds' rule
 * (delivered.ts, applyDelivered): only `userId`'s (another user's are dropped: their cache left
 * with them), with the queries they touched refreshed when `refresh` (the page is running; at
 * start the restored cache is simply updated). Each is forgotten once the saved cache holds it.
 */
export async function applyRecordedDeliveries(queryClient: QueryClient, userId: number | undefined, { refresh = false } = {}): Promise<void> {
  await writesReady();
  const deliveries = await readUnappliedDeliveries();
  if (deliveries.length) saveSoon();
  for (const { entry, response } of deliveries) {
    if (entry.userId === userId) {
      applyDelivered(queryClient, entry, response);
      if (refresh) refreshTouched(queryClient, entry);
    }
    applied.add(entry.id);
  }
}

/**
 * Recorded deliveries this page has put into its query cache and the saved cache does not hold
 * yet. The persister forgets them (dropUnappliedDeliveries) in the same IndexedDB transaction that
 * saves the cache, so a page closed in between applies them again at next start, and none is ever
 * lost between "applied in memory" and "saved".
 */
const applied = new Set<string>();

/** The ids applied so far, cleared here; `putBack` them if saving failed. */
export function takeApplied(): { ids: ReadonlySet<string>; putBack: () => void } {
  const ids = new Set(applied);
  applied.clear();
  return { ids, putBack: () => ids.forEach((id) => applied.add(id)) };
}
