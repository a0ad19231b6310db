import type { ActivityEntry } from '#contract/desk';
import { LoadError } from '#pwa/components/ui/load-error';
import { NeedsConnection } from '#pwa/components/ui/offline';
import { useQueryConnectionState } from '#pwa/components/ui/query-connection-state';
import { formatDateTime } from '#pwa/lib/format';
import { useActivity } from '../api/get-activity';

/** What a call did, in the desk's words (the route as the API declares it); anything else as sent. */
const ACTIONS: Record<string, string> = {
  'POST /api/blog/create': 'Wrote a post',
  'POST /api/blog/import-substack': 'Imported a post',
  'PUT /api/blog/:id': 'Edited a post',
  'PUT /api/blog/:id/featured': 'Featured a post',
  'DELETE /api/blog/:id': 'Deleted a post',
  'POST /api/videos': 'Added a video',
  'PUT /api/videos/:id': 'Edited a video',
  'PUT /api/videos/:id/featured': 'Featured a video',
  'DELETE /api/videos/:id': 'Deleted a video',
  'PUT /api/devotionals/:date': "Wrote a day's devotional",
  'DELETE /api/devotionals/:date': "Deleted a day's devotional",
  'PATCH /api/questions/:id': 'Marked a live question',
  'DELETE /api/questions/:id': 'Hid a live question',
  'POST /api/live-streams': 'Scheduled a live stream',
  'PUT /api/live-streams/:id': 'Changed a live stream',
  'PUT /api/comments/:id/hidden': 'Hid or showed a comment',
  'DELETE /api/comments/:id/reports': "Dismissed a comment's reports",
  'DELETE /api/comments/:id': 'Deleted a comment',
};

export const describeActivity = (entry: Pick<ActivityEntry, 'method' | 'route'>) => ACTIONS[`${entry.method} ${entry.route}`] ?? `${entry.method} ${entry.route}`;

/** The desk's Activity: every editor write, newest first (who, what, which item, when). */
export function ActivitySection({ userId }: { userId: number }) {
  const activity = useActivity(userId);
  const state = useQueryConnectionState(activity);
  const entries = activity.data?.pages.flat();

  return (
    <section aria-labelledby="activity-heading" className="flex flex-col gap-4">
      <h2 id="activity-heading" className="font-display text-2xl font-bold">
        Activity
      </h2>
      {state === 'loading' ? (
        <div role="status" aria-label="Loading activity…" className="skeleton h-40 w-full" />
      ) : state === 'offline-empty' ? (
        <NeedsConnection what="The activity" onRetry={() => void activity.refetch()} retrying={activity.isFetching} />
      ) : entries === undefined ? (
        <LoadError message="Failed to fetch activity" onRetry={() => void activity.refetch()} retrying={activity.isFetching} />
      ) : entries.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 px-6 py-10 text-center text-base-content/80">No editor has changed anything yet.</p>
      ) : (
        <>
          <ol className="flex flex-col divide-y divide-base-300 rounded-box border border-base-300 bg-base-100">
            {entries.map((entry) => (
              <li key={entry.id} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-baseline sm:justify-between">
                <p className="min-w-0 break-words">
                  <span className="font-semibold">{entry.actor ? `@${entry.actor.username}` : 'A former editor'}</span> {describeActivity(entry).toLowerCase()}
                  {entry.title ? <span className="text-base-content/80">: “{entry.title}”</span> : entry.item ? <span className="text-base-content/80"> ({entry.item})</span> : null}
                </p>
                <time dateTime={entry.at} className="shrink-0 text-sm text-base-content/70">
                  {formatDateTime(entry.at)}
                </time>
              </li>
            ))}
          </ol>
          {activity.hasNextPage ? (
            <button type="button" className="btn btn-outline self-center" onClick={() => void activity.fetchNextPage()} disabled={activity.isFetchingNextPage}>
              {activity.isFetchingNextPage ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
              Show older
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
