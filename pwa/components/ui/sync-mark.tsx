import { AlertCircle, Clock } from 'lucide-react';

/**
 * Marks something the user changed that the server does not have yet: a clock while the write
 * waits in the outbox (offline, or on its way), a warning with the server's words when it refused it.
 */
export function SyncMark({ status, message, className = '' }: { status: 'pending' | 'failed'; message?: string | undefined; className?: string }) {
  if (status === 'pending') {
    return (
      <span className={`inline-flex items-center text-base-content/70 ${className}`} title="Waiting to sync">
        <Clock aria-hidden="true" className="size-4" />
        <span className="sr-only">Waiting to sync</span>
      </span>
    );
  }
  return (
    <span className={`inline-flex items-center gap-1 text-sm text-error ${className}`}>
      <AlertCircle aria-hidden="true" className="size-4 shrink-0" />
      <span>Not saved{message ? `: ${message}` : ''}</span>
    </span>
  );
}
