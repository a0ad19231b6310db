import { Link } from 'react-router-dom';
import { Check, EyeOff, Flag } from 'lucide-react';
import { REPORTED_COMMENTS_LIMIT_DEFAULT, type ReportedComment } from '#contract/comment-moderation';
import { Avatar } from '#pwa/components/ui/avatar';
import { LoadError } from '#pwa/components/ui/load-error';
import { NeedsConnection, OfflineDataNote } from '#pwa/components/ui/offline';
import { useQueryConnectionState } from '#pwa/components/ui/query-connection-state';
import { useToast } from '#pwa/components/ui/toast';
import { serverMessageOf } from '#pwa/lib/api-client';
import { formatDateTime, formatNumber } from '#pwa/lib/format';
import { useOnlineStatus } from '#pwa/lib/use-online-status';
import { useModerateReported, useReportedComments } from '../api/comments-desk';

const ACTION_WORDS = {
  hide: { done: 'Comment hidden', failed: 'Failed to hide comment' },
  dismiss: { done: 'Reports dismissed', failed: 'Failed to dismiss reports' },
} as const;

/** Where a comment is: its article or video, linked while it still exists. */
function Where({ comment }: { comment: ReportedComment }) {
  const kind = comment.contentType === 'blog' ? 'article' : 'video';
  if (comment.contentTitle === null) return <span className="italic">a deleted {kind}</span>;
  const to = comment.contentType === 'blog' ? `/blog/${comment.contentId}` : `/watch/${comment.contentId}`;
  return (
    <Link to={to} className="link link-hover font-medium break-words">
      {comment.contentTitle}
    </Link>
  );
}

/**
 * The desk's Comments: the comments readers reported (not hidden), most reported first, each with
 * who wrote it, where, and the reports' reasons. "Hide" removes it for everyone; "Dismiss" keeps
 * it up and clears its reports. Either way it leaves this list.
 */
export function CommentsSection({ userId }: { userId: number }) {
  const reported = useReportedComments(userId);
  const state = useQueryConnectionState(reported);
  const online = useOnlineStatus();
  const moderate = useModerateReported(userId);
  const { toast } = useToast();

  const onAction = (comment: ReportedComment, action: 'hide' | 'dismiss') =>
    moderate.mutate(
      { comment, action },
      {
        onSuccess: () => toast({ title: ACTION_WORDS[action].done }),
        onError: (error) => {
          const message = serverMessageOf(error);
          toast({ title: ACTION_WORDS[action].failed, ...(message ? { description: message } : {}), variant: 'destructive' });
        },
      },
    );

  const list = reported.data;
  const more = list !== undefined && list.length >= REPORTED_COMMENTS_LIMIT_DEFAULT;

  return (
    <section aria-labelledby="reported-comments-heading" className="flex flex-col gap-4">
      <h2 id="reported-comments-heading" className="font-display text-2xl font-bold">
        Reported comments
        {list ? <span className="ml-2 text-base font-normal text-base-content/70">({more ? `${formatNumber(list.length)}+` : formatNumber(list.length)})</span> : null}
      </h2>
      <OfflineDataNote query={reported} className="-mt-2" />
      {state === 'loading' ? (
        <div role="status" aria-label="Loading reported comments…" className="flex flex-col gap-3">
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} className="skeleton h-28 w-full" />
          ))}
        </div>
      ) : state === 'offline-empty' ? (
        <NeedsConnection what="The reported comments" onRetry={() => void reported.refetch()} retrying={reported.isFetching} />
      ) : list === undefined ? (
        <LoadError message="Failed to fetch reported comments" onRetry={() => void reported.refetch()} retrying={reported.isFetching} />
      ) : list.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 px-6 py-10 text-center text-base-content/80">No reported comments.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
          {list.map((comment) => {
            const busy = moderate.isPending && moderate.variables.comment.id === comment.id;
            const by = `comment by ${comment.user.name}`;
            return (
              <li key={comment.id} aria-label={`Reported ${by}`} className="flex flex-col gap-3 p-4">
                <div className="flex gap-3">
                  <Avatar name={comment.user.name} src={comment.user.avatarUrl} className="size-9 text-sm" />
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                      <span className="font-semibold">{comment.user.name}</span>
                      <time dateTime={comment.createdAt} className="text-base-content/70">
                        {formatDateTime(comment.createdAt)}
                      </time>
                    </p>
                    <p className="text-sm text-base-content/80">
                      On <Where comment={comment} />
                    </p>
                    {/* Plain text: a comment is never rendered as HTML or Markdown. */}
                    <p className="mt-2 break-words whitespace-pre-wrap">{comment.comment}</p>
                  </div>
                </div>
                <div className="rounded-box bg-base-200 p-3 text-sm">
                  <p className="flex items-center gap-2 font-semibold">
                    <Flag aria-hidden="true" className="size-4 text-error" />
                    {comment.reportCount === 1 ? '1 report' : `${formatNumber(comment.reportCount)} reports`}
                  </p>
                  <ul className="mt-2 flex flex-col gap-1" aria-label="Reasons">
                    {comment.reports.map((report, i) => (
                      <li key={i} className="flex flex-wrap justify-between gap-x-3">
                        {report.reason ? <span className="break-words">“{report.reason}”</span> : <span className="italic text-base-content/70">No reason given</span>}
                        <time dateTime={report.reportedAt} className="text-base-content/70">
                          {formatDateTime(report.reportedAt)}
                        </time>
                      </li>
                    ))}
                  </ul>
                </div>
                <div className="flex flex-wrap justify-end gap-2">
                  <button type="button" className="btn btn-outline btn-sm" aria-label={`Dismiss reports of ${by}`} disabled={busy || !online} onClick={() => onAction(comment, 'dismiss')}>
                    {busy && moderate.variables.action === 'dismiss' ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <Check aria-hidden="true" className="size-4" />}
                    Dismiss
                  </button>
                  <button type="button" className="btn btn-outline btn-error btn-sm" aria-label={`Hide ${by}`} disabled={busy || !online} onClick={() => onAction(comment, 'hide')}>
                    {busy && moderate.variables.action === 'hide' ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : <EyeOff aria-hidden="true" className="size-4" />}
                    Hide
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
