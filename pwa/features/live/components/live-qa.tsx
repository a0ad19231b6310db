import { Suspense, useState } from 'react';
import { CalendarClock, Eye, RadioTower } from 'lucide-react';
import type { LiveStream } from '#contract/live';
import { NeedsConnection, OfflineDataNote } from '#pwa/components/ui/offline';
import { useQueryConnectionState } from '#pwa/components/ui/query-connection-state';
import { formatDateTime, formatNumber } from '#pwa/lib/format';
import { useFormatting } from '#pwa/lib/use-hydrated';
import { useLiveEvents } from '../api/use-live-events';
import { useCurrentStream, useUpcomingStreams } from '../api/live-streams';
import { AskQuestionForm } from './ask-question-form';
import { LIVE_PLAYER_BOX } from './live-player-box';
import { QuestionList } from './question-list';
import { LoadError } from '#pwa/components/ui/load-error';
import { CARD_GRID } from '#pwa/components/content';
import { lazyExport } from '#pwa/lib/lazy-part';

// The video's code comes only when a stream with a video is live: a reader's first load of
// /live-qa goes without it (docs/decisions/005-what-loads-first.md). Its box shows meanwhile.
const LivePlayer = lazyExport(() => import('./live-player'), 'LivePlayer');

/**
 * The Live Q&A screen below its heading: the live stream (or the empty state), then upcoming
 * sessions. It follows the desk without a reload (docs/product.md#live-qa): a stream going live
 * shows here at once, and one that ends leaves, saying so.
 */
export function LiveQa() {
  const current = useCurrentStream();
  // docs/product.md#states-and-transitions: shown as live only when isLive is true.
  const live = current.data?.isLive ? current.data : null;
  // One connection: the live stream's events, or with nothing live the site-wide ones.
  const liveViewers = useLiveEvents(current.data === undefined ? undefined : (live?.id ?? null));
  // The last stream seen live here: when it is no longer, the empty state says it has ended.
  const [seenLive, setSeenLive] = useState<LiveStream | null>(null);
  if (live && live.id !== seenLive?.id) setSeenLive(live);
  return (
    <div className="flex flex-col gap-12">
      <OfflineDataNote query={current} className="-mb-8" />
      <CurrentStream current={current} viewers={liveViewers} ended={live ? null : seenLive} />
      <UpcomingSessions />
    </div>
  );
}

function CurrentStream({ current, viewers, ended }: { current: ReturnType<typeof useCurrentStream>; viewers: number | null; ended: LiveStream | null }) {
  const state = useQueryConnectionState(current);
  // A saved copy stays shown when the check with the server fails (offline).
  if (state === 'loading') {
    return (
      <div role="status" aria-label="Loading the live stream…" className="flex flex-col gap-4 rounded-box border border-base-300 p-6">
        <div className="skeleton h-6 w-20" />
        <div className="skeleton h-8 w-2/3" />
        <div className="skeleton h-4 w-full" />
      </div>
    );
  }
  if (state === 'offline-empty') return <NeedsConnection what="The live stream" onRetry={() => void current.refetch()} retrying={current.isFetching} />;
  if (current.data === undefined) {
    return <LoadError message="Failed to load the live stream." onRetry={() => void current.refetch()} retrying={current.isFetching} />;
  }
  const stream = current.data;
  if (!stream?.isLive) {
    return (
      <section aria-labelledby="no-live" className="flex flex-col items-center gap-3 rounded-box border border-base-300 bg-base-200 px-6 py-12 text-center">
        <RadioTower aria-hidden="true" className="size-10 text-base-content/60" />
        <h2 id="no-live" className="text-xl font-semibold">
          No Live Stream Currently
        </h2>
        {/* Announced: the reader may be watching, or typing a question, when it ends. */}
        <p role="status" className={ended ? 'max-w-md font-medium' : 'sr-only'}>
          {ended ? `"${ended.title}" has ended. Thank you for watching.` : ''}
        </p>
        <p className="max-w-md text-base-content/80">Check the upcoming sessions below and come back when we are live.</p>
      </section>
    );
  }
  return <LiveStreamPanel stream={stream} liveViewers={viewers} />;
}

function LiveStreamPanel({ stream, liveViewers }: { stream: LiveStream; liveViewers: number | null }) {
  const how = useFormatting();
  // New questions, marks and the viewer count arrive as they happen (Server-Sent Events, LiveQa).
  const viewerCount = liveViewers ?? stream.viewerCount;
  return (
    <section aria-labelledby="live-title" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-6 p-5 sm:p-8">
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <span className="badge badge-error gap-1.5 font-bold tracking-wide text-error-content">
              <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-current" />
              LIVE
            </span>
            <span className="flex items-center gap-1 text-sm text-base-content/80">
              <Eye aria-hidden="true" className="size-4" />
              {formatNumber(viewerCount, how)} {viewerCount === 1 ? 'viewer' : 'viewers'}
            </span>
          </div>
          <h2 id="live-title" className="font-display text-2xl font-bold sm:text-3xl">
            {stream.title}
          </h2>
          {stream.description ? <p className="max-w-3xl text-base-content/80">{stream.description}</p> : null}
        </div>
        {/* The video above the form: on a wide screen the questions stay in view beside both. */}
        <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div className="flex flex-col gap-8">
            {stream.youtubeId ? (
              <Suspense fallback={<div className={LIVE_PLAYER_BOX} />}>
                <LivePlayer key={stream.youtubeId} youtubeId={stream.youtubeId} title={stream.title} />
              </Suspense>
            ) : null}
            <AskQuestionForm streamId={stream.id} />
          </div>
          <QuestionList streamId={stream.id} />
        </div>
      </div>
    </section>
  );
}

function UpcomingSessions() {
  const upcoming = useUpcomingStreams();
  const state = useQueryConnectionState(upcoming);
  return (
    <section aria-labelledby="upcoming-heading" className="flex flex-col gap-4">
      <h2 id="upcoming-heading" className="text-2xl font-semibold">
        Upcoming Sessions
      </h2>
      {state === 'loading' ? (
        <div role="status" aria-label="Loading upcoming sessions…" className={CARD_GRID}>
          {[0, 1, 2].map((i) => (
            <div key={i} className="skeleton h-40 w-full" />
          ))}
        </div>
      ) : state === 'offline-empty' ? (
        <NeedsConnection what="The schedule" onRetry={() => void upcoming.refetch()} retrying={upcoming.isFetching} />
      ) : upcoming.data === undefined ? (
        <p role="alert" className="text-error">
          Failed to load upcoming sessions.
        </p>
      ) : upcoming.data.length === 0 ? (
        <p className="text-base-content/80">No upcoming sessions are scheduled yet.</p>
      ) : (
        <ul className={CARD_GRID}>
          {upcoming.data.map((session) => (
            <li key={session.id} className="card border border-base-300 bg-base-100 shadow-sm">
              <div className="card-body gap-3 p-5">
                {session.scheduledFor ? (
                  <p className="flex items-center gap-2 text-sm font-medium text-primary">
                    <CalendarClock aria-hidden="true" className="size-4" />
                    <time dateTime={session.scheduledFor}>
                      <ScheduledFor iso={session.scheduledFor} />
                    </time>
                  </p>
                ) : null}
                <h3 className="card-title text-lg leading-snug">{session.title}</h3>
                {session.description ? <p className="text-sm text-base-content/80">{session.description}</p> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A session's date and time: the site's while the server's markup is hydrated, then the reader's. */
function ScheduledFor({ iso }: { iso: string }) {
  const how = useFormatting();
  return <>{formatDateTime(iso, how)}</>;
}
