import { useState } from 'react';
import { Link } from 'react-router-dom';
import { BookOpen, PlayCircle } from 'lucide-react';
import type { ResumePosition } from '../resume-store';

export const CONTINUE_HEADING = 'Continue where you left off';

/** Where one item resumes: the watch page starts the player there, the post scrolls there. */
export const resumePath = (item: Pick<ResumePosition, 'kind' | 'id'>) => (item.kind === 'video' ? `/watch/${item.id}` : `/blog/${item.id}`);

/**
 * 'Continue where you left off' (docs/product.md#continue-where-you-left-off): the items given (unfinished, newest first, at most
 * four: see continueItems), each with its kind, how far it got and a link back to that point.
 * Nothing at all when there are none.
 */
export function ContinueSection({ items }: { items: readonly ResumePosition[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="continue-heading">
      <h2 id="continue-heading" className="mb-6 font-display text-2xl font-bold sm:text-3xl">
        {CONTINUE_HEADING}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((item) => (
          <li key={`${item.kind}:${item.id}`}>
            <ContinueCard item={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ContinueCard({ item }: { item: ResumePosition }) {
  const percent = Math.round(item.progress * 100);
  const video = item.kind === 'video';
  const done = video ? `${percent}% watched` : `${percent}% read`;
  return (
    <Link
      to={resumePath(item)}
      className="card h-full flex-row overflow-hidden sm:flex-col border border-base-300 bg-base-100 shadow-sm transition hover:border-primary hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
    >
      <Thumbnail url={item.thumbnailUrl ?? null} video={video} />
      <div className="card-body min-w-0 gap-2 p-4">
        <span className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-primary uppercase">
          {video ? <PlayCircle aria-hidden="true" className="size-4" /> : <BookOpen aria-hidden="true" className="size-4" />}
          {video ? 'Video' : 'Article'}
        </span>
        <h3 className="line-clamp-2 font-semibold">{item.title}</h3>
        <div className="mt-auto flex flex-col gap-1 pt-1">
          <progress className="progress progress-primary h-1.5 w-full" value={percent} max={100} aria-label={`${item.title}: ${done}`} />
          <span className="flex items-center justify-between text-sm text-base-content/75">
            <span>{done}</span>
            <span className="font-medium text-primary">{video ? 'Resume' : 'Keep reading'}</span>
          </span>
        </div>
      </div>
    </Link>
  );
}

/** A small picture beside the text on phones, across the card's top from sm up. */
const PICTURE = 'w-28 shrink-0 self-stretch sm:aspect-video sm:w-full sm:self-auto';

/** The saved thumbnail; a plain panel with the kind's icon when there is none or it cannot load (offline). */
function Thumbnail({ url, video }: { url: string | null; video: boolean }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) {
    return (
      <div aria-hidden="true" className={`grid place-items-center bg-gradient-to-br from-primary/20 to-secondary/20 text-primary/70 ${PICTURE}`}>
        {video ? <PlayCircle className="size-8 sm:size-10" /> : <BookOpen className="size-8 sm:size-10" />}
      </div>
    );
  }
  return <img src={url} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} className={`object-cover ${PICTURE}`} />;
}
