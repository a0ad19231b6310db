import { CheckCircle2, Circle } from 'lucide-react';
import type { ContentType } from '#contract';
import { SyncMark } from '#pwa/components/ui/sync-mark';
import { useToast } from '#pwa/components/ui/toast';
import { recheckingRestored } from '#pwa/lib/query-client';
import { useUser } from '#pwa/lib/session';
import { queuedWrites, useOutboxActions, useOutboxSubject, useOutboxWrite } from '#pwa/offline';
import { useProgressCheck } from '../api/progress';
import { progressSubject, setProgressWrite } from '../api/writes';

export interface CompleteButtonProps {
  contentType: ContentType;
  contentId: number;
  /** The item's title, which the sync centre names a queued change by. */
  title?: string | undefined;
  /** Told after the user changes the mark (e.g. to forget where they stopped in an item now complete). */
  onCompletedChange?: (completed: boolean) => void;
}

/**
 * Mark complete / Completed. Shows the server's answer overlaid with the user's queued change (the
 * last queued entry wins), so a change made offline shows at once, marked as waiting to sync.
 */
export function CompleteButton({ contentType, contentId, title, onCompletedChange }: CompleteButtonProps) {
  const { user } = useUser();
  const userId = user?.id ?? null;
  const { toast } = useToast();
  const write = useOutboxWrite();
  const { retry, discard } = useOutboxActions();
  const check = useProgressCheck(userId, contentType, contentId);
  const entries = useOutboxSubject(progressSubject(contentType, contentId));

  const last = entries && queuedWrites(setProgressWrite, entries).at(-1);
  const completed = last ? last.vars.completed : (check.data?.completed ?? false);
  // Until the queued writes are read, the server's answer alone may be the wrong way round.
  // Nor is a saved answer from an earlier visit while it is being checked again.
  const loading = userId !== null && (entries === undefined || (!last && (check.isPending || recheckingRestored(check))));

  const onClick = async () => {
    if (!user) {
      toast({ title: 'Sign in required', description: 'Please sign in to track progress.', variant: 'destructive' });
      return;
    }
    const next = !completed;
    await write(setProgressWrite, user.id, { contentType, contentId, completed: next, ...(title === undefined ? {} : { title }) });
    toast({ title: next ? 'Marked as complete!' : 'Unmarked' });
    onCompletedChange?.(next);
  };

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        className={`btn btn-sm ${completed ? 'btn-success' : 'btn-outline'}`}
        aria-pressed={user ? completed : undefined}
        aria-busy={loading || undefined}
        disabled={loading}
        onClick={() => void onClick()}
      >
        {completed ? <CheckCircle2 aria-hidden="true" className="size-4" /> : <Circle aria-hidden="true" className="size-4" />}
        {completed ? 'Completed' : 'Mark Complete'}
      </button>
      {last ? (
        <SyncMark
          status={last.status}
          message={last.lastError}
          {...(last.status === 'failed' ? { onRetry: () => void retry(last.id), onDiscard: () => void discard(last.id) } : {})}
        />
      ) : null}
    </span>
  );
}
