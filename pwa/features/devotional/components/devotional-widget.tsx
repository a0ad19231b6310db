import { lazyExport } from '#pwa/lib/lazy-part';
import type { Devotional } from '#contract/content';
import { BookHeart } from 'lucide-react';
import { NeedsConnection, OfflineDataNote } from '#pwa/components/ui/offline';
import { useQueryConnectionState } from '#pwa/components/ui/query-connection-state';
import { formatLocalDay, todayIn } from '#pwa/lib/format';
import { useFormatting } from '#pwa/lib/use-hydrated';
import { AfterHydration } from '#pwa/components/ui/after-hydration';
import { useLastSavedDevotional, useTodayDevotional } from '../api/get-today-devotional';

// The heart writes through the outbox (IndexedDB): it loads just after the devotional's text.
const HeartButton = lazyExport(() => import('./heart-button'), 'HeartButton');

export const DEVOTIONAL_UNAVAILABLE = "Today's devotional is being prepared. Please check back later.";

/**
 * Today's devotional for the reader's local date (docs/product.md#daily-devotional): a placeholder while loading, the
 * "being prepared" text when there is none or the server fails, else the devotional with its
 * heart. Offline, a devotional saved on this device shows with its age; with today's not saved
 * (a new day), the last one read here shows, saying so; with none saved, the widget says it
 * needs a connection (not "being prepared": it may well be ready). The reflection is plain
 * text; blank lines separate its paragraphs.
 */
export function DevotionalWidget() {
  // The server renders UTC's day, and the browser hydrates that; then the reader's own day.
  const today = todayIn(useFormatting());
  const devotional = useTodayDevotional(today);
  const state = useQueryConnectionState(devotional);
  const lastSaved = useLastSavedDevotional(today, state === 'offline-empty');
  // What was seen before stays on screen when fetching it again fails (offline).
  const data = devotional.data;

  return (
    <section aria-labelledby="daily-devotional-heading" className="card mx-auto w-full max-w-4xl border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-6 sm:p-8">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <h2 id="daily-devotional-heading" className="flex items-center gap-2 text-sm font-semibold tracking-widest text-primary uppercase">
            <BookHeart aria-hidden="true" className="size-5" /> Daily Devotional
          </h2>
          <OfflineDataNote query={devotional} />
        </div>
        {data ? (
          <DevotionalArticle devotional={data} />
        ) : state === 'loading' ? (
          <div role="status" aria-label="Loading today's devotional" className="flex flex-col gap-4" data-testid="devotional-loading">
            <div className="skeleton h-7 w-2/3" />
            <div className="skeleton h-16 w-full" />
            <div className="skeleton h-4 w-32" />
            <div className="skeleton h-24 w-full" />
          </div>
        ) : state === 'offline-empty' && lastSaved ? (
          <div className="flex flex-col gap-4">
            <div role="status" data-testid="earlier-devotional" className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-box bg-base-200 px-4 py-3 text-sm">
              <span>
                You're offline. Today's devotional needs a connection; here is the one from {formatLocalDay(lastSaved.date)}.
              </span>
              <button type="button" className="btn btn-outline btn-xs" onClick={() => void devotional.refetch()} disabled={devotional.isFetching}>
                Retry
              </button>
            </div>
            <DevotionalArticle devotional={lastSaved.devotional} />
          </div>
        ) : state === 'offline-empty' ? (
          <NeedsConnection what="Today's devotional" onRetry={() => void devotional.refetch()} retrying={devotional.isFetching} />
        ) : (
          <p className="text-base-content/80">{DEVOTIONAL_UNAVAILABLE}</p>
        )}
      </div>
    </section>
  );
}

/** The devotional itself: title, verse and reference, the reflection's paragraphs and the heart. */
function DevotionalArticle({ devotional }: { devotional: Devotional }) {
  return (
    <article className="flex flex-col gap-4">
      <h3 className="font-display text-2xl leading-tight font-bold sm:text-3xl">{devotional.devotionalTitle}</h3>
      <figure className="flex flex-col items-start gap-2 rounded-box border-l-4 border-secondary bg-base-200 px-5 py-4">
        <blockquote className="reading-scaled font-display text-[calc(1.125rem*var(--reading-scale,1))] leading-relaxed italic">{devotional.verseText}</blockquote>
        <figcaption className="text-sm font-semibold text-base-content/80">{devotional.verseReference}</figcaption>
      </figure>
      <div className="reading-scaled flex flex-col gap-3 text-[calc(1rem*var(--reading-scale,1))] leading-relaxed text-base-content/90">
        {paragraphs(devotional.devotionalContent).map((text, i) => (
          <p key={i}>{text}</p>
        ))}
      </div>
      {/* The reader's own heart: the server (and the render hydrating its markup) shows the placeholder. */}
      <AfterHydration placeholder={<span aria-hidden="true" className="skeleton inline-block h-8 w-20 rounded-field" />}>
        <HeartButton devotionalId={devotional.id} devotionalTitle={devotional.devotionalTitle} />
      </AfterHydration>
    </article>
  );
}

function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}
