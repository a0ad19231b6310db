import { useLiveQuery } from 'dexie-react-hooks';
import { appDb } from '#pwa/offline/db';
import { LAST_SYNC_KEY } from '#pwa/offline/outbox';
import { useOutboxEntries } from '#pwa/offline/use-outbox';

/** What the sync centre and the header show: queued and refused writes, and the last delivery. */
export function useSyncState() {
  const entries = useOutboxEntries() ?? [];
  const lastSync = useLiveQuery(() => appDb.meta.get(LAST_SYNC_KEY), []);
  const pending = entries.filter((e) => e.status === 'pending');
  const failed = entries.filter((e) => e.status === 'failed');
  return {
    pending,
    failed,
    lastSyncAt: typeof lastSync?.value === 'string' ? lastSync.value : null,
  };
}
