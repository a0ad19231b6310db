import { useId, useState, type FormEvent } from 'react';
import { BookOpen, SearchX, Video } from 'lucide-react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ArticleGrid, CardSkeletons, ResultGroup, VideoGrid } from '#pwa/components/content';
import { NeedsConnection, OfflineDataNote } from '#pwa/components/ui/offline';
import { useQueryConnectionState } from '#pwa/components/ui/query-connection-state';
import { SEARCH_FIRST, SEARCH_MOST, useSearch } from '../api/search';
import { SearchInput } from '#pwa/components/ui/search-input';
import { searchPath } from '#pwa/lib/use-search-form';
import { POPULAR_TOPICS, resultLine } from './topics';
import { LoadError } from '#pwa/components/ui/load-error';
import type { OfflineSearchSlot } from '#pwa/components/ui/offline-search-slot';

/**
 * The site search screen (docs/product.md#site-search): the query comes from the URL (`query`, already trimmed), so a
 * search is a link that can be shared, bookmarked and gone back to. Searching from the page's own
 * box just changes the URL.
 */
export function SiteSearch({ query, offlineResults }: { query: string; offlineResults?: OfflineSearchSlot }) {
  return (
    <div className="flex flex-col gap-8">
      {/* Keyed by the query so the box shows the URL's text after a header search or Back. */}
      <SearchBox key={query} initial={query} />
      {query ? <Results key={`results ${query}`} query={query} offlineResults={offlineResults} /> : <PopularTopics title="Popular topics" />}
    </div>
  );
}

function SearchBox({ initial }: { initial: string }) {
  const [text, setText] = useState(initial);
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  // The page a search was sent from: until the router is on another (the search's), the button says
  // it is searching. The router renders the next page in a transition, which shows nothing until it
  // is all there; this is drawn at once, so a press of Enter is answered in the next frame rather
  // than with the results (on a 4×-slowed phone, 180-230 ms later: bench, interactions).
  const [sentFrom, setSentFrom] = useState<string | null>(null);
  const searching = sentFrom === location.key;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = text.trim();
    setSentFrom(location.key);
    // A blank box goes back to the topic chips rather than searching for nothing.
    navigate(query ? searchPath(query) : '/search');
  };

  return (
    <form role="search" aria-label="Site search" className="flex max-w-2xl gap-2" onSubmit={submit}>
      <label htmlFor={id} className="sr-only">
        Search videos, articles, and topics
      </label>
      <SearchInput id={id} name="q" placeholder="Search videos, articles, and topics..." value={text} onValueChange={setText} />
      <button type="submit" className="btn btn-primary" aria-busy={searching || undefined}>
        {searching ? <span aria-hidden="true" className="loading loading-spinner loading-xs" /> : null}
        Search
      </button>
    </form>
  );
}

function PopularTopics({ title }: { title: string }) {
  return (
    <section aria-labelledby="popular-topics" className="flex flex-col gap-3">
      <h2 id="popular-topics" className="text-lg font-semibold">
        {title}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {POPULAR_TOPICS.map((topic) => (
          <li key={topic}>
            <Link to={searchPath(topic)} className="btn btn-sm btn-outline rounded-full">
              {topic}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A search made before on this device shows offline too, with its age; one never made here searches the device (`offlineResults`). */
function Results({ query, offlineResults }: { query: string; offlineResults?: OfflineSearchSlot }) {
  const search = useSearch(query);
  // 'Show more results': the same words' best SEARCH_MOST, asked once pressed; the first ones stay meanwhile.
  const [wantsMore, setWantsMore] = useState(false);
  const more = useSearch(query, SEARCH_MOST, wantsMore);
  const state = useQueryConnectionState(search);

  if (search.data === undefined) {
    if (state === 'loading') return <CardSkeletons label="Searching…" />;
    if (state === 'offline-empty') {
      // What this device has that matches, where the app supplies it; else: this search needs a connection.
      const retry = { onRetry: () => void search.refetch(), retrying: search.isFetching };
      return offlineResults ? offlineResults({ query, ...retry }) : <NeedsConnection what="This search" {...retry} />;
    }
    return <LoadError message={search.error?.message ?? ''} onRetry={() => void search.refetch()} retrying={search.isFetching} />;
  }

  const { videos, blogPosts } = more.data ?? search.data;
  const count = videos.length + blogPosts.length;
  const limit = more.data ? SEARCH_MOST : SEARCH_FIRST;
  // A full group may have more behind it: up to the API's cap, they are a press away.
  const full = videos.length >= limit || blogPosts.length >= limit;
  return (
    <div className="flex flex-col gap-10">
      <div className="flex flex-col gap-1">
        <p role="status" className="text-base-content/80">
          {resultLine(count, query)}
        </p>
        <OfflineDataNote query={search} />
      </div>
      {count === 0 ? <NoResults /> : null}
      <ResultGroup id="search-videos" icon={Video} title="Videos" size={videos.length} badge={countOf(videos.length, 'video', 'videos')}>
        <VideoGrid videos={videos} />
      </ResultGroup>
      <ResultGroup id="search-articles" icon={BookOpen} title="Articles" size={blogPosts.length} badge={countOf(blogPosts.length, 'article', 'articles')}>
        <ArticleGrid posts={blogPosts} />
      </ResultGroup>
      {full && limit < SEARCH_MOST ? (
        <div className="flex flex-col items-center gap-2">
          <button type="button" className="btn btn-outline" disabled={more.isFetching} aria-busy={more.isFetching || undefined} onClick={() => (wantsMore ? void more.refetch() : setWantsMore(true))}>
            {more.isFetching ? <span aria-hidden="true" className="loading loading-spinner loading-xs" /> : null}
            Show more results
          </button>
          {more.isError && !more.isFetching ? (
            <p role="alert" className="text-sm text-error">
              {more.error.message}. Please try again.
            </p>
          ) : null}
        </div>
      ) : null}
      {full && limit === SEARCH_MOST ? <p className="text-center text-sm text-base-content/75">{MOST_SHOWN}</p> : null}
    </div>
  );
}

export const MOST_SHOWN = `These are the ${SEARCH_MOST} best matches of each kind. Add a word to narrow the search.`;

const countOf = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function NoResults() {
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col items-center gap-4 rounded-box border border-base-300 bg-base-200 px-6 py-10 text-center">
        <SearchX aria-hidden="true" className="size-10 text-base-content/60" />
        <p className="text-lg font-semibold">No videos or articles match your search.</p>
        <p className="max-w-md text-base-content/80">
          Try other words or one of the topics below, or browse the <Link to="/videos" className="link link-primary">video library</Link> and the{' '}
          <Link to="/blog" className="link link-primary">blog</Link>.
        </p>
      </div>
      <PopularTopics title="Try a popular topic" />
    </div>
  );
}
