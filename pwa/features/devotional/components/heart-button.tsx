import { Heart } from 'lucide-react';
import { SyncMark } from '#pwa/components/ui/sync-mark';
import { recheckingRestored } from '#pwa/lib/query-client';
import { useUser } from '#pwa/lib/session';
import { useHearts } from '../api/get-hearts';
import { heartView, useHeartDevotional } from '../api/set-heart';
import { formatNumber } from '#pwa/lib/format';
import { useFormatting } from '#pwa/lib/use-hydrated';

/**
 * The devotional's heart: a toggle button (aria-pressed) with the count beside the icon, shown
 * only above 0. A queued choice shows at once with the pending mark; one the server refused
 * shows its message (the count is the server's again) with Try again and Dismiss.
 */
export function HeartButton({ devotionalId, devotionalTitle }: { devotionalId: number; devotionalTitle: string }) {
  const { user, isLoading } = useUser();
  // Until the saved user is read we do not know whose hearts to ask for.
  const hearts = useHearts(devotionalId, user?.id ?? null, !isLoading);
  const { entries, setHearted, retry, dismiss } = useHeartDevotional(devotionalId, devotionalTitle);
  const view = heartView(hearts.data, entries ?? []);
  const how = useFormatting();
  // Signed in, the reader's queued choice decides what shows: until it is read, no press.
  const waiting = user !== null && (entries === undefined || (!view.pending && recheckingRestored(hearts)));
  const count = view.count ?? 0;
  const failed = view.failed;

  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        aria-pressed={view.isHearted}
        data-pending={view.pending || undefined}
        aria-busy={waiting || undefined}
        disabled={waiting}
        onClick={() => void setHearted(!view.isHearted)}
        className={`btn gap-2 rounded-full ${view.isHearted ? 'btn-error btn-soft' : 'btn-ghost border-base-300'}`}
      >
        <Heart aria-hidden="true" className={`size-5 ${view.isHearted ? 'fill-current' : ''}`} />
        <span className="sr-only">Heart this devotional</span>
        {count > 0 ? (
          <span data-testid="heart-count" className="font-semibold tabular-nums">
            {formatNumber(count, how)}
            <span className="sr-only">{count === 1 ? ' heart' : ' hearts'}</span>
          </span>
        ) : null}
      </button>
      {view.pending ? (
        <span data-testid="heart-pending">
          <SyncMark status="pending" />
        </span>
      ) : null}
      {failed ? (
        <span data-testid="heart-failed" className="flex flex-wrap items-center gap-2">
          <SyncMark status="failed" message={failed.lastError} />
          <button type="button" className="btn btn-link btn-sm px-0" onClick={() => void retry(failed)}>
            Try again
          </button>
          <button type="button" className="btn btn-link btn-sm px-0" onClick={() => void dismiss(failed)}>
            Dismiss
          </button>
        </span>
      ) : null}
    </div>
  );
}
