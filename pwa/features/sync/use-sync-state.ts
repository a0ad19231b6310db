import { useLastSyncAt, useOutboxEntries } from '#pwa/offline';

/** What the sync centre and the header show: queued and refused writes, and the last delivery. */
export function useSyncState() {
  const entries = useOutboxEntries() ?? [];
  const pending = entries.filter((e) => e.status === 'pending');
  const failed = entries.filter((e) => e.status === 'failed');
  return { pending, failed, lastSyncAt: useLastSyncAt() };
}
