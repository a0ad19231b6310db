import MiniSearch from 'minisearch';
import type { QueryClient } from '@tanstack/react-query';
import type { BlogPostSummary, Video } from '#contract/content';
import { noteTitle, type Note } from '#pwa/features/notes/note';
import type { SavedContent } from '#pwa/features/saved/api/saved-store';

// Search on the device (docs/product.md#search): with no connection, what this device has of the site's
// videos and articles (every answer kept in the query cache, which is saved in IndexedDB, and the
// items saved for offline, which have their own store) and the reader's notes, in one in-browser
// index (MiniSearch): word prefixes, small typos, titles first.

export type OfflineDoc =
  | { key: string; kind: 'video'; title: string; text: string; video: Video }
  | { key: string; kind: 'article'; title: string; text: string; post: BlogPostSummary }
  | { key: string; kind: 'note'; title: string; text: string; note: Note };

/** The query trees whose answers hold videos and articles. */
const CONTENT_ROOTS = new Set(['videos', 'blog', 'search']);

const isVideo = (v: Record<string, unknown>): boolean => typeof v.id === 'number' && typeof v.title === 'string' && typeof v.youtubeId === 'string';
const isPost = (v: Record<string, unknown>): boolean => typeof v.id === 'number' && typeof v.title === 'string' && 'excerpt' in v && typeof v.category === 'string';

/** Every video and article anywhere in an answer (one item, a list, pages of a list, search results). */
function collect(data: unknown, found: Map<string, OfflineDoc>, depth = 0): void {
  if (depth > 4 || data === null || typeof data !== 'object') return;
  if (Array.isArray(data)) {
    for (const item of data) collect(item, found, depth + 1);
    return;
  }
  const record = data as Record<string, unknown>;
  if (isVideo(record)) {
    const video = record as unknown as Video;
    const key = `video-${video.id}`;
    if (!found.has(key)) found.set(key, { key, kind: 'video', title: video.title, text: [video.description, video.category].filter(Boolean).join(' '), video });
    return;
  }
  if (isPost(record)) {
    const post = record as unknown as BlogPostSummary & { content?: string };
    const key = `article-${post.id}`;
    const previous = found.get(key);
    // A post's page (with its whole text) is worth more than its card in a list.
    if (!previous || (post.content && previous.kind === 'article' && !('content' in previous.post))) {
      found.set(key, { key, kind: 'article', title: post.title, text: [post.excerpt, post.content, post.category].filter(Boolean).join(' '), post });
    }
    return;
  }
  for (const value of Object.values(record)) collect(value, found, depth + 1);
}

/**
 * The documents on this device: the cached videos and articles, the ones saved for offline (a
 * saved post's whole text wins over a card in the cache), and the notes.
 */
export function offlineDocs(queryClient: QueryClient, notes: readonly Note[], saved: readonly SavedContent[] = []): OfflineDoc[] {
  const found = new Map<string, OfflineDoc>();
  for (const query of queryClient.getQueryCache().getAll()) {
    if (!CONTENT_ROOTS.has(String(query.queryKey[0]))) continue;
    collect(query.state.data, found);
  }
  for (const item of saved) {
    if (item.kind === 'video') {
      const { video } = item;
      found.set(`video-${video.id}`, { key: `video-${video.id}`, kind: 'video', title: video.title, text: [video.description, video.category].filter(Boolean).join(' '), video });
    } else {
      const { post } = item;
      found.set(`article-${post.id}`, { key: `article-${post.id}`, kind: 'article', title: post.title, text: [post.excerpt, post.content, post.category].filter(Boolean).join(' '), post });
    }
  }
  for (const note of notes) {
    found.set(`note-${note.id}`, { key: `note-${note.id}`, kind: 'note', title: noteTitle(note), text: note.text, note });
  }
  return [...found.values()];
}

/** An index over the documents: titles count three times as much as the text. */
export function indexOf(docs: readonly OfflineDoc[]): MiniSearch<OfflineDoc> {
  const index = new MiniSearch<OfflineDoc>({
    idField: 'key',
    fields: ['title', 'text'],
    storeFields: [],
    searchOptions: { boost: { title: 3 }, prefix: true, fuzzy: 0.2, combineWith: 'AND' },
  });
  index.addAll(docs);
  return index;
}

/** What the documents are: the same set (and the same texts) gets the same index. */
const signatureOf = (docs: readonly OfflineDoc[]) => docs.map((d) => `${d.key}:${d.title.length}:${d.text.length}`).join('|');
let lastIndex: { signature: string; index: MiniSearch<OfflineDoc> } | null = null;

/**
 * The index of these documents, built again only when they changed (an item cached or saved, a
 * note written): building it is the slow part (~0.4 s for 500 posts and 200 notes on a busy
 * 2-core machine), a search over it takes well under 10 ms.
 */
export function indexFor(docs: readonly OfflineDoc[]): MiniSearch<OfflineDoc> {
  const signature = signatureOf(docs);
  if (lastIndex?.signature !== signature) lastIndex = { signature, index: indexOf(docs) };
  return lastIndex.index;
}

/**
 * The documents that match every word of `query` (word prefixes, a typo or two in longer words),
 * best first; when no document has every word, those with any of them.
 */
export function searchOffline(docs: readonly OfflineDoc[], query: string, index: MiniSearch<OfflineDoc> = indexFor(docs)): OfflineDoc[] {
  const byKey = new Map(docs.map((d) => [d.key, d]));
  let hits = index.search(query);
  if (hits.length === 0) hits = index.search(query, { combineWith: 'OR' });
  return hits.map((hit) => byKey.get(String(hit.id))).filter((d): d is OfflineDoc => d !== undefined);
}
