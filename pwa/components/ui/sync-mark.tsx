import { AlertCircle, Clock } from 'lucide-react';

export interface SyncMarkProps {
  status: 'pending' | 'failed';
  /** The server's words when it refused the write. */
  message?: string | undefined;
  /** With these, a refused write offers Retry and Discard next to its message. */
  onRetry?: () => void;
  onDiscard?: () => void;
  className?: string;
}

/**
 * Marks something the user changed that the server does not have yet: a clock while the write
 * waits in the outbox (offline, or on its way), the server's words when it refused it.
 */
export function SyncMark({ status, message, onRetry, onDiscard, className = '' }: SyncMarkProps) {
  if (status === 'pending') {
    return (
      <span className={`inline-flex items-center text-base-content/70 ${className}`} title="Waiting to sync">
        <Clock aria-hidden="true" className="size-4" />
        <span className="sr-only">Waiting to sync</span>
      </span>
    );
  }
  return (
    <span className={`inline-flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-error ${className}`}>
      <span className="inline-flex items-center gap-1">
        <AlertCircle aria-hidden="true" className="size-4 shrink-0" />
        <span>Not saved{message ? `: ${message}` : ''}</span>
      </span>
      {onRetry ? (
        <button type="button" className="btn btn-link btn-xs px-0" onClick={onRetry}>
          Retry
        </button>
      ) : null}
      {onDiscard ? (
        <button type="button" className="btn btn-link btn-xs px-0" onClick={onDiscard}>
          Discard
        </button>
      ) : null}
    </span>
  );
}
