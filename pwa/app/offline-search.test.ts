import { QueryClient } from '@tanstack/react-query';
import type { BlogPost, BlogPostSummary, Video } from '#contract/content';
import type { Note } from '#pwa/features/notes/note';
import { offlineDocs, searchOffline } from './offline-search';
import { aSavedPost, aSavedVideo } from '#pwa/test/saved';

const video = (id: number, title: string, description = ''): Video => aSavedVideo(id, { title, description });
const summary = (id: number, title: string, excerpt = ''): BlogPostSummary => {
  const { content: _content, ...post } = aSavedPost(id, { title, excerpt });
  return post;
};
const note = (contentId: number, text: string, title: string): Note => ({ id: `note-blog-${contentId}`, contentType: 'blog', contentId, text, title, updatedAt: '2026-11-20T00:00:00.000Z' });

function cacheWith(): QueryClient {
  const client = new QueryClient();
  client.setQueryData(['videos', 'list', 'all'], { pages: [[video(1, 'The Resurrection and the Historians', 'Minimal facts'), video(2, 'Reading Romans')]], pageParams: [undefined] });
  client.setQueryData(['blog', 'list', 'all'], { pages: [[summary(7, 'What the Minimal Facts Argument Claims'), summary(8, 'Church Fathers')]], pageParams: [undefined] });
  // The post's page, with its whole text: it replaces its card.
  const detail: BlogPost = { ...summary(8, 'Church Fathers'), content: 'Ignatius of Antioch wrote seven letters on his way to Rome.' };
  client.setQueryData(['blog', 'detail', 8], detail);
  client.setQueryData(['search', 'grace'], { videos: [video(1, 'The Resurrection and the Historians')], blogPosts: [] });
  // Private and unrelated answers are never searched.
  client.setQueryData(['private', 'bookmarks'], [video(99, 'Secret bookmark')]);
  return client;
}

describe('offline search over what this device has', () => {
  const docs = offlineDocs(cacheWith(), [note(7, 'Check 1 Corinthians 15 and the creed.', 'What the Minimal Facts Argument Claims')]);

  test('collects each cached video and article once (a post with its whole text), and the notes; nothing else', () => {
    expect(docs.map((d) => d.key).sort()).toEqual(['article-7', 'article-8', 'note-note-blog-7', 'video-1', 'video-2']);
    const post = docs.find((d) => d.key === 'article-8')!;
    expect(post.text).toContain('Ignatius');
  });

  test('matches word prefixes and small typos, in the whole text of a post', () => {
    expect(searchOffline(docs, 'resur').map((d) => d.key)).toContain('video-1');
    expect(searchOffline(docs, 'ignatios').map((d) => d.key)).toEqual(['article-8']);
    expect(searchOffline(docs, 'corinthians').map((d) => d.key)).toEqual(['note-note-blog-7']);
  });

  test('ranks a title match above a match in the text', () => {
    const keys = searchOffline(docs, 'minimal facts').map((d) => d.key);
    expect(keys.indexOf('article-7')).toBeLessThan(keys.indexOf('video-1'));
  });

  test('when no document has every word, those with any of them; nothing for nothing', () => {
    expect(searchOffline(docs, 'romans zzzzqqq').map((d) => d.key)).toEqual(['video-2']);
    expect(searchOffline(docs, 'zzzzqqq')).toEqual([]);
  });
});

describe('the index', () => {
  test('is built once for the same documents and again when they change (a note written, an item cached)', async () => {
    const { indexFor } = await import('./offline-search');
    const client = cacheWith();
    const first = offlineDocs(client, []);
    const index = indexFor(first);
    expect(indexFor(offlineDocs(client, []))).toBe(index);
    const withNote = offlineDocs(client, [note(8, 'Polycarp', 'Church Fathers')]);
    const rebuilt = indexFor(withNote);
    expect(rebuilt).not.toBe(index);
    expect(searchOffline(withNote, 'polycarp').map((d) => d.kind)).toEqual(['note']);
    client.setQueryData(['videos', 'detail', 3], video(3, 'Polycarp of Smyrna'));
    const withVideo = offlineDocs(client, [note(8, 'Polycarp', 'Church Fathers')]);
    expect(indexFor(withVideo)).not.toBe(rebuilt);
    expect(searchOffline(withVideo, 'polycarp').map((d) => d.key)).toEqual(['video-3', 'note-note-blog-8']);
  });
});

describe('saved for offline', () => {
  test('saved posts (with their whole text) and videos are searched, and the index is built again when saved items change', async () => {
    const { indexFor } = await import('./offline-search');
    const { allSaved, removeSaved, saveItem, savedDb } = await import('#pwa/features/saved/api/saved-store');
    await savedDb.items.clear();
    const client = new QueryClient();
    const before = offlineDocs(client, [], await allSaved());
    const index = indexFor(before);
    expect(searchOffline(before, 'eusebius')).toEqual([]);

    const post: BlogPost = { ...summary(21, 'The Canon'), content: 'Eusebius sorted the books into accepted and disputed.' };
    await saveItem({ kind: 'post', post });
    await saveItem({ kind: 'video', video: video(22, 'Eusebius and the Church History') });
    const withSaved = offlineDocs(client, [], await allSaved());
    const rebuilt = indexFor(withSaved);
    expect(rebuilt).not.toBe(index);
    expect(searchOffline(withSaved, 'eusebius', rebuilt).map((d) => d.key)).toEqual(['video-22', 'article-21']);
    // The same saved items: the same index, not built again.
    expect(indexFor(offlineDocs(client, [], await allSaved()))).toBe(rebuilt);

    await removeSaved('post-21');
    const afterRemoval = offlineDocs(client, [], await allSaved());
    expect(indexFor(afterRemoval)).not.toBe(rebuilt);
    expect(searchOffline(afterRemoval, 'disputed')).toEqual([]);
  });

  test("a saved post's whole text wins over its card in the cached list", () => {
    const docs = offlineDocs(cacheWith(), [], [{ kind: 'post', post: { ...summary(7, 'What the Minimal Facts Argument Claims'), content: 'Habermas lists twelve facts.' } }]);
    expect(docs.filter((d) => d.key === 'article-7')).toHaveLength(1);
    expect(searchOffline(docs, 'habermas').map((d) => d.key)).toEqual(['article-7']);
  });
});
