import { CloudOff, RefreshCw } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { useSyncState } from '../use-sync-state';

/**
 * The header's connection mark: "Offline" while the browser has no network, and the number of
 * changes waiting to be sent (or refused by the server). Opens the sync centre.
 */
export function SyncIndicator() {
  const online = useOnlineStatus();
  const { pending, failed } = useSyncState();
  if (online && pending.length === 0 && failed.length === 0) return null;
  const waiting = pending.length + failed.length;
  const label = [
    online ? null : 'Offline',
    pending.length ? `${pending.length} ${pending.length === 1 ? 'change' : 'changes'} waiting to sync` : null,
    failed.length ? `${failed.length} not synced` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Link
      to="/sync"
      aria-label={`${label}. Open the sync centre`}
      title={label}
      className={`badge gap-1 whitespace-nowrap ${failed.length ? 'badge-error' : online ? 'badge-info' : 'badge-warning'}`}
    >
      {online ? <RefreshCw aria-hidden="true" className="size-3" /> : <CloudOff aria-hidden="true" className="size-3" />}
      <span>{online ? null : 'Offline'}</span>
      {waiting ? <span className="font-mono">{waiting}</span> : null}
    </Link>
  );
}
