import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Video } from '#contract/content';
import { json, mockFetch, offline, type Answer, type MockRequest } from '#pwa/test/fetch';
import { setOnline } from '#pwa/test/online';
import { renderApp } from '#pwa/test/render';

function aVideo(overrides: Partial<Video> = {}): Video {
  return {
    id: 1,
    title: 'Answering the Problem of Evil',
    description: 'A careful look at the logical and evidential problem.',
    category: 'apologetics',
    duration: '24:10',
    views: 12345,
    publishedAt: '2025-03-04T12:00:00.000Z',
    youtubeId: 'abc123XYZ_0',
    isShort: false,
    featured: false,
    ...overrides,
  };
}

const FAITH_RESULTS = [
  aVideo({ id: 22, title: 'Is Faith Blind? Hebrews 11:1 Explained', isShort: true, duration: '0:58' }),
  aVideo({ id: 14, title: 'Anxiety, Faith and Philippians 4:6-7', category: 'christian-living' }),
  aVideo({ id: 10, title: 'What Is Justification by Faith?', category: 'theology' }),
];

/** The app at `path`, signed out, the auth dialog closed; `answer` serves /api/videos. */
async function open(path: string, answer: (request: MockRequest) => Answer | Promise<Answer> = () => json(200, FAITH_RESULTS)) {
  const requests = mockFetch((request) => (request.path.startsWith('/api/videos') ? answer(request) : new Error(`unexpected ${request.path}`)));
  const user = userEvent.setup();
  const app = renderApp(path);
  // The first test also waits for the page's code to load.
  await screen.findByRole('heading', { level: 1, name: 'Video Library' }, { timeout: 5000 });
  const dialog = await waitFor(() => {
    const found = screen.getAllByRole('dialog', { hidden: true }).find((d) => d.textContent?.includes('Welcome to context is key')) as HTMLDialogElement | undefined;
    expect(found?.open).toBe(true);
    return found!;
  });
  act(() => dialog.close());
  return { ...app, requests, user, searchBox: screen.getByRole('searchbox', { name: 'Search videos' }) };
}

const main = () => within(screen.getByRole('main'));
const filterButton = (name: RegExp) => main().getByRole('button', { name });

describe('/videos before a search', () => {
  test('shows the prompt and no results, and fetches nothing', async () => {
    const { requests } = await open('/videos');
    expect(main().getByText('Start typing to search the video library.')).toBeTruthy();
    expect(main().queryAllByRole('link').filter((a) => a.getAttribute('href')?.startsWith('/watch/'))).toEqual([]);
    expect(filterButton(/^All/).getAttribute('aria-pressed')).toBe('true');
    expect(filterButton(/^All/).textContent).toBe('All');
    expect(requests).toEqual([]);
  });

  test('a blank query does not search, typed or submitted', async () => {
    const { requests, user, searchBox, router } = await open('/videos');
    await user.type(searchBox, '    {enter}');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requests).toEqual([]);
    expect(router.state.location.search).toBe('');
    expect(main().getByText('Start typing to search the video library.')).toBeTruthy();
  });
});

describe('/videos searching', () => {
  test('typing searches after a pause, keeps the query in the URL, and counts each filter', async () => {
    const { requests, user, searchBox, router } = await open('/videos');
    await user.type(searchBox, 'faith');
    expect(await main().findByRole('link', { name: /Is Faith Blind/ })).toBeTruthy();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/videos?q=faith']);
    expect(router.state.location.search).toBe('?q=faith');
    expect(filterButton(/^All/).textContent).toBe('All3');
    expect(filterButton(/^Videos/).textContent).toBe('Videos2');
    expect(filterButton(/^Shorts/).textContent).toBe('Shorts1');
    const hrefs = main()
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'))
      .filter((href) => href?.startsWith('/watch/'));
    expect(hrefs).toEqual(['/watch/22', '/watch/14', '/watch/10']);
    expect(main().getAllByText('12,345 views')).toHaveLength(3);
  });

  test('the filter shows only shorts or only full-length videos, and is kept in the URL', async () => {
    const { user, router } = await open('/videos?q=faith');
    await main().findByRole('link', { name: /Is Faith Blind/ });
    await user.click(filterButton(/^Shorts/));
    expect(filterButton(/^Shorts/).getAttribute('aria-pressed')).toBe('true');
    expect(main().queryByRole('link', { name: /Justification/ })).toBeNull();
    expect(main().getByRole('link', { name: /Is Faith Blind/ })).toBeTruthy();
    expect(router.state.location.search).toBe('?q=faith&type=shorts');
    await user.click(filterButton(/^Videos/));
    expect(main().queryByRole('link', { name: /Is Faith Blind/ })).toBeNull();
    expect(main().getByRole('link', { name: /Justification/ })).toBeTruthy();
    // The counts are of the current results, whatever filter is on.
    expect(filterButton(/^All/).textContent).toBe('All3');
  });

  test('a query in the URL (reload, back) fills the box and searches', async () => {
    const { requests, searchBox } = await open('/videos?q=faith&type=videos');
    await main().findByRole('link', { name: /Justification/ });
    expect((searchBox as HTMLInputElement).value).toBe('faith');
    expect(filterButton(/^Videos/).getAttribute('aria-pressed')).toBe('true');
    expect(requests.map((r) => r.path)).toEqual(['/api/videos?q=faith']);
  });

  test('Enter searches at once', async () => {
    const { requests, user, searchBox } = await open('/videos');
    await user.type(searchBox, 'trinity{enter}');
    await waitFor(() => expect(requests.map((r) => r.path)).toEqual(['/api/videos?q=trinity']));
  });

  test('shows a skeleton of 6 cards while searching', async () => {
    let release: () => void = () => undefined;
    await open('/videos?q=faith', () => new Promise((resolve) => (release = () => resolve(json(200, FAITH_RESULTS)))));
    expect(await main().findByRole('status', { name: 'Searching videos…' })).toBeTruthy();
    expect(main().getAllByTestId('card-skeleton')).toHaveLength(6);
    release();
    expect(await main().findByRole('link', { name: /Is Faith Blind/ })).toBeTruthy();
    expect(main().queryAllByTestId('card-skeleton')).toHaveLength(0);
  });

  test("a failed search says 'Failed to search videos', and Try again searches again", async () => {
    let fail = true;
    const { user, requests } = await open('/videos?q=faith', () => (fail ? json(500, { message: 'Internal error' }) : json(200, FAITH_RESULTS)));
    expect((await main().findByRole('alert')).textContent).toContain('Failed to search videos');
    fail = false;
    await user.click(main().getByRole('button', { name: 'Try again' }));
    expect(await main().findByRole('link', { name: /Is Faith Blind/ })).toBeTruthy();
    expect(requests).toHaveLength(2);
  });
});

describe('/videos with no matches', () => {
  test('All: No videos found matching "{query}", counts 0', async () => {
    await open('/videos?q=zzyzx', () => json(200, []));
    expect(await main().findByText('No videos found matching "zzyzx"')).toBeTruthy();
    expect(filterButton(/^All/).textContent).toBe('All0');
    expect(filterButton(/^Shorts/).textContent).toBe('Shorts0');
  });

  test('Shorts: No shorts found matching "{query}"', async () => {
    const { user } = await open('/videos?q=context', () => json(200, FAITH_RESULTS.filter((v) => !v.isShort)));
    await main().findByRole('link', { name: /Justification/ });
    await user.click(filterButton(/^Shorts/));
    expect(main().getByText('No shorts found matching "context"')).toBeTruthy();
  });

  test('Videos: No full-length videos found matching "{query}", the query as typed', async () => {
    const { user, searchBox } = await open('/videos?type=videos', () => json(200, FAITH_RESULTS.filter((v) => v.isShort)));
    await user.type(searchBox, 'Hebrews 11');
    expect(await main().findByText('No full-length videos found matching "Hebrews 11"')).toBeTruthy();
    expect(filterButton(/^Shorts/).textContent).toBe('Shorts1');
  });
});

describe('/videos and navigation', () => {
  test('clearing the box brings the prompt back and drops ?q=', async () => {
    const { user, searchBox, router } = await open('/videos?q=faith');
    await main().findByRole('link', { name: /Is Faith Blind/ });
    await user.clear(searchBox);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await main().findByText('Start typing to search the video library.')).toBeTruthy();
  });

  test('going back to an earlier query shows it in the box', async () => {
    const { router, searchBox } = await open('/videos?q=faith');
    await main().findByRole('link', { name: /Is Faith Blind/ });
    await act(() => router.navigate('/videos'));
    await waitFor(() => expect((searchBox as HTMLInputElement).value).toBe(''));
    await act(() => router.navigate(-1));
    await waitFor(() => expect((searchBox as HTMLInputElement).value).toBe('faith'));
    expect(await main().findByRole('link', { name: /Is Faith Blind/ })).toBeTruthy();
  });
});

describe('/videos offline', () => {
  test('a search answered before shows with its age; one never made here searches the videos on the device ("Offline results"), and "Search online" runs it once the signal is back', async () => {
    let reachable = true;
    const { user, searchBox, requests } = await open('/videos?q=faith', () => (reachable ? json(200, FAITH_RESULTS) : offline()));
    expect(await main().findByRole('link', { name: /Is Faith Blind/ })).toBeTruthy();
    expect(main().queryByTestId('saved-age')).toBeNull();

    reachable = false;
    setOnline(false);
    expect(main().getByTestId('saved-age').textContent).toBe('Offline · saved just now');

    await user.clear(searchBox);
    await user.type(searchBox, 'grace{enter}');
    expect(await main().findByRole('heading', { name: 'Offline results' })).toBeTruthy();
    expect((await main().findByText(/on this device.*“grace”|“grace”.*on this device|this device matches “grace”/)).getAttribute('role')).toBe('status');
    expect(main().queryByRole('alert')).toBeNull();
    expect(main().queryByText('Failed to search videos')).toBeNull();
    expect(main().queryAllByTestId('card-skeleton')).toHaveLength(0);

    // Back to the saved search: its results and filter counts, from the device.
    await user.clear(searchBox);
    await user.type(searchBox, 'faith{enter}');
    expect(await main().findByRole('link', { name: /Is Faith Blind/ })).toBeTruthy();
    expect(filterButton(/^All/).textContent).toBe('All3');
    expect(main().getByTestId('saved-age').textContent).toBe('Offline · saved just now');

    await user.clear(searchBox);
    await user.type(searchBox, 'grace{enter}');
    await main().findByRole('heading', { name: 'Offline results' });
    reachable = true;
    await user.click(main().getByRole('button', { name: 'Search online' }));
    expect(await main().findByRole('link', { name: /Is Faith Blind/ })).toBeTruthy();
    expect(requests.map((r) => r.path)).toContain('/api/videos?q=grace');
  });

  test("a server error (not the connection) still says 'Failed to search videos'", async () => {
    await open('/videos?q=faith', () => json(503, { message: 'Down for maintenance' }));
    expect((await main().findByRole('alert')).textContent).toContain('Failed to search videos');
    expect(main().queryByTestId('needs-connection')).toBeNull();
  });
});
