import { CloudOff, RefreshCw } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useOnlineStatus } from '#pwa/lib/use-online-status';

/**
 * The header's connection mark: "Offline" while the browser has no network, and the number of
 * changes waiting to be sent (or refused by the server). Opens the sync centre. Nothing when
 * online with nothing waiting.
 */
export function SyncBadge({ online, pending, failed }: { online: boolean; pending: number; failed: number }) {
  if (online && pending === 0 && failed === 0) return null;
  const waiting = pending + failed;
  const label = [
    online ? null : 'Offline',
    pending ? `${pending} ${pending === 1 ? 'change' : 'changes'} waiting to sync` : null,
    failed ? `${failed} not synced` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Link
      to="/sync"
      aria-label={`${label}. Open the sync centre`}
      title={label}
      className={`badge gap-1 whitespace-nowrap ${failed ? 'badge-error' : online ? 'badge-info' : 'badge-warning'}`}
    >
      {online ? <RefreshCw aria-hidden="true" className="size-3" /> : <CloudOff aria-hidden="true" className="size-3" />}
      <span>{online ? null : 'Offline'}</span>
      {waiting ? <span className="font-mono">{waiting}</span> : null}
    </Link>
  );
}

/** The mark before the outbox (IndexedDB) is read: "Offline" from the first paint, counts later. */
export function OfflineBadge() {
  return <SyncBadge online={useOnlineStatus()} pending={0} failed={0} />;
}
