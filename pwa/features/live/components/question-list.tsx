import { CheckCircle2, RefreshCw, Star } from 'lucide-react';
import { NeedsConnection } from '../../../components/ui/offline';
import { ShowMore } from '../../../components/ui/show-more';
import { useQueryConnectionState } from '../../../components/ui/query-connection-state';
import { formatAge } from '../../../lib/format';
import { useQuestions } from '../api/live-streams';

/**
 * The stream's questions. Nothing polls (docs/product.md#limits), so new questions from others show after a
 * refresh: after asking one, or with the Refresh button.
 */
export function QuestionList({ streamId }: { streamId: number }) {
  const questions = useQuestions(streamId);
  const state = useQueryConnectionState(questions);
  // A page may repeat one shown before (a question highlighted meanwhile): each is listed once.
  const list = questions.data ? [...new Map(questions.data.pages.flat().map((q) => [q.id, q])).values()] : undefined;
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
            <li
              key={q.id}
              className={`rounded-box border p-4 ${q.isHighlighted ? 'border-warning bg-warning/10' : 'border-base-300 bg-base-100'} ${q.isAnswered ? 'opacity-90' : ''}`}
            >
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
              <p className="mt-2 break-words">{q.question}</p>
            </li>
          ))}
        </ul>
      )}
      <ShowMore list={questions} label="Show more questions" failedText="Could not load more questions." />
    </section>
  );
}
