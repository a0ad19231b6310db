import type { ReactNode } from 'react';
import { CloudOff, RefreshCw, WifiOff } from 'lucide-react';
import { formatAge } from '#pwa/lib/format';
import { useNow } from '#pwa/lib/use-now';
import { useQueryConnectionState, type QueryConnectionInput } from './query-connection-state';

export const NEEDS_CONNECTION_PAGE = "You're offline. This page needs a connection the first time you open it.";
export const needsConnectionText = (what: string) => `You're offline. ${what} needs a connection.`;

export interface NeedsConnectionProps {
  /** Fetches again (the query's `refetch`). */
  onRetry: () => void;
  /**
   * For a section of a page ("Today's devotional", "This search"): a smaller block saying
   * "You're offline. {what} needs a connection." Without it, the whole page's message.
   */
  what?: string;
  /** A retry is under way: the button waits. */
  retrying?: boolean;
  className?: string;
}

/**
 * For a screen or a section whose data was never fetched on this device and cannot be fetched
 * now: says so plainly, with a Retry button, instead of a spinner forever or a raw error. It
 * also comes back by itself: queries are fetched again when the connection returns.
 */
export function NeedsConnection({ onRetry, what, retrying = false, className = '' }: NeedsConnectionProps) {
  const section = what !== undefined;
  return (
    <div
      data-testid="needs-connection"
      className={`flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 bg-base-200 text-center ${section ? 'px-4 py-6' : 'mx-auto max-w-md px-6 py-12'} ${className}`}
    >
      <WifiOff aria-hidden="true" className={section ? 'size-6 text-base-content/60' : 'size-10 text-base-content/60'} />
      <p role="status" className={section ? 'max-w-md' : 'text-lg'}>
        {section ? needsConnectionText(what) : NEEDS_CONNECTION_PAGE}
      </p>
      <button type="button" className={`btn btn-outline ${section ? 'btn-sm' : ''}`} onClick={onRetry} disabled={retrying}>
        {retrying ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <RefreshCw aria-hidden="true" className="size-4" />}
        Retry
      </button>
    </div>
  );
}

/** "saved just now" under a minute, else "saved 3 days ago". */
export function savedAgeText(updatedAt: number, now: number = Date.now()): string {
  return now - updatedAt < 60_000 ? 'saved just now' : `saved ${formatAge(updatedAt)}`;
}

/** The line shown above data saved on this device while offline: "Offline · saved 3 days ago". */
export function SavedAge({ updatedAt, className = '' }: { updatedAt: number; className?: string }) {
  const now = useNow(60_000);
  return (
    <p role="status" data-testid="saved-age" className={`inline-flex items-center gap-1.5 text-sm text-base-content/70 ${className}`}>
      <CloudOff aria-hidden="true" className="size-4 shrink-0" />
      <span>Offline · {savedAgeText(updatedAt, now)}</span>
    </p>
  );
}

/**
 * `SavedAge` for a query, shown only when it matters: the query shows saved data while the
 * browser is offline or its last check got no answer. Nothing online with fresh data.
 */
export function OfflineDataNote({ query, className }: { query: QueryConnectionInput & { dataUpdatedAt: number }; className?: string }) {
  const state = useQueryConnectionState(query);
  if (state !== 'offline-cached') return null;
  return <SavedAge updatedAt={query.dataUpdatedAt} className={className} />;
}

/** A note beside an action that needs the network, while offline: "You're offline. Connect to ask a question." */
export function OfflineNote({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <p role="status" className={`flex items-center gap-1.5 text-sm text-base-content/75 ${className}`}>
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
