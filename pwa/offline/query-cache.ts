import type { QueryClient } from '@tanstack/react-query';
import type { PersistStart } from './query-persister';

// The call that loads the persister (query-persister.ts) and Dexie once a page has settled. In the
// app's first chunk, with query-cache-flag.ts.

/**
 * Restores the saved query cache into `queryClient` and keeps saving it (query-persister.ts). With
 * a saved cache (`restoring`), the writes the service worker delivered since it was saved go into
 * it too, `userId`'s (delivery-record.ts), before `restored` resolves: before any screen reads it.
 * Without one, what the page has fetched is saved at once. The persister and Dexie are their own
 * chunk, loaded by this call: a page calls it once it has settled.
 */
export async function persistQueryCache(queryClient: QueryClient, buster: string, start: PersistStart): Promise<{ restored: Promise<void>; stop: () => void }> {
  return (await import('./query-persister')).startPersisting(queryClient, buster, start);
}
