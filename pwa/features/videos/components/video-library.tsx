import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Search, SearchX } from 'lucide-react';
import { CardSkeletons, VideoGrid } from '#pwa/components/content';
import { NeedsConnection, OfflineDataNote } from '#pwa/components/ui/offline';
import { useQueryConnectionState } from '#pwa/components/ui/query-connection-state';
import { SEARCH_VIDEOS_ERROR, useSearchVideos } from '../api/search-videos';
import { filterOption, parseFilter, VideoFilterButtons, type VideoFilter } from './video-filter';
import { SearchInput } from '#pwa/components/ui/search-input';
import { LoadError } from '#pwa/components/ui/load-error';
import type { OfflineSearchSlot } from '#pwa/components/ui/offline-search-slot';

const VIDEOS_ONLY = ['video'] as const;

/** How long typing must pause before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The URL holds nothing for a blank query, so a blank box and no `?q=` are the same state. */
const normalise = (text: string) => (text.trim() === '' ? '' : text);

/**
 * The video library: a search box, the All / Videos / Shorts filter with counts, and the result
 * cards. The query lives in the URL (`?q=`, and `?type=` for the filter), so reload and
 * back/forward keep it; typing updates it after a short pause, Enter at once. Nothing is fetched
 * before a non-blank query (docs/product.md#input-rules).
 */
export function VideoLibrary({ offlineResults }: { offlineResults?: OfflineSearchSlot } = {}) {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const filter = parseFilter(params.get('type'));
  const [text, setText] = useState(query);
  // The last query this component wrote to the URL: a different `?q=` came from elsewhere
  // (back/forward, the header's Videos link) and replaces what is in the box.
  const written = useRef(query);

  useEffect(() => {
    if (query === written.current) return;
    written.current = query;
    setText(query);
  }, [query]);

  const writeQuery = useCallback(
    (value: string) => {
      const next = normalise(value);
      if (next === written.current) return;
      written.current = next;
      setParams(
        (prev) => {
          const updated = new URLSearchParams(prev);
          if (next) updated.set('q', next);
          else updated.delete('q');
          return updated;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  useEffect(() => {
    if (normalise(text) === written.current) return;
    const timer = setTimeout(() => writeQuery(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, writeQuery]);

  const setFilter = (value: VideoFilter) =>
    setParams(
      (prev) => {
        const updated = new URLSearchParams(prev);
        if (value === 'all') updated.delete('type');
        else updated.set('type', value);
        return updated;
      },
      { replace: true },
    );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    writeQuery(text);
  };

  const search = useSearchVideos(query);
  const inputId = useId();

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <form role="search" aria-label="Video library" onSubmit={onSubmit} className="w-full md:max-w-xl">
          <label htmlFor={inputId} className="mb-2 block text-sm font-medium">
            Search videos
          </label>
          <div className="join w-full">
            <SearchInput
              id={inputId}
              boxClassName="join-item w-full"
              value={text}
              onValueChange={setText}
              placeholder="Search by title or topic..."
              maxLength={200}
              className="grow"
            />
            <button type="submit" className="btn btn-primary join-item">
              Search
            </button>
          </div>
        </form>
        <VideoFilterButtons value={filter} onChange={setFilter} results={query.trim() ? search.data : undefined} />
      </div>
      <Results query={query} filter={filter} search={search} offlineResults={offlineResults} />
    </div>
  );
}

function Results({
  query,
  filter,
  search,
  offlineResults,
}: {
  query: string;
  filter: VideoFilter;
  search: ReturnType<typeof useSearchVideos>;
  offlineResults?: OfflineSearchSlot;
}) {
  if (query.trim() === '') {
    return (
      <div className="flex flex-col items-center gap-3 rounded-box border border-dashed border-base-300 px-6 py-16 text-center">
        <Search aria-hidden="true" className="size-10 text-primary" />
        <p className="text-lg font-medium">Start typing to search the video library.</p>
        <p className="max-w-md text-sm text-base-content/70">Find teaching videos and shorts on apologetics, Bible study, theology, church history and more.</p>
      </div>
    );
  }
  // A search answered before (on this device) shows, offline too, with its age.
  if (search.data === undefined) return <NoResultsYet query={query} search={search} offlineResults={offlineResults} />;
  const option = filterOption(filter);
  const videos = search.data.filter(option.matches);
  return (
    <>
      <OfflineDataNote query={search} className="-mt-2" />
      <p role="status" className="sr-only">
        {videos.length === 1 ? '1 result' : `${videos.length} results`}
      </p>
      {videos.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-box border border-base-300 bg-base-200 px-6 py-16 text-center">
          <SearchX aria-hidden="true" className="size-10 text-base-content/60" />
          <p className="text-lg">{`No ${option.noun} found matching "${query}"`}</p>
        </div>
      ) : (
        <VideoGrid videos={videos} />
      )}
    </>
  );
}

/** A search with no answer: loading, offline (never searched on this device), or the product's (docs/product.md) error text. */
function NoResultsYet({ query, search, offlineResults }: { query: string; search: ReturnType<typeof useSearchVideos>; offlineResults?: OfflineSearchSlot }) {
  const state = useQueryConnectionState(search);
  if (state === 'offline-empty') {
    // The videos this device has that match, where the app supplies them; else: this search needs a connection.
    const retry = { onRetry: () => void search.refetch(), retrying: search.isFetching };
    return offlineResults ? offlineResults({ query, kinds: VIDEOS_ONLY, ...retry }) : <NeedsConnection what="This search" {...retry} />;
  }
  if (state !== 'error') return <CardSkeletons label="Searching videos…" />;
  return (
    <LoadError message={SEARCH_VIDEOS_ERROR} onRetry={() => void search.refetch()} retrying={search.isFetching} />
  );
}
