import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BlogPostSummary, Video } from '#contract/content';
import { json, mockFetch, offline } from '#pwa/test/fetch';
import { setOnline } from '#pwa/test/online';
import { aUser, renderApp, storeUser } from '#pwa/test/render';

const aVideo = (id: number, overrides: Partial<Video> = {}): Video => ({
  id,
  title: `Video ${id}`,
  description: `About video ${id}.`,
  category: 'apologetics',
  duration: '12:34',
  views: 1000 * id,
  publishedAt: '2025-03-01T00:00:00.000Z',
  youtubeId: `yt${id}`,
  isShort: false,
  featured: false,
  ...overrides,
});

const aPost: BlogPostSummary = {
  id: 4,
  title: 'Five Questions to Ask of Any Verse',
  excerpt: 'A verse without its context can be made to say almost anything.',
  category: 'bible-study',
  readTime: 7,
  views: 31574,
  publishedAt: '2025-03-01T00:00:00.000Z',
  thumbnailUrl: null,
  coverImageUrl: null,
  coverImageAlt: null,
  featured: true,
  isExternal: false,
  substackUrl: null,
};

const featuredVideo = aVideo(9, { title: 'Does Jeremiah 29:11 Mean What You Think?', description: 'It is printed on graduation cards.', views: 64520, duration: '18:47', featured: true });

/** The API the home page calls; the search page answers too, for the search box's journey. */
function api({ popular = [aVideo(1), aVideo(2), aVideo(3)] as Video[] } = {}) {
  return mockFetch((request) => {
    const path = request.path.split('?')[0];
    if (path === '/api/devotional/today') return json(404, { message: "Today's devotional is being prepared. Please check back later." });
    if (path === '/api/videos/popular') return json(200, popular);
    if (path === '/api/videos/featured') return json(200, featuredVideo);
    if (path === '/api/blog/featured') return json(200, aPost);
    if (path === '/api/search') return json(200, { videos: [], blogPosts: [] });
    return json(404, { message: 'Not found' });
  });
}

async function openHome(options?: Parameters<typeof api>[0]) {
  const requests = api(options);
  const user = userEvent.setup();
  const app = renderApp('/');
  // The page is a lazy chunk: its first import can take a while on a busy machine.
  await screen.findByRole('heading', { level: 1, name: 'context is key' }, { timeout: 10_000 });
  const dialog = screen.getAllByRole('dialog', { hidden: true }).find((d) => d.textContent?.includes('Welcome to context is key')) as HTMLDialogElement | undefined;
  if (dialog?.open) act(() => dialog.close());
  return { ...app, requests, user };
}

const main = () => within(screen.getByRole('main'));

describe('home', () => {
  test('hero: title, tagline and the two buttons', async () => {
    await openHome();
    expect(main().getByText('Where truth is vital and where love is necessary')).toBeTruthy();
    expect(main().getByRole('link', { name: 'Watch Videos' }).getAttribute('href')).toBe('/videos');
    expect(main().getByRole('link', { name: 'Read Articles' }).getAttribute('href')).toBe('/blog');
  });

  test("sections in the product's order (docs/product.md#home), headings under the one h1", async () => {
    await openHome();
    await main().findByRole('heading', { name: 'Most Popular Videos' });
    await main().findByRole('heading', { name: 'FEATURED ARTICLE' });
    const h2s = main()
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent?.trim());
    expect(h2s).toEqual(['Daily Devotional', 'Search Our Content', 'Most Popular Videos', 'FEATURED VIDEO', 'FEATURED ARTICLE', 'Explore', 'Stay Updated']);
    expect(main().getByText("Today's devotional is being prepared. Please check back later.")).toBeTruthy();
  });

  test("'Most Popular Videos' shows the first 2 as cards opening /watch/{id}", async () => {
    await openHome();
    const section = (await main().findByRole('heading', { name: 'Most Popular Videos' })).closest('section')!;
    const links = within(section).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/watch/1', '/watch/2']);
    expect(within(section).getByText('Video 1')).toBeTruthy();
    expect(within(section).queryByText('Video 3')).toBeNull();
  });

  test.each([['none', []], ['one', [aVideo(1)]]])("'Most Popular Videos' is hidden with fewer than 2 (%s)", async (_n, popular) => {
    const { requests } = await openHome({ popular });
    await main().findByRole('heading', { name: 'FEATURED VIDEO' });
    await waitFor(() => expect(requests.map((r) => r.path)).toContain('/api/videos/popular'));
    await new Promise((r) => setTimeout(r, 20));
    expect(main().queryByRole('heading', { name: 'Most Popular Videos' })).toBeNull();
    expect(main().queryByText('Video 1')).toBeNull();
  });

  test("'FEATURED VIDEO': title, description, views, duration and 'Watch Video'", async () => {
    await openHome();
    const block = (await main().findByRole('heading', { name: 'FEATURED VIDEO' })).closest('section')!;
    expect(within(block).getByRole('heading', { level: 3, name: 'Does Jeremiah 29:11 Mean What You Think?' })).toBeTruthy();
    expect(within(block).getByText('It is printed on graduation cards.')).toBeTruthy();
    expect(block.textContent).toContain(`${(64520).toLocaleString()} views`);
    expect(block.textContent).toContain('18:47');
    expect(within(block).getByRole('link', { name: 'Watch Video' }).getAttribute('href')).toBe('/watch/9');
  });

  test("'FEATURED ARTICLE': title, excerpt, views, read time and 'Read Article'", async () => {
    await openHome();
    const block = (await main().findByRole('heading', { name: 'FEATURED ARTICLE' })).closest('section')!;
    expect(within(block).getByRole('heading', { level: 3, name: 'Five Questions to Ask of Any Verse' })).toBeTruthy();
    expect(within(block).getByText(aPost.excerpt!)).toBeTruthy();
    expect(block.textContent).toContain(`${(31574).toLocaleString()} views`);
    expect(block.textContent).toContain('7 min read');
    expect(within(block).getByRole('link', { name: 'Read Article' }).getAttribute('href')).toBe('/blog/4');
  });

  test('tiles: All Videos, All Articles, and Subscribe in a new tab', async () => {
    await openHome();
    expect(main().getByRole('link', { name: /^All Videos/ }).getAttribute('href')).toBe('/videos');
    expect(main().getByRole('link', { name: /^All Articles/ }).getAttribute('href')).toBe('/blog');
    const subscribe = main().getByRole('link', { name: /^Subscribe \(opens in a new tab\)/ });
    expect(subscribe.getAttribute('href')).toBe('https://www.youtube.com/@contextiskey?sub_confirmation=1');
    expect(subscribe.getAttribute('target')).toBe('_blank');
    expect(subscribe.getAttribute('rel')).toBe('noopener noreferrer');
  });

  test("the 'Search Our Content' box ignores blanks and goes to /search?q={trimmed query}", async () => {
    const { router, user } = await openHome();
    const box = main().getByPlaceholderText('Search videos, articles, and topics...');
    expect(main().getByRole('search', { name: 'Search Our Content' }).contains(box)).toBe(true);
    await user.type(box, '    {enter}');
    await user.click(main().getByRole('button', { name: 'Search' }));
    expect(router.state.location.pathname).toBe('/');
    await user.type(box, '  problem of evil {enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=problem%20of%20evil');
  });
});

describe('home offline, never opened on this device', () => {
  test('the hero, search, tiles and newsletter show; the devotional needs a connection; popular and featured stay out of the way', async () => {
    mockFetch(() => offline());
    setOnline(false);
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'context is key' }, { timeout: 10_000 });
    const status = await main().findByText("You're offline. Today's devotional needs a connection.");
    expect(status.getAttribute('role')).toBe('status');
    expect(main().getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(main().queryByText("Today's devotional is being prepared. Please check back later.")).toBeNull();
    await waitFor(() => expect(main().queryAllByRole('status', { name: /Loading the featured/ })).toEqual([]));
    const h2s = main()
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent?.trim());
    expect(h2s).toEqual(['Daily Devotional', 'Search Our Content', 'Explore', 'Stay Updated']);
  });
});

describe("home: 'Continue where you left off'", () => {
  const MINUTE = 60_000;
  const position = (kind: 'video' | 'blog', id: number, minutesAgo: number, progress: number) => ({
    kind,
    id,
    title: `${kind === 'video' ? 'Video' : 'Post'} ${id}`,
    thumbnailUrl: null,
    coverImageUrl: null,
    coverImageAlt: null,
    position: kind === 'video' ? progress * 600 : progress,
    progress,
    savedAt: Date.now() - minutesAgo * MINUTE,
  });
  const keep = (...positions: ReturnType<typeof position>[]) => localStorage.setItem('cik-resume', JSON.stringify(positions));
  const section = () => main().queryByRole('region', { name: 'Continue where you left off' });

  beforeEach(async () => {
    // The store keeps its own copy in memory: each test starts from what localStorage holds.
    (await import('#pwa/features/resume/resume-store')).resetPositionsCache();
  });

  test('not there when nothing was started on this device', async () => {
    await openHome();
    await main().findByRole('heading', { name: 'FEATURED VIDEO' });
    expect(section()).toBeNull();
  });

  test('up to 4 unfinished items, newest first: title, kind, how far, and a link back to that point', async () => {
    keep(position('video', 1, 50, 0.1), position('blog', 4, 1, 0.45), position('video', 2, 5, 0.62), position('blog', 5, 30, 0.2), position('video', 3, 20, 0.99), position('blog', 6, 40, 0.3));
    await openHome();
    const found = await main().findByRole('region', { name: 'Continue where you left off' });
    const links = within(found).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/blog/4', '/watch/2', '/blog/5', '/blog/6']);
    const first = within(links[0]!);
    expect(first.getByRole('heading', { level: 3, name: 'Post 4' })).toBeTruthy();
    expect(first.getByText('Article')).toBeTruthy();
    expect(first.getByText('45% read')).toBeTruthy();
    expect(first.getByRole('progressbar').getAttribute('value')).toBe('45');
    const second = within(links[1]!);
    expect(second.getByText('Video')).toBeTruthy();
    expect(second.getByText('62% watched')).toBeTruthy();
    // Before the devotional: the reader's own place first.
    const h2s = main()
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent?.trim());
    expect(h2s.slice(0, 2)).toEqual(['Continue where you left off', 'Daily Devotional']);
  });

  test('signed in: what the reader marked complete (on any device) is left out', async () => {
    const me = aUser();
    storeUser(me);
    keep(position('video', 1, 1, 0.5), position('blog', 4, 2, 0.3));
    mockFetch((request) => {
      const path = request.path.split('?')[0];
      if (path === '/api/auth/me') return json(200, me);
      if (path === '/api/users/7/progress') return json(200, [{ userId: 7, contentType: 'video', contentId: 1, completed: true, progressPercent: 100, updatedAt: '2026-01-01T00:00:00.000Z' }]);
      if (path === '/api/videos/featured') return json(200, featuredVideo);
      if (path === '/api/blog/featured') return json(200, aPost);
      return json(404, { message: 'Not found' });
    });
    renderApp('/');
    const found = await main().findByRole('region', { name: 'Continue where you left off' }, { timeout: 10_000 });
    await waitFor(() => expect(within(found).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/blog/4']));
  });

  test('an item finished in another tab leaves the list', async () => {
    keep(position('video', 1, 1, 0.5), position('blog', 4, 2, 0.3));
    await openHome();
    await main().findByRole('region', { name: 'Continue where you left off' });
    keep(position('blog', 4, 2, 0.3));
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: 'cik-resume' })));
    await waitFor(() => expect(within(section()!).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/blog/4']));
  });
});
