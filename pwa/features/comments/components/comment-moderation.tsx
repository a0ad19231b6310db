import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { EyeOff, Flag, Trash2 } from 'lucide-react';
import { REPORT_REASON_MAX, type Comment } from '#contract';
import { ConfirmDialog } from '#pwa/components/ui/confirm-dialog';
import { Dialog } from '#pwa/components/ui/dialog';
import { useToast } from '#pwa/components/ui/toast';
import { ApiError, serverMessageOf } from '#pwa/lib/api-client';
import { formatNumber } from '#pwa/lib/format';
import { useUser } from '#pwa/lib/session';
import { useOnlineStatus } from '#pwa/lib/use-online-status';
import { useRemoveComment, useReportComment } from '../api/moderation';

export const REPORTED_TEXT = 'Thanks, an editor will look at it';

/**
 * What a signed-in reader may do to a comment: "Report" someone else's (with an optional reason),
 * "Delete" their own (after a confirmation), and, for an editor, "Hide" any of them for everyone.
 * Online calls: the buttons are disabled offline. `actions(comment)` gives a comment's buttons
 * (nothing when signed out); `dialogs` is rendered once beside the list.
 */
export function useCommentModeration(): { actions: (comment: Comment) => ReactNode; dialogs: ReactNode } {
  const { user } = useUser();
  const online = useOnlineStatus();
  const { toast } = useToast();
  const report = useReportComment();
  const remove = useRemoveComment();
  const [reporting, setReporting] = useState<Comment | null>(null);
  const [deleting, setDeleting] = useState<Comment | null>(null);

  const failed = (title: string, error: unknown) => {
    const message = serverMessageOf(error);
    toast({ title, ...(message ? { description: message } : {}), variant: 'destructive' });
  };

  const onReport = (comment: Comment, reason: string) =>
    report.mutate(
      { comment, reason },
      {
        onSuccess: () => {
          setReporting(null);
          toast({ title: REPORTED_TEXT });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            setReporting(null);
            toast({ title: 'Already reported', description: error.serverMessage ?? 'You have already reported this comment.' });
            return;
          }
          // Gone (deleted or hidden meanwhile): nothing left to report; the list refreshes.
          if (error instanceof ApiError && error.status === 404) setReporting(null);
          failed('Failed to report comment', error);
        },
      },
    );

  const onRemove = (comment: Comment, how: 'delete' | 'hide') =>
    remove.mutate(
      { comment, how },
      {
        onSuccess: () => toast({ title: how === 'delete' ? 'Comment deleted' : 'Comment hidden' }),
        onError: (error) => failed(how === 'delete' ? 'Failed to delete comment' : 'Failed to hide comment', error),
      },
    );

  const actions = (comment: Comment): ReactNode => {
    if (!user) return null;
    const own = comment.userId === user.id;
    const busy = remove.isPending && remove.variables.comment.id === comment.id;
    const by = `comment by ${comment.user.name}`;
    return (
      <div className="mt-1 flex flex-wrap gap-1">
        {own ? (
          <button type="button" className="btn btn-ghost btn-xs" aria-label="Delete your comment" disabled={!online || busy} onClick={() => setDeleting(comment)}>
            <Trash2 aria-hidden="true" className="size-3.5" /> Delete
          </button>
        ) : (
          <button type="button" className="btn btn-ghost btn-xs" aria-label={`Report ${by}`} disabled={!online} onClick={() => setReporting(comment)}>
            <Flag aria-hidden="true" className="size-3.5" /> Report
          </button>
        )}
        {user.isEditor ? (
          <button type="button" className="btn btn-ghost btn-xs text-error" aria-label={`Hide ${by}`} disabled={!online || busy} onClick={() => onRemove(comment, 'hide')}>
            {busy && remove.variables.how === 'hide' ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <EyeOff aria-hidden="true" className="size-3.5" />}
            Hide
          </button>
        ) : null}
      </div>
    );
  };

  const dialogs = (
    <>
      <ReportDialog comment={reporting} sending={report.isPending} online={online} onCancel={() => setReporting(null)} onReport={onReport} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete your comment?"
        message="It is removed for everyone, and cannot be brought back."
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) onRemove(deleting, 'delete');
          setDeleting(null);
        }}
      />
    </>
  );

  return { actions, dialogs };
}

function ReportDialog({
  comment,
  sending,
  online,
  onCancel,
  onReport,
}: {
  comment: Comment | null;
  sending: boolean;
  online: boolean;
  onCancel: () => void;
  onReport: (comment: Comment, reason: string) => void;
}) {
  const id = useId();
  const titleId = `${id}-title`;
  const fieldId = `${id}-reason`;
  const [reason, setReason] = useState('');
  // A fresh box for each comment reported.
  const [shownFor, setShownFor] = useState<number | null>(null);
  if ((comment?.id ?? null) !== shownFor) {
    setShownFor(comment?.id ?? null);
    setReason('');
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (comment && !sending) onReport(comment, reason);
  };

  return (
    <Dialog open={comment !== null} onClose={onCancel} labelledBy={titleId} boxClassName="max-w-md">
      <h2 id={titleId} className="pr-8 text-lg font-bold">
        Report this comment
      </h2>
      {comment ? (
        <blockquote className="mt-3 line-clamp-3 border-l-4 border-base-300 pl-3 text-sm break-words whitespace-pre-wrap text-base-content/80">
          <span className="font-semibold">{comment.user.name}:</span> {comment.comment}
        </blockquote>
      ) : null}
      <form onSubmit={onSubmit} className="mt-4 flex flex-col gap-2" noValidate>
        <label htmlFor={fieldId} className="text-sm font-medium">
          Reason (optional)
        </label>
        <textarea
          id={fieldId}
          className="textarea min-h-20 w-full text-base"
          value={reason}
          maxLength={REPORT_REASON_MAX}
          onChange={(event) => setReason(event.target.value)}
          placeholder="What is wrong with it?"
        />
        <span className="text-sm text-base-content/75">
          {formatNumber(reason.length)}/{formatNumber(REPORT_REASON_MAX)} characters
        </span>
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={sending || !online}>
            {sending ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <Flag aria-hidden="true" className="size-4" />}
            Report
          </button>
        </div>
      </form>
    </Dialog>
  );
}
