import { useEffect, useState } from 'react';
import { AlertTriangle, CheckCircle2, Clock, CloudOff, HardDrive, RefreshCw, Trash2 } from 'lucide-react';
import { formatAge } from '#pwa/lib/format';
import { useNow } from '#pwa/lib/use-now';
import { useOnlineStatus } from '#pwa/lib/use-online-status';
import { useUser } from '#pwa/lib/session';
import { deliverNow, describeWrite, formatBytes, getStorageInfo, outbox, requestPersistentStorage, type StorageInfo, useOutboxActions, useWritesReady } from '#pwa/offline';
import { useSyncState } from '../use-sync-state';

/**
 * Everything about this device's copy: connection, changes waiting to be sent, changes the
 * server refused (with its message, Retry and Discard), the last successful sync, a Sync now
 * button, and how much storage the app uses.
 */
export function SyncCentre() {
  const { user } = useUser();
  const online = useOnlineStatus();
  const { pending, failed, lastSyncAt } = useSyncState();
  const { retry, discard } = useOutboxActions();
  // The words of each entry come from its kind's definition, loaded on first need.
  const ready = useWritesReady();
  const describe = (entry: Parameters<typeof describeWrite>[0]) => (ready ? describeWrite(entry) : { label: 'Loading…', failureMessage: '', keptText: undefined });
  const [syncing, setSyncing] = useState(false);
  const [storage, setStorage] = useState<StorageInfo | null>(null);
  // The ages on this page (the last sync, "Queued 3 minutes ago") move on while it is open.
  useNow(15_000);

  useEffect(() => {
    void getStorageInfo().then(setStorage);
  }, [pending.length, failed.length]);

  const syncNow = async () => {
    if (!user) return;
    setSyncing(true);
    try {
      await outbox.resetBackoff();
      await deliverNow(user.id);
    } finally {
      setSyncing(false);
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <section aria-labelledby="sync-changes" className="card border border-base-300 bg-base-100">
        <div className="card-body gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="sync-changes" className="card-title">
              Your changes
            </h2>
            <button type="button" className="btn btn-primary btn-sm" onClick={() => void syncNow()} disabled={!user || syncing || pending.length === 0}>
              <RefreshCw aria-hidden="true" className={`size-4 ${syncing ? 'animate-spin' : ''}`} /> Sync now
            </button>
          </div>
          <p className="flex items-center gap-2" role="status">
            {online ? <CheckCircle2 aria-hidden="true" className="size-5 text-success" /> : <CloudOff aria-hidden="true" className="size-5 text-warning" />}
            {online ? 'Online.' : 'Offline. Changes are kept on this device and sent when the connection returns.'}
          </p>
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-base-content/70">Waiting to sync</dt>
              <dd className="text-2xl font-semibold" data-testid="pending-count">
                {pending.length}
              </dd>
            </div>
            <div>
              <dt className="text-base-content/70">Not synced</dt>
              <dd className="text-2xl font-semibold">{failed.length}</dd>
            </div>
            <div>
              <dt className="text-base-content/70">Last successful sync</dt>
              <dd className="font-medium">{lastSyncAt ? formatAge(lastSyncAt) : 'Not yet'}</dd>
            </div>
          </dl>

          {pending.length ? (
            <ul className="divide-y divide-base-300 rounded-box border border-base-300" aria-label="Waiting to sync">
              {pending.map((entry) => (
                <li key={entry.id} className="flex items-start gap-3 p-3 text-sm">
                  <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-info" />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{describe(entry).label}</p>
                    <p className="text-base-content/70">
                      Queued {formatAge(entry.createdAt)}
                      {entry.attempts ? ` · ${entry.attempts} ${entry.attempts === 1 ? 'attempt' : 'attempts'}` : ''}
                      {entry.lastError ? ` · ${entry.lastError}` : ''}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          ) : null}

          {failed.length ? (
            <div>
              <h3 className="mb-2 font-semibold">Not synced</h3>
              <ul className="divide-y divide-base-300 rounded-box border border-error/40" aria-label="Not synced">
                {failed.map((entry) => {
                  // Its words come from its kind's definition, computed now from what it stores.
                  const { label, failureMessage, keptText } = describe(entry);
                  return (
                    <li key={entry.id} className="flex flex-wrap items-start gap-3 p-3 text-sm">
                      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-error" />
                      <div className="min-w-0 flex-1">
                        <p className="font-medium">{label}</p>
                        <p className="text-error">{entry.lastError ?? failureMessage}</p>
                        {keptText ? (
                          <blockquote className="mt-1 border-l-2 border-base-300 pl-2 whitespace-pre-wrap text-base-content/80 select-all">{keptText}</blockquote>
                        ) : null}
                      </div>
                      <div className="flex gap-2">
                        <button type="button" className="btn btn-outline btn-xs" onClick={() => void retry(entry.id)}>
                          <RefreshCw aria-hidden="true" className="size-3" /> Retry
                        </button>
                        <button type="button" className="btn btn-ghost btn-xs" onClick={() => void discard(entry.id)}>
                          <Trash2 aria-hidden="true" className="size-3" /> Discard
                        </button>
                      </div>
                    </li>
                  );
                })}
              </ul>
            </div>
          ) : null}
          {pending.length === 0 && failed.length === 0 ? <p className="text-base-content/70">Everything is synced.</p> : null}
        </div>
      </section>

      <section aria-labelledby="sync-storage" className="card border border-base-300 bg-base-100">
        <div className="card-body gap-3">
          <h2 id="sync-storage" className="card-title">
            <HardDrive aria-hidden="true" className="size-5" /> On this device
          </h2>
          <p className="text-sm text-base-content/80">Pages you have opened, your notes and your queued changes are kept here so the app works without a connection.</p>
          <p className="text-sm">
            Storage used:{' '}
            <strong>{storage?.usedBytes != null ? formatBytes(storage.usedBytes) : 'unknown'}</strong>
            {storage?.quotaBytes ? ` of ${formatBytes(storage.quotaBytes)} available` : ''}
          </p>
          <p className="text-sm">{storage?.persisted ? 'Kept even when the device runs low on space.' : 'The browser may clear it when the device runs low on space.'}</p>
          {storage && !storage.persisted ? (
            <button
              type="button"
              className="btn btn-outline btn-sm self-start"
              onClick={() => void requestPersistentStorage().then(() => getStorageInfo().then(setStorage))}
            >
              Keep my data on this device
            </button>
          ) : null}
        </div>
      </section>
    </div>
  );
}
