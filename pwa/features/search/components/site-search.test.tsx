import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BlogPostSummary, Video } from '#contract/content';
import { json, mockFetch, offline, type MockRequest } from '#pwa/test/fetch';
import { setOnline } from '#pwa/test/online';
import { renderApp } from '#pwa/test/render';
import { renderAppWithSaved } from '#pwa/test/render-saved';
import { searchKeys } from '../api/search';
import { POPULAR_TOPICS, resultLine } from './topics';
import { MOST_SHOWN } from './site-search';

const aVideo = (overrides: Partial<Video> = {}): Video => ({
  id: 1,
  title: 'Grace in Context',
  description: 'What grace meant to its first readers.',
  category: 'theology',
  duration: '12:34',
  views: 1234,
  publishedAt: '2025-02-01T00:00:00.000Z',
  youtubeId: 'abc123',
  isShort: false,
  featured: false,
  ...overrides,
});

const aPost = (overrides: Partial<BlogPostSummary> = {}): BlogPostSummary => ({
  id: 2,
  title: 'Amazing Grace, Carefully Read',
  excerpt: 'Reading Ephesians 2 in context.',
  category: 'bible-study',
  readTime: 6,
  views: 50,
  publishedAt: '2025-01-15T00:00:00.000Z',
  thumbnailUrl: null,
  coverImageUrl: null,
  coverImageAlt: null,
  featured: false,
  isExternal: false,
  substackUrl: null,
  ...overrides,
});

function answer(results: (q: string) => { videos: Video[]; blogPosts: BlogPostSummary[] }) {
  return (request: MockRequest) => {
    const url = new URL(request.path, 'http://localhost');
    if (url.pathname === '/api/search') return json(200, results(url.searchParams.get('q') ?? ''));
    return json(404, { message: 'Not found' });
  };
}

const main = () => within(screen.getByRole('main'));
const searchRequests = (requests: MockRequest[]) => requests.filter((r) => r.path.startsWith('/api/search'));

describe('site search', () => {
  test('with no query it offers the 12 popular topics and searches nothing; a chip searches for its topic', async () => {
    const requests = mockFetch(answer(() => ({ videos: [aVideo()], blogPosts: [] })));
    const { router } = renderApp('/search');
    const topics = await main().findByRole('region', { name: 'Popular topics' });
    const chips = within(topics).getAllByRole('link');
    expect(chips.map((c) => c.textContent)).toEqual([...POPULAR_TOPICS]);
    expect(chips).toHaveLength(12);
    expect(searchRequests(requests)).toHaveLength(0);

    await userEvent.click(within(topics).getByRole('link', { name: 'Holy Spirit' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=Holy%20Spirit'));
    await main().findByText(resultLine(1, 'Holy Spirit'));
    expect(searchRequests(requests).map((r) => r.path)).toEqual(['/api/search?q=Holy+Spirit']);
  });

  test('a whitespace-only q is no query', async () => {
    const requests = mockFetch(answer(() => ({ videos: [], blogPosts: [] })));
    renderApp('/search?q=%20%20');
    await main().findByRole('region', { name: 'Popular topics' });
    expect(searchRequests(requests)).toHaveLength(0);
  });

  test('results are grouped under Videos and Articles with the "Found N results" line', async () => {
    mockFetch(answer(() => ({ videos: [aVideo(), aVideo({ id: 3, title: 'Grace and Law' })], blogPosts: [aPost()] })));
    renderApp('/search?q=grace');
    expect(await main().findByText('Found 3 results for "grace"')).toBeTruthy();
    const videos = main().getByRole('region', { name: 'Videos' });
    expect(within(videos).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/watch/1', '/watch/3']);
    const articles = main().getByRole('region', { name: 'Articles' });
    expect(within(articles).getByRole('link', { name: /Amazing Grace, Carefully Read/ }).getAttribute('href')).toBe('/blog/2');
    expect(main().queryByRole('region', { name: 'Popular topics' })).toBeNull();
  });

  test("more matches than the first 20 of a kind: 'Show more results' asks for the best 50 and shows them all, the first ones staying meanwhile", async () => {
    /** `n` matches of each kind, as the API ranks them; `limit` of each are answered. */
    const matches = (n: number, limit: number) => ({
      videos: Array.from({ length: Math.min(n, limit) }, (_, i) => aVideo({ id: 100 + i, title: `Video ${i + 1}` })),
      blogPosts: Array.from({ length: Math.min(n - 5, limit) }, (_, i) => aPost({ id: 500 + i, title: `Post ${i + 1}` })),
    });
    const requests = mockFetch((request) => {
      const url = new URL(request.path, 'http://localhost');
      return json(200, matches(70, Number(url.searchParams.get('limit') ?? 20)));
    });
    renderApp('/search?q=the');
    expect(await main().findByText('Found 40 results for "the"')).toBeTruthy();
    await userEvent.click(main().getByRole('button', { name: 'Show more results' }));
    expect(await main().findByText('Found 100 results for "the"')).toBeTruthy();
    expect(within(main().getByRole('region', { name: 'Videos' })).getAllByRole('link')).toHaveLength(50);
    expect(main().queryByRole('button', { name: 'Show more results' })).toBeNull();
    expect(main().getByText(MOST_SHOWN)).toBeTruthy();
    expect(searchRequests(requests).map((r) => r.path)).toEqual(['/api/search?q=the', '/api/search?q=the&limit=50']);
  });

  test("all matches shown (fewer than 20 of each): no 'Show more results'; a failed 'more' says so and keeps the first ones", async () => {
    let fail = false;
    mockFetch((request) => {
      const url = new URL(request.path, 'http://localhost');
      if (url.searchParams.get('limit') === '50' && fail) return json(503, { message: 'Busy' });
      const n = url.searchParams.get('q') === 'few' ? 3 : 20;
      return json(200, { videos: Array.from({ length: n }, (_, i) => aVideo({ id: 100 + i })), blogPosts: [] });
    });
    const { router } = renderApp('/search?q=few');
    expect(await main().findByText('Found 3 results for "few"')).toBeTruthy();
    expect(main().queryByRole('button', { name: 'Show more results' })).toBeNull();

    fail = true;
    await act(() => router.navigate('/search?q=many'));
    expect(await main().findByText('Found 20 results for "many"')).toBeTruthy();
    await userEvent.click(main().getByRole('button', { name: 'Show more results' }));
    expect((await main().findByRole('alert')).textContent).toBe('Failed to search. Please try again.');
    expect(main().getByText('Found 20 results for "many"')).toBeTruthy();
  });

  test('one result reads "1 result"; a group with no results is left out', async () => {
    mockFetch(answer(() => ({ videos: [], blogPosts: [aPost()] })));
    renderApp('/search?q=ephesians');
    expect(await main().findByText('Found 1 result for "ephesians"')).toBeTruthy();
    expect(main().queryByRole('region', { name: 'Videos' })).toBeNull();
    expect(main().getByRole('region', { name: 'Articles' })).toBeTruthy();
  });

  test('no results: the message links to the video library and the blog', async () => {
    mockFetch(answer(() => ({ videos: [], blogPosts: [] })));
    renderApp('/search?q=zzzz');
    expect(await main().findByText('Found 0 results for "zzzz"')).toBeTruthy();
    expect(main().getByText('No videos or articles match your search.')).toBeTruthy();
    expect(main().getByRole('link', { name: 'video library' }).getAttribute('href')).toBe('/videos');
    expect(main().getByRole('link', { name: 'blog' }).getAttribute('href')).toBe('/blog');
  });

  test('shows loading skeletons while searching', async () => {
    // Search requests wait until released; one sent after that (a refetch) is answered at once.
    const waiting: ((r: Response) => void)[] = [];
    let released = false;
    const noResults = () => json(200, { videos: [], blogPosts: [] });
    mockFetch((request) =>
      !request.path.startsWith('/api/search') ? json(404, {}) : released ? noResults() : new Promise<Response>((resolve) => waiting.push(resolve)),
    );
    renderApp('/search?q=grace');
    const loading = await main().findByRole('status', { name: 'Searching…' });
    expect(within(loading).getAllByTestId('card-skeleton')).toHaveLength(6);
    released = true;
    for (const release of waiting) release(noResults());
    await main().findByText('Found 0 results for "grace"');
  });

  test('a failed search says "Failed to search"', async () => {
    mockFetch((request) => (request.path.startsWith('/api/search') ? json(500, { message: 'boom' }) : json(404, {})));
    renderApp('/search?q=grace');
    expect((await main().findByRole('alert')).textContent).toContain('Failed to search');
  });

  test('the page box searches for its trimmed text and shows the URL query', async () => {
    const requests = mockFetch(answer(() => ({ videos: [], blogPosts: [] })));
    const { router } = renderApp('/search?q=grace');
    const box = await main().findByRole('searchbox', { name: 'Search videos, articles, and topics' });
    expect((box as HTMLInputElement).value).toBe('grace');
    await userEvent.clear(box);
    await userEvent.type(box, '  problem of evil  {Enter}');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('problem of evil'));
    await main().findByText('Found 0 results for "problem of evil"');
    expect(searchRequests(requests).at(-1)?.path).toBe('/api/search?q=problem+of+evil');
  });

  test('Enter is answered at once: the Search button says it is searching until the search’s page is there, the same query again too', async () => {
    mockFetch(answer(() => ({ videos: [], blogPosts: [] })));
    const { router } = renderApp('/search?q=grace');
    const box = await main().findByRole('searchbox', { name: 'Search videos, articles, and topics' });
    await main().findByText('Found 0 results for "grace"');
    // Every value the button's aria-busy had before it changed: a commit of its own, drawn before the next page.
    const busy: (string | null)[] = [];
    const observer = new MutationObserver((records) => busy.push(...records.map((r) => r.oldValue)));
    observer.observe(screen.getByRole('main'), { subtree: true, attributes: true, attributeFilter: ['aria-busy'], attributeOldValue: true });
    try {
      const before = router.state.location.key;
      await userEvent.type(box, '{Enter}');
      await waitFor(() => expect(router.state.location.key).not.toBe(before));
      await main().findByText('Found 0 results for "grace"');
      expect(busy).toContain('true');
      expect(main().getByRole('button', { name: 'Search' }).hasAttribute('aria-busy')).toBe(false);
    } finally {
      observer.disconnect();
    }
  });
});

describe('site search offline', () => {
  const DAY = 24 * 60 * 60 * 1000;

  test('a search made here 4 days ago shows its results with "Offline · saved 4 days ago" and asks nothing of the network', async () => {
    const requests = mockFetch(() => offline());
    setOnline(false);
    renderAppWithSaved('/search?q=grace', (queryClient) =>
      queryClient.setQueryData(searchKeys.results('grace'), { videos: [aVideo()], blogPosts: [aPost()] }, { updatedAt: Date.now() - 4 * DAY }),
    );
    expect(await main().findByText(resultLine(2, 'grace'))).toBeTruthy();
    expect(main().getByRole('link', { name: /Grace in Context/ })).toBeTruthy();
    expect(main().getByTestId('saved-age').textContent).toBe('Offline · saved 4 days ago');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(searchRequests(requests)).toEqual([]);
  });

  test('a search never made here searches the device instead (not "Failed to search"), labelled "Offline results"; "Search online" runs it when the signal is back', async () => {
    let reachable = false;
    mockFetch((request) => (reachable ? answer(() => ({ videos: [aVideo()], blogPosts: [] }))(request) : offline()));
    setOnline(false);
    renderApp('/search?q=grace');
    expect(await main().findByRole('heading', { name: 'Offline results' })).toBeTruthy();
    expect(await main().findByText(/Nothing on this device matches “grace”\. The full search needs a connection\./)).toBeTruthy();
    expect(main().queryByText('Failed to search')).toBeNull();
    expect(main().getByRole('searchbox')).toBeTruthy();
    reachable = true;
    await userEvent.click(main().getByRole('button', { name: 'Search online' }));
    expect(await main().findByText(resultLine(1, 'grace'))).toBeTruthy();
  });

  test('offline, what this device has that matches is found: a video and an article seen in other lists, by a word prefix', async () => {
    mockFetch(() => offline());
    setOnline(false);
    renderAppWithSaved('/search?q=gra', (queryClient) => {
      queryClient.setQueryData(['videos', 'search', 'context'], [aVideo(), aVideo({ id: 9, title: 'Unrelated Lecture', description: 'Nothing here.', youtubeId: 'zzz' })]);
      queryClient.setQueryData(['blog', 'list', 'all'], { pages: [[aPost()]], pageParams: [undefined] });
    });
    expect(await main().findByRole('heading', { name: 'Offline results' })).toBeTruthy();
    expect(await main().findByText(/2 matches on this device for “gra”/)).toBeTruthy();
    expect(main().getByRole('link', { name: /Grace in Context/ })).toBeTruthy();
    expect(main().getByRole('link', { name: /Amazing Grace, Carefully Read/ })).toBeTruthy();
    expect(main().queryByRole('link', { name: /Unrelated Lecture/ })).toBeNull();
  });
});
