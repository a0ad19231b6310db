import { Suspense, useId, useState } from 'react';
import { CheckCircle2, RefreshCw, Star } from 'lucide-react';
import type { LiveQuestion } from '#contract/live';
import { NeedsConnection } from '#pwa/components/ui/offline';
import { ShowMore } from '#pwa/components/ui/show-more';
import { useQueryConnectionState } from '#pwa/components/ui/query-connection-state';
import { formatAge } from '#pwa/lib/format';
import { lazyExport } from '#pwa/lib/lazy-part';
import { useUser } from '#pwa/lib/session';
import { useQuestions } from '../api/live-streams';
import { newestFirst } from '#pwa/lib/order';

// What only editors have (the moderation buttons, Hide's confirmation) comes for them alone: a
// reader's first load of /live-qa goes without it (docs/decisions/005-what-loads-first.md).
const moderation = () => import('./question-moderation');
const ModerationButtons = lazyExport(moderation, 'ModerationButtons');
const HideConfirmation = lazyExport(moderation, 'HideConfirmation');

/** The server's order: highlighted first, then newest first (the id breaks ties). */
const byServerOrder = (a: LiveQuestion, b: LiveQuestion) =>
  Number(b.isHighlighted) - Number(a.isHighlighted) || newestFirst(a.createdAt, b.createdAt) || b.id - a.id;

/**
 * The stream's questions. They follow the server live (useLiveEvents in the panel): a question
 * asked or moderated anywhere shows here without a reload; Refresh reads them again by hand.
 * Editors get Highlight/Unhighlight, Mark answered/Mark unanswered and Hide on each question;
 * Hide asks first (docs/product.md#live-qa), and a question an editor hid leaves every open page at once.
 */
export function QuestionList({ streamId }: { streamId: number }) {
  const questions = useQuestions(streamId);
  const state = useQueryConnectionState(questions);
  const { user } = useUser();
  const [confirming, setConfirming] = useState<LiveQuestion | null>(null);
  const [hiding, setHiding] = useState(false);
  // A page may repeat one shown before (a question highlighted meanwhile): each is listed once,
  // and a question that arrived live takes its place in the order.
  const list = questions.data ? [...new Map(questions.data.pages.flat().map((q) => [q.id, q])).values()].sort(byServerOrder) : undefined;
  const count = list === undefined ? undefined : questions.hasNextPage ? `${list.length}+` : `${list.length}`;

  return (
    <section aria-labelledby="questions-heading" className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <h3 id="questions-heading" className="text-lg font-semibold">
          Questions{count !== undefined ? ` (${count})` : ''}
        </h3>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void questions.refetch()} disabled={questions.isFetching}>
          <RefreshCw aria-hidden="true" className={`size-4 ${questions.isFetching ? 'animate-spin' : ''}`} /> Refresh
        </button>
      </div>
      {state === 'loading' ? (
        <div role="status" aria-label="Loading questions…" className="flex flex-col gap-3">
          {[0, 1, 2].map((i) => (
            <div key={i} className="skeleton h-16 w-full" />
          ))}
        </div>
      ) : state === 'offline-empty' ? (
        <NeedsConnection what="The question list" onRetry={() => void questions.refetch()} retrying={questions.isFetching} />
      ) : list === undefined ? (
        <p role="alert" className="text-error">
          Failed to load questions.
        </p>
      ) : list.length === 0 ? (
        <p className="text-base-content/80">No questions yet. Be the first to ask!</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {list.map((q) => (
            <QuestionItem key={q.id} question={q} moderate={user?.isEditor === true} hiding={hiding} onHide={() => setConfirming(q)} />
          ))}
        </ul>
      )}
      <ShowMore list={questions} label="Show more questions" failedText="Could not load more questions." />
      {user?.isEditor ? (
        <Suspense fallback={null}>
          <HideConfirmation question={confirming} onClose={() => setConfirming(null)} onHiding={setHiding} />
        </Suspense>
      ) : null}
    </section>
  );
}

function QuestionItem({ question: q, moderate, hiding, onHide }: { question: LiveQuestion; moderate: boolean; hiding: boolean; onHide: () => void }) {
  const textId = useId();
  return (
    <li className={`rounded-box border p-4 ${q.isHighlighted ? 'border-warning bg-warning/10' : 'border-base-300 bg-base-100'} ${q.isAnswered ? 'opacity-90' : ''}`}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold">{q.askedBy}</span>
        <span className="text-base-content/70">{formatAge(q.createdAt)}</span>
        {q.isHighlighted ? (
          <span className="badge badge-warning badge-sm gap-1">
            <Star aria-hidden="true" className="size-3" /> Highlighted
          </span>
        ) : null}
        {q.isAnswered ? (
          <span className="badge badge-success badge-sm gap-1">
            <CheckCircle2 aria-hidden="true" className="size-3" /> Answered
          </span>
        ) : null}
      </div>
      <p id={textId} className="mt-2 break-words">
        {q.question}
      </p>
      {moderate ? (
        <Suspense fallback={null}>
          <ModerationButtons question={q} describedBy={textId} hiding={hiding} onHide={onHide} />
        </Suspense>
      ) : null}
    </li>
  );
}
