import { savedDb } from '#pwa/features/saved/api/saved-store';
import { json, mockFetch } from '#pwa/test/fetch';
import { aSavedPost } from '#pwa/test/saved';
import { saveAllPosts } from './save-all';

beforeEach(async () => {
  await savedDb.items.clear();
});

test('with no category, saves all posts, past the first page of the list, and reports progress up to the total', async () => {
  const posts = Array.from({ length: 103 }, (_, i) => aSavedPost(i + 1, { category: i % 2 ? 'theology' : 'church-history' }));
  const requests = mockFetch((request) => {
    const url = new URL(request.path, 'http://localhost');
    if (url.pathname === '/api/blog') {
      const offset = Number(url.searchParams.get('offset'));
      return json(200, posts.slice(offset, offset + Number(url.searchParams.get('limit'))).map(({ content: _c, ...summary }) => summary));
    }
    return json(200, posts.find((p) => p.id === Number(url.pathname.split('/').pop())));
  });
  const progress: string[] = [];
  const result = await saveAllPosts('all', ({ done, total }) => progress.push(`${done}/${total}`));
  expect(result).toEqual({ saved: 103, failed: 0, total: 103 });
  expect(await savedDb.items.count()).toBe(103);
  expect(requests.filter((r) => r.path.startsWith('/api/blog?')).map((r) => r.path)).toEqual(['/api/blog?limit=100&offset=0', '/api/blog?limit=100&offset=100']);
  expect(progress[0]).toBe('0/103');
  expect(progress.at(-1)).toBe('103/103');
}, 30_000);
