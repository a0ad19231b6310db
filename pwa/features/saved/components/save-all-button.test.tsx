import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { allSaved, getSavedPost, savedDb } from '#pwa/features/saved/api/saved-store';
import { json, mockFetch, offline, type MockRequest } from '#pwa/test/fetch';
import { renderWithProviders } from '#pwa/test/render';
import { aSavedPost } from '#pwa/test/saved';
import { SaveAllButton, SAVE_ALL_LABEL } from './save-all-button';

beforeEach(async () => {
  await savedDb.items.clear();
});

const summaryOf = ({ content: _content, ...summary }: ReturnType<typeof aSavedPost>) => summary;

/** The API with `posts` (by category, paged as GET /api/blog pages them); `failing` ids answer 500. */
function api(posts: ReturnType<typeof aSavedPost>[], failing: number[] = []) {
  return mockFetch((request: MockRequest) => {
    const url = new URL(request.path, 'http://localhost');
    if (url.pathname === '/api/blog') {
      const category = url.searchParams.get('category');
      const limit = Number(url.searchParams.get('limit'));
      const offset = Number(url.searchParams.get('offset') ?? 0);
      return json(200, posts.filter((p) => !category || p.category === category).slice(offset, offset + limit).map(summaryOf));
    }
    const id = Number(url.pathname.split('/').pop());
    if (failing.includes(id)) return json(500, { message: 'Internal Server Error' });
    const post = posts.find((p) => p.id === id);
    return post ? json(200, post) : json(404, { message: 'Post not found' });
  });
}

describe('SaveAllButton', () => {
  test('saves every post of the chosen category, whole (each fetched as its page does), shows progress, then a toast', async () => {
    const user = userEvent.setup();
    const posts = [
      ...Array.from({ length: 5 }, (_, i) => aSavedPost(i + 1, { category: 'theology', content: `Theology text ${i + 1}` })),
      aSavedPost(50, { category: 'church-history' }),
    ];
    const requests = api(posts);
    renderWithProviders(<SaveAllButton category="theology" />);
    await user.click(screen.getByRole('button', { name: SAVE_ALL_LABEL }));
    expect(await screen.findByText(/Finding posts…|Saving \d of 5…/)).toBeTruthy();
    expect(await screen.findByText('Saved for offline')).toBeTruthy();
    expect(screen.getByText('5 posts on this device, readable without a connection.')).toBeTruthy();
    expect((await allSaved()).map((i) => i.key).sort()).toEqual(['post-1', 'post-2', 'post-3', 'post-4', 'post-5']);
    expect((await getSavedPost(3))?.content).toBe('Theology text 3');
    expect(requests[0]!.path).toBe('/api/blog?category=theology&limit=100&offset=0');
    expect((screen.getByRole('button', { name: SAVE_ALL_LABEL }) as HTMLButtonElement).disabled).toBe(false);
  });

  test('says which posts failed, and keeps the others', async () => {
    const user = userEvent.setup();
    api([aSavedPost(1), aSavedPost(2), aSavedPost(3)], [2]);
    renderWithProviders(<SaveAllButton category="all" />);
    await user.click(screen.getByRole('button', { name: SAVE_ALL_LABEL }));
    expect(await screen.findByText('Some posts were not saved')).toBeTruthy();
    expect(screen.getByText('2 posts of 3 saved; 1 post could not be loaded. Please try again.')).toBeTruthy();
    expect((await allSaved()).map((i) => i.key).sort()).toEqual(['post-1', 'post-3']);
  });

  test('with no connection, says nothing could be saved', async () => {
    const user = userEvent.setup();
    mockFetch(() => offline());
    renderWithProviders(<SaveAllButton category="all" />);
    await user.click(screen.getByRole('button', { name: SAVE_ALL_LABEL }));
    expect(await screen.findByText('Could not save for offline')).toBeTruthy();
    expect(screen.getByText('The posts could not be loaded. Check your connection and try again.')).toBeTruthy();
    expect(await savedDb.items.count()).toBe(0);
  });
});
