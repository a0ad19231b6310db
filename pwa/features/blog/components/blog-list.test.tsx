import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, offline } from '#pwa/test/fetch';
import { setOnline } from '#pwa/test/online';
import { blogKeys } from '../api/keys';
import { aPost, renderAt, summaryOf } from '../test/fixtures';
import { BlogList } from './blog-list';

const grid = () => screen.getByRole('region', { name: 'Articles' });
const cardTitles = () => within(grid()).queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);

function posts(count: number, overrides: Parameters<typeof aPost>[0] = {}) {
  return Array.from({ length: count }, () => summaryOf(aPost(overrides)));
}

describe('/blog list', () => {
  test('shows 6 skeleton cards while loading, then the featured hero and the other posts', async () => {
    const featured = summaryOf(aPost({ title: 'The featured one', featured: true }));
    const others = posts(3);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const requests = mockFetch(async (r) => {
      if (r.path === '/api/blog/featured') return json(200, featured);
      await gate;
      return json(200, [featured, ...others]);
    });
    renderAt('/blog', '/blog', <BlogList />);
    const loading = await screen.findByRole('status', { name: 'Loading articles…' });
    expect(within(loading).getAllByTestId('card-skeleton')).toHaveLength(6);
    release();

    const hero = await screen.findByRole('article', { name: 'The featured one' });
    expect(within(hero).getByText('Featured')).toBeTruthy();
    expect(within(hero).getByRole('link', { name: /Read Article/ }).getAttribute('href')).toBe(`/blog/${featured.id}`);
    await waitFor(() => expect(cardTitles()).toEqual(others.map((p) => p.title)));
    expect(requests.map((r) => r.path)).toContain('/api/blog?limit=12&offset=0');
  });

  test('filters by category, keeping it in the URL; the hero shows only in its own category', async () => {
    const featured = summaryOf(aPost({ title: 'Featured apologetics', featured: true, category: 'apologetics' }));
    const theology = posts(2, { category: 'theology' });
    const requests = mockFetch((r) => {
      if (r.path === '/api/blog/featured') return json(200, featured);
      if (r.path === '/api/blog?category=theology&limit=12&offset=0') return json(200, theology);
      if (r.path === '/api/blog?limit=12&offset=0') return json(200, [featured, ...posts(2)]);
      return json(500, { message: `unexpected ${r.path}` });
    });
    const user = userEvent.setup();
    const { router } = renderAt('/blog', '/blog', <BlogList />);
    await screen.findByRole('article', { name: 'Featured apologetics' });
    const filter = screen.getByRole('group', { name: 'Filter by category' });
    expect(within(filter).getAllByRole('button').map((b) => b.textContent)).toEqual([
      'All',
      'Apologetics',
      'Bible Study',
      'Theology',
      'Christian Living',
      'Church History',
      'Ministry',
    ]);
    expect(within(filter).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(within(filter).getByRole('button', { name: 'Theology' }));
    await waitFor(() => expect(cardTitles()).toEqual(theology.map((p) => p.title)));
    expect(router.state.location.search).toBe('?category=theology');
    expect(within(filter).getByRole('button', { name: 'Theology' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('article', { name: 'Featured apologetics' })).toBeNull();
    expect(requests.some((r) => r.path === '/api/blog?category=theology&limit=12&offset=0')).toBe(true);

    await user.click(within(filter).getByRole('button', { name: 'All' }));
    await screen.findByRole('article', { name: 'Featured apologetics' });
    expect(router.state.location.search).toBe('');
  });

  test('reads the category from the URL and ignores one that is not a category', async () => {
    const requests = mockFetch((r) => {
      if (r.path === '/api/blog/featured') return json(200, null);
      return json(200, posts(1, { category: 'ministry' }));
    });
    renderAt('/blog?category=ministry', '/blog', <BlogList />);
    await waitFor(() => expect(cardTitles()).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Ministry' }).getAttribute('aria-pressed')).toBe('true');
    expect(requests.map((r) => r.path)).toContain('/api/blog?category=ministry&limit=12&offset=0');
  });

  test('an unknown category in the URL means all', async () => {
    const requests = mockFetch((r) => (r.path === '/api/blog/featured' ? json(200, null) : json(200, posts(2))));
    renderAt('/blog?category=astrology', '/blog', <BlogList />);
    await waitFor(() => expect(cardTitles()).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    expect(requests.map((r) => r.path)).toContain('/api/blog?limit=12&offset=0');
  });

  test("'Load More Articles' fetches the next page and goes when a page comes back short", async () => {
    const first = posts(12);
    const second = posts(12);
    const third = posts(3);
    const requests = mockFetch((r) => {
      if (r.path === '/api/blog/featured') return json(200, null);
      if (r.path === '/api/blog?limit=12&offset=0') return json(200, first);
      if (r.path === '/api/blog?limit=12&offset=12') return json(200, second);
      if (r.path === '/api/blog?limit=12&offset=24') return json(200, third);
      return json(500, { message: `unexpected ${r.path}` });
    });
    const user = userEvent.setup();
    renderAt('/blog', '/blog', <BlogList />);
    await waitFor(() => expect(cardTitles()).toHaveLength(12));

    await user.click(screen.getByRole('button', { name: 'Load More Articles' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(24));
    await user.click(screen.getByRole('button', { name: 'Load More Articles' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(27));
    expect(cardTitles()).toEqual([...first, ...second, ...third].map((p) => p.title));
    expect(screen.queryByRole('button', { name: 'Load More Articles' })).toBeNull();
    expect(requests.filter((r) => r.path.startsWith('/api/blog?'))).toHaveLength(3);
  });

  test('no Load More button when the first page is short', async () => {
    mockFetch((r) => (r.path === '/api/blog/featured' ? json(200, null) : json(200, posts(5))));
    renderAt('/blog', '/blog', <BlogList />);
    await waitFor(() => expect(cardTitles()).toHaveLength(5));
    expect(screen.queryByRole('button', { name: 'Load More Articles' })).toBeNull();
  });

  test('says so when the category has no posts', async () => {
    mockFetch((r) => (r.path === '/api/blog/featured' ? json(200, null) : json(200, [])));
    renderAt('/blog?category=church-history', '/blog', <BlogList />);
    expect(await screen.findByText('No blog posts found for the selected category.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load More Articles' })).toBeNull();
  });

  test('a failed list says so and can be tried again', async () => {
    let fail = true;
    mockFetch((r) => {
      if (r.path === '/api/blog/featured') return json(200, null);
      return fail ? json(500, { message: 'boom' }) : json(200, posts(2));
    });
    const user = userEvent.setup();
    renderAt('/blog', '/blog', <BlogList />);
    expect(await screen.findByText('Failed to fetch blog posts')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cardTitles()).toHaveLength(2));
  });
});

describe('/blog offline', () => {
  const DAY = 24 * 60 * 60 * 1000;

  test('a list saved 3 days ago shows with its hero and age, nothing is asked of the network, and Load More waits for the connection', async () => {
    const featured = summaryOf(aPost({ title: 'Saved featured', featured: true }));
    const page = posts(12);
    const requests = mockFetch(() => offline());
    setOnline(false);
    const updatedAt = Date.now() - 3 * DAY;
    renderAt('/blog', '/blog', <BlogList />, (queryClient) => {
      queryClient.setQueryData(blogKeys.featured(), featured, { updatedAt });
      queryClient.setQueryData(blogKeys.list('all'), { pages: [[featured, ...page]], pageParams: [0] }, { updatedAt });
    });
    expect(screen.getByRole('article', { name: 'Saved featured' })).toBeTruthy();
    expect(cardTitles()).toEqual(page.map((p) => p.title));
    expect(screen.getByTestId('saved-age').textContent).toBe('Offline · saved 3 days ago');
    const loadMore = screen.getByRole('button', { name: 'Load More Articles' }) as HTMLButtonElement;
    expect(loadMore.disabled).toBe(true);
    expect(screen.getByText("You're offline. Connect to load more articles.").closest('[role="status"]')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toEqual([]);
  });

  test('a list never opened here needs a connection (the hero stays out), and so does a category never opened', async () => {
    mockFetch(() => offline());
    setOnline(false);
    const user = userEvent.setup();
    renderAt('/blog', '/blog', <BlogList />);
    expect(await screen.findByText("You're offline. This page needs a connection the first time you open it.")).toBeTruthy();
    expect(screen.queryByText('Failed to fetch blog posts')).toBeNull();
    expect(screen.queryByRole('article')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Theology' }));
    expect(await screen.findByText("You're offline. This category needs a connection.")).toBeTruthy();
  });

  test("online, Load More getting no answer says it needs the connection, not 'Failed to fetch blog posts'", async () => {
    const first = posts(12);
    mockFetch((r) => {
      if (r.path === '/api/blog/featured') return json(200, null);
      if (r.path === '/api/blog?limit=12&offset=0') return json(200, first);
      return offline();
    });
    const user = userEvent.setup();
    renderAt('/blog', '/blog', <BlogList />);
    await waitFor(() => expect(cardTitles()).toHaveLength(12));
    await user.click(screen.getByRole('button', { name: 'Load More Articles' }));
    expect(await screen.findByText("You're offline. Connect to load more articles.")).toBeTruthy();
    expect(screen.queryByText('Failed to fetch blog posts')).toBeNull();
    expect(cardTitles()).toHaveLength(12);
  });
});
