import { useOnlineStatus } from '#pwa/lib/use-online-status';
import { useSyncState } from '../use-sync-state';
import { SyncBadge } from './sync-badge';

/** The header's connection mark with the outbox's counts (see SyncBadge). */
export function SyncIndicator() {
  const online = useOnlineStatus();
  const { pending, failed } = useSyncState();
  return <SyncBadge online={online} pending={pending.length} failed={failed.length} />;
}
