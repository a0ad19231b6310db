import { useState } from 'react';
import { Download } from 'lucide-react';
import { LoadError } from '#pwa/components/ui/load-error';
import { NeedsConnection } from '#pwa/components/ui/offline';
import { useQueryConnectionState } from '#pwa/components/ui/query-connection-state';
import { useToast } from '#pwa/components/ui/toast';
import { formatDateTime, formatNumber } from '#pwa/lib/format';
import { useOnlineStatus } from '#pwa/lib/use-online-status';
import { downloadSubscribersCsv, useSubscribers } from '../api/get-subscribers';

/** The desk's Subscribers: how many, who (newest first), and "Export CSV" for a spreadsheet. */
export function SubscribersSection({ userId }: { userId: number }) {
  const subscribers = useSubscribers(userId);
  const state = useQueryConnectionState(subscribers);
  const online = useOnlineStatus();
  const { toast } = useToast();
  const [exporting, setExporting] = useState(false);

  const onExport = async () => {
    setExporting(true);
    try {
      const url = URL.createObjectURL(await downloadSubscribersCsv());
      const link = document.createElement('a');
      link.href = url;
      link.download = 'subscribers.csv';
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      toast({ title: 'Failed to export subscribers', variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <section aria-labelledby="subscribers-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="subscribers-heading" className="font-display text-2xl font-bold">
          Subscribers
          {subscribers.data ? <span className="ml-2 text-base font-normal text-base-content/70">({formatNumber(subscribers.data.count)})</span> : null}
        </h2>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => void onExport()} disabled={exporting || !online || !subscribers.data?.count}>
          {exporting ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <Download aria-hidden="true" className="size-4" />}
          Export CSV
        </button>
      </div>
      {state === 'loading' ? (
        <div role="status" aria-label="Loading subscribers…" className="skeleton h-40 w-full" />
      ) : state === 'offline-empty' ? (
        <NeedsConnection what="The subscribers" onRetry={() => void subscribers.refetch()} retrying={subscribers.isFetching} />
      ) : subscribers.data === undefined ? (
        <LoadError message="Failed to fetch subscribers" onRetry={() => void subscribers.refetch()} retrying={subscribers.isFetching} />
      ) : subscribers.data.count === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 px-6 py-10 text-center text-base-content/80">No one has subscribed yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Subscribed</th>
              </tr>
            </thead>
            <tbody>
              {subscribers.data.subscribers.map((s) => (
                <tr key={s.email}>
                  <td className="break-all">{s.email}</td>
                  <td className="whitespace-nowrap">{formatDateTime(s.subscribedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
