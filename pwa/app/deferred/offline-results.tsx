import { useEffect, useMemo, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { BookOpen, NotebookPen, Video as VideoIcon, WifiOff } from 'lucide-react';
import { Link } from 'react-router-dom';
import { ArticleGrid, ResultGroup, VideoGrid } from '#pwa/components/content';
import { useAllNotes } from '#pwa/features/notes/api/notes-store';
import { useAllSaved } from '#pwa/features/saved/api/saved-items';
import { notePath } from '#pwa/features/notes/note';
import { offlineDocs, searchOffline, type OfflineDoc } from '../offline-search';

type Kind = OfflineDoc['kind'];
const EVERY_KIND: readonly Kind[] = ['video', 'article', 'note'];

/** Changes when an answer is added to the query cache or replaced (the saved cache being restored, too). */
function useCachedAnswersVersion(queryClient: QueryClient): number {
  const [version, setVersion] = useState(0);
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'added' || event.type === 'removed' || (event.type === 'updated' && event.action.type === 'success')) setVersion((v) => v + 1);
      }),
    [queryClient],
  );
  return version;
}

/**
 * 'Offline results': with no connection, what this device has that matches (cached videos and
 * articles, and the reader's notes), best first. `kinds` narrows it (the video library: videos).
 */
export default function OfflineResults({ query, kinds = EVERY_KIND, onRetry, retrying = false }: { query: string; kinds?: readonly Kind[]; onRetry?: () => void; retrying?: boolean }) {
  const queryClient = useQueryClient();
  const notes = useAllNotes();
  // Saved for offline: live, so the index is built again when an item is saved or removed.
  const saved = useAllSaved();
  const cacheVersion = useCachedAnswersVersion(queryClient);
  const results = useMemo(
    () =>
      notes === undefined || saved === undefined
        ? undefined
        : searchOffline(offlineDocs(queryClient, kinds.includes('note') ? notes : [], saved).filter((d) => kinds.includes(d.kind)), query),
    // cacheVersion: what the device has changed (the saved cache restored, an answer arrived).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, notes, saved, query, kinds, cacheVersion],
  );
  if (results === undefined) return null;

  const videos = results.flatMap((d) => (d.kind === 'video' ? [d.video] : []));
  const posts = results.flatMap((d) => (d.kind === 'article' ? [d.post] : []));
  const found = results.flatMap((d) => (d.kind === 'note' ? [d] : []));
  return (
    <section aria-labelledby="offline-results" className="flex flex-col gap-8">
      <div className="flex flex-col gap-2 rounded-box border border-base-300 bg-base-200 px-5 py-4">
        <h2 id="offline-results" className="flex items-center gap-2 text-lg font-semibold">
          <WifiOff aria-hidden="true" className="size-5" /> Offline results
        </h2>
        <p role="status" className="text-base-content/80">
          {results.length === 0 ? `Nothing on this device matches “${query}”.` : `${results.length} ${results.length === 1 ? 'match' : 'matches'} on this device for “${query}”.`} The full search needs a connection.
        </p>
        {onRetry ? (
          <button type="button" className="btn btn-sm btn-outline self-start" onClick={onRetry} disabled={retrying}>
            {retrying ? <span className="loading loading-spinner loading-xs" aria-hidden="true" /> : null}
            Search online
          </button>
        ) : null}
      </div>
      <ResultGroup id="offline-videos" icon={VideoIcon} title="Videos" size={videos.length} level={3}>
        <VideoGrid videos={videos} />
      </ResultGroup>
      <ResultGroup id="offline-articles" icon={BookOpen} title="Articles" size={posts.length} level={3}>
        <ArticleGrid posts={posts} />
      </ResultGroup>
      <ResultGroup id="offline-notes" icon={NotebookPen} title="Your notes" size={found.length} level={3}>
        <ul className="flex flex-col gap-3" aria-label="Notes that match">
          {found.map((d) => (
            <li key={d.key} className="rounded-box border border-base-300 p-4">
              <Link to={notePath(d.note)} className="link link-hover font-semibold">
                {d.title}
              </Link>
              <p className="mt-1 line-clamp-2 text-sm text-base-content/80">{d.text}</p>
            </li>
          ))}
        </ul>
      </ResultGroup>
    </section>
  );
}
