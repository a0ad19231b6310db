import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { EditorPostSummary } from '#contract/posts';
import { json, mockFetch, offline, type MockRequest } from '#pwa/test/fetch';
import { setOnline } from '#pwa/test/online';
import { aUser, renderWithProviders, storeUser } from '#pwa/test/render';
import { anEditorSummary } from '../test/fixtures';
import { AdminPostList } from './admin-post-list';

const editor = aUser({ username: 'editor', isEditor: true });

/** Post `id` as the desk's list reads it: published unless told, newer the higher its id. */
const aSummary = (id: number, overrides: Partial<EditorPostSummary> = {}): EditorPostSummary =>
  anEditorSummary(id, { publishedAt: new Date(Date.UTC(2026, 0, 1) + id * 3_600_000).toISOString(), ...overrides });

/**
 * The server's desk list over `posts` (newest first): `status` filters, `q` keeps the titles that
 * hold it, `limit` and `offset` page, as GET /api/blog?status= does.
 */
function deskList(posts: EditorPostSummary[]) {
  return (r: MockRequest): Response | null => {
    const url = new URL(r.path, 'http://localhost');
    if (r.method !== 'GET' || url.pathname !== '/api/blog' || !url.searchParams.has('status')) return null;
    const status = url.searchParams.get('status')!;
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const kept = posts
      .filter((p) => status === 'all' || p.status === status)
      .filter((p) => q.split(' ').every((word) => p.title.toLowerCase().includes(word)))
      .sort((a, b) => b.id - a.id);
    return json(200, kept.slice(offset, offset + limit));
  };
}

function setup(posts: EditorPostSummary[]) {
  storeUser(editor);
  const list = deskList(posts);
  const requests = mockFetch((r) => list(r) ?? json(500, { message: `unexpected ${r.method} ${r.path}` }));
  const router = createMemoryRouter([{ path: '/blog-admin', element: <AdminPostList /> }], { initialEntries: ['/blog-admin'] });
  const user = userEvent.setup();
  renderWithProviders(<RouterProvider router={router} />);
  return { requests, user };
}

const listRequests = (requests: MockRequest[]) => requests.filter((r) => r.path.startsWith('/api/blog?')).map((r) => r.path);
const titles = () => within(screen.getByRole('region', { name: /All Posts/ })).queryAllByRole('listitem').map((li) => li.getAttribute('aria-label'));
const searchBox = () => screen.getByRole('searchbox', { name: 'Search posts' }) as HTMLInputElement;
const many = (n: number) => Array.from({ length: n }, (_, i) => aSummary(i + 1, { title: `Post ${i + 1}`, ...(i % 3 === 0 ? { status: 'draft' as const } : {}) }));

describe("the desk's list of posts: paging", () => {
  test('shows the newest 20; Load more adds the next 20, none repeated or skipped, until there are no more', async () => {
    const { requests, user } = setup(many(45));
    await screen.findByRole('listitem', { name: 'Post 45' });
    expect(titles()).toEqual(Array.from({ length: 20 }, (_, i) => `Post ${45 - i}`));
    expect(screen.getByRole('heading', { level: 2, name: 'All Posts (20+)' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more posts' }));
    await screen.findByRole('listitem', { name: 'Post 25' });
    expect(titles()).toEqual(Array.from({ length: 40 }, (_, i) => `Post ${45 - i}`));

    await user.click(screen.getByRole('button', { name: 'Load more posts' }));
    await screen.findByRole('listitem', { name: 'Post 1' });
    expect(titles()).toEqual(Array.from({ length: 45 }, (_, i) => `Post ${45 - i}`));
    expect(screen.getByRole('heading', { level: 2, name: 'All Posts (45)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more posts' })).toBeNull();
    // One row past the page tells whether another follows: no empty last page is asked for.
    expect(listRequests(requests)).toEqual(['/api/blog?status=all&limit=21', '/api/blog?status=all&limit=21&offset=20', '/api/blog?status=all&limit=21&offset=40']);
  });

  test('a list of exactly 20 offers no Load more', async () => {
    setup(many(20));
    await screen.findByRole('listitem', { name: 'Post 20' });
    expect(titles()).toHaveLength(20);
    expect(screen.getByRole('heading', { level: 2, name: 'All Posts (20)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more posts' })).toBeNull();
  });

  test('offline, Load more waits for the connection and says so', async () => {
    const { requests } = setup(many(30));
    await screen.findByRole('listitem', { name: 'Post 30' });
    setOnline(false);
    const more = (await screen.findByRole('button', { name: 'Load more posts' })) as HTMLButtonElement;
    await waitFor(() => expect(more.disabled).toBe(true));
    expect(screen.getByText("You're offline. Connect to load more posts.")).toBeTruthy();
    setOnline(true);
    await waitFor(() => expect(more.disabled).toBe(false));
    expect(listRequests(requests)).toHaveLength(1);
  });
});

describe("the desk's list of posts: search", () => {
  test('"Search posts" searches a moment after typing stops, once, in the state chosen; its pages load more the same way', async () => {
    const posts = [...many(30).map((p) => ({ ...p, title: `Grace ${p.id}` })), aSummary(31, { title: 'Other' })];
    const { requests, user } = setup(posts);
    await screen.findByRole('listitem', { name: 'Other' });
    await user.click(screen.getByRole('tab', { name: 'Drafts' }));
    await screen.findByRole('listitem', { name: 'Grace 28' });

    await user.type(searchBox(), 'grace 2');
    await waitFor(() => expect(listRequests(requests)).toContain('/api/blog?status=draft&q=grace+2&limit=21'));
    await waitFor(() => expect(titles()).toEqual(['Grace 28', 'Grace 25', 'Grace 22']));
    // Typed letter by letter, asked once: the pause, not each key, starts the search.
    expect(listRequests(requests).filter((p) => p.includes('q='))).toEqual(['/api/blog?status=draft&q=grace+2&limit=21']);
    expect(screen.getByRole('tab', { name: 'Drafts' }).getAttribute('aria-selected')).toBe('true');

    // Another state keeps the words.
    await user.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(titles()).toEqual(['Grace 29', 'Grace 28', 'Grace 27', 'Grace 26', 'Grace 25', 'Grace 24', 'Grace 23', 'Grace 22', 'Grace 21', 'Grace 20', 'Grace 12', 'Grace 2']));
    expect(searchBox().value).toBe('grace 2');

    await user.clear(searchBox());
    await user.type(searchBox(), 'grace');
    await waitFor(() => expect(titles()).toHaveLength(20));
    expect(titles()[0]).toBe('Grace 30');
    await user.click(screen.getByRole('button', { name: 'Load more posts' }));
    await waitFor(() => expect(titles()).toHaveLength(30));
    expect(new Set(titles()).size).toBe(30);
    expect(listRequests(requests)).toContain('/api/blog?status=all&q=grace&limit=21&offset=20');

    // A blank box is the whole list again.
    await user.clear(searchBox());
    await waitFor(() => expect(titles()[0]).toBe('Other'));
  });

  test('nothing found: No posts match "…". Enter searches at once; the box takes at most 200 characters', async () => {
    const { requests, user } = setup(many(5));
    await screen.findByRole('listitem', { name: 'Post 5' });
    expect(searchBox().maxLength).toBe(200);
    await user.type(searchBox(), '  zzz{Enter}');
    expect(listRequests(requests)).toContain('/api/blog?status=all&q=zzz&limit=21');
    expect(await screen.findByText('No posts match "zzz".')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  test('a search never made here, offline, needs a connection', async () => {
    const { user } = setup(many(5));
    await screen.findByRole('listitem', { name: 'Post 5' });
    mockFetch(() => offline());
    setOnline(false);
    await user.type(searchBox(), 'grace{Enter}');
    expect(await screen.findByText("You're offline. This search needs a connection.")).toBeTruthy();
  });
});
