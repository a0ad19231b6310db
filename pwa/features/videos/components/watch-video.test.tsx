import { StrictMode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Video } from '#contract/content';
import { json, mockFetch, offline, type Answer, type MockRequest } from '#pwa/test/fetch';
import { createQueryClient } from '#pwa/lib/query-client';
import { setOnline } from '#pwa/test/online';
import { renderApp } from '#pwa/test/render';
import { renderAppWithSaved } from '#pwa/test/render-saved';
import { videoKeys } from '../api/video-keys';
import { useCountVideoView } from '../api/count-video-view';

const VIDEO: Video = {
  id: 5,
  title: 'Did Jesus Even Exist? What Historians Actually Say',
  description: 'What Tacitus, Josephus and Paul tell us.\nAnd what they do not.',
  category: 'apologetics',
  duration: '18:42',
  views: 4321,
  publishedAt: '2025-03-04T12:00:00.000Z',
  youtubeId: 'yt_Jesus-01',
  isShort: false,
  featured: false,
};

/**
 * The app at `path`, signed out, the auth dialog closed. `video` answers the video calls; the
 * study features on the page (comments) get empty answers.
 */
async function open(path: string, video: (request: MockRequest) => Answer | Promise<Answer>, saved?: { video: Video; updatedAt: number }) {
  const requests = mockFetch((request) => {
    if (request.path.startsWith('/api/videos')) return video(request);
    if (request.path.startsWith('/api/comments')) return json(200, []);
    return new Error(`unexpected ${request.method} ${request.path}`);
  });
  const user = userEvent.setup();
  const app = saved ? renderSaved(path, saved) : renderApp(path);
  const dialog = await waitFor(
    () => {
    const found = screen.getAllByRole('dialog', { hidden: true }).find((d) => d.textContent?.includes('Welcome to context is key')) as HTMLDialogElement | undefined;
    expect(found?.open).toBe(true);
    return found!;
    },
    { timeout: 5000 },
  );
  // Async, so what the page does next (the resume player's IFrame API failing here) settles inside act.
  await act(async () => dialog.close());
  return { ...app, requests, user };
}

/** The app at `path` with a video saved on this device by an earlier visit (the persisted query cache). */
const renderSaved = (path: string, saved: { video: Video; updatedAt: number }) =>
  renderAppWithSaved(path, (queryClient) => queryClient.setQueryData(videoKeys.detail(saved.video.id), saved.video, { updatedAt: saved.updatedAt }));

const DAY = 24 * 60 * 60 * 1000;
const main = () => within(screen.getByRole('main'));
const videoCalls = (requests: MockRequest[]) => requests.filter((r) => r.path.startsWith('/api/videos')).map((r) => `${r.method} ${r.path}`);

const answerVideo = (request: MockRequest) =>
  request.method === 'POST' && request.path === '/api/videos/5/views' ? json(200, { id: 5, views: VIDEO.views + 1 }) : json(200, VIDEO);

describe('/watch/{id}', () => {
  test('shows the player and the details, and registers one view', async () => {
    const { requests } = await open('/watch/5', answerVideo);
    expect(await main().findByRole('heading', { level: 1, name: VIDEO.title })).toBeTruthy();
    // The route's resume player falls back to this plain embed: the IFrame API cannot load here.
    const player = await main().findByTitle(`Video player: ${VIDEO.title}`);
    expect(player.tagName).toBe('IFRAME');
    expect(player.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/yt_Jesus-01?autoplay=1');
    expect(player.getAttribute('allow')).toBe('autoplay; encrypted-media; picture-in-picture');
    expect(player.hasAttribute('allowfullscreen')).toBe(true);
    expect(player.parentElement?.className).toContain('aspect-video');
    expect(main().getByText('Apologetics')).toBeTruthy();
    expect(main().getByText('18:42', { exact: false })).toBeTruthy();
    expect(main().getByText('March 4, 2025')).toBeTruthy();
    expect(main().getByText(/What Tacitus, Josephus and Paul tell us/)).toBeTruthy();
    expect(main().getByRole('link', { name: 'Back to Videos' }).getAttribute('href')).toBe('/videos');
    // The count shown becomes the server's total, which includes this view.
    expect(await main().findByText('4,322 views')).toBeTruthy();
    expect(videoCalls(requests)).toEqual(['GET /api/videos/5', 'POST /api/videos/5/views']);
    expect(requests.find((r) => r.method === 'POST')?.body).toBeUndefined();
    expect(document.title).toBe(`${VIDEO.title} · context is key`);
  });

  test('composes bookmark, mark complete, notes and comments', async () => {
    await open('/watch/5', answerVideo);
    await main().findByRole('heading', { level: 1, name: VIDEO.title });
    // The study tools load just after the video (their own chunk, with IndexedDB).
    expect(await main().findByRole('heading', { name: 'Your Notes' })).toBeTruthy();
    expect(await main().findByRole('heading', { name: /Comments/ })).toBeTruthy();
    expect(await main().findByRole('button', { name: /Bookmark/ })).toBeTruthy();
  });

  test('a view that cannot be registered (offline) changes nothing on screen', async () => {
    const { requests } = await open('/watch/5', (request) => (request.method === 'POST' ? offline() : json(200, VIDEO)));
    expect(await main().findByRole('heading', { level: 1, name: VIDEO.title })).toBeTruthy();
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(main().getByText('4,321 views')).toBeTruthy();
  });

  test("a missing video: 'Video Not Found' with a way back, and no view", async () => {
    const { requests, user, router } = await open('/watch/99999', () => json(404, { message: 'Video not found' }));
    expect(await main().findByRole('heading', { level: 1, name: 'Video Not Found' })).toBeTruthy();
    expect(videoCalls(requests)).toEqual(['GET /api/videos/99999']);
    await user.click(main().getByRole('link', { name: 'Back to Videos' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/videos'));
  });

  test("an id that is not a number is 'Video Not Found' without a request", async () => {
    const { requests } = await open('/watch/abc', () => json(500, {}));
    expect(await main().findByRole('heading', { level: 1, name: 'Video Not Found' })).toBeTruthy();
    expect(videoCalls(requests)).toEqual([]);
  });

  test("a failed load says 'Failed to fetch video', and Try again loads it", async () => {
    let fail = true;
    const { user } = await open('/watch/5', (request) => (fail && request.method === 'GET' ? json(500, { message: 'boom' }) : answerVideo(request)));
    expect((await main().findByRole('alert')).textContent).toContain('Failed to fetch video');
    expect(main().getByRole('link', { name: 'Back to Videos' })).toBeTruthy();
    fail = false;
    await user.click(main().getByRole('button', { name: 'Try again' }));
    expect(await main().findByRole('heading', { level: 1, name: VIDEO.title })).toBeTruthy();
  });
});

describe('/watch/{id} offline', () => {
  const player = () => main().queryByTitle(`Video player: ${VIDEO.title}`);

  test('a video saved 3 days ago: its details with "Offline · saved 3 days ago", no request, and the player needs a connection until the signal returns', async () => {
    let reachable = false;
    setOnline(false);
    const { requests } = await open('/watch/5', (request) => (reachable ? answerVideo(request) : offline()), { video: VIDEO, updatedAt: Date.now() - 3 * DAY });
    expect(await main().findByRole('heading', { level: 1, name: VIDEO.title })).toBeTruthy();
    expect(main().getByText(/What Tacitus, Josephus and Paul tell us/)).toBeTruthy();
    expect(main().getByTestId('saved-age').textContent).toBe('Offline · saved 3 days ago');
    expect(main().getByTestId('saved-age').getAttribute('role')).toBe('status');
    expect(main().getByText('The video player needs a connection.')).toBeTruthy();
    expect(main().getByTestId('player-offline').className).toContain('aspect-video');
    expect(player()).toBeNull();
    // Shown from the device: not fetched again while offline (the view cannot be counted either).
    expect(videoCalls(requests).filter((call) => call.startsWith('GET'))).toEqual([]);

    reachable = true;
    setOnline(true);
    await waitFor(() => expect(player()?.tagName).toBe('IFRAME'));
    expect(main().queryByText('The video player needs a connection.')).toBeNull();
    // Back online the saved copy is checked with the server and the note goes.
    await waitFor(() => expect(main().queryByTestId('saved-age')).toBeNull());
    expect(videoCalls(requests)).toContain('GET /api/videos/5');
  });

  test('a player already playing stays when the signal drops (its buffer goes on); the details say they are saved', async () => {
    await open('/watch/5', answerVideo);
    await main().findByRole('heading', { level: 1, name: VIDEO.title });
    await waitFor(() => expect(player()?.tagName).toBe('IFRAME'));
    setOnline(false);
    expect(player()?.tagName).toBe('IFRAME');
    expect(main().getByTestId('saved-age').textContent).toBe('Offline · saved just now');
  });

  test("online, a saved video whose check gets no answer stays on screen, never 'Failed to fetch video'", async () => {
    const { requests } = await open('/watch/5', () => offline(), { video: VIDEO, updatedAt: Date.now() - 2 * DAY });
    await waitFor(() => expect(videoCalls(requests)).toContain('GET /api/videos/5'));
    await waitFor(() => expect(main().getByTestId('saved-age').textContent).toBe('Offline · saved 2 days ago'));
    expect(main().getByRole('heading', { level: 1, name: VIDEO.title })).toBeTruthy();
    expect(main().queryByText('Failed to fetch video')).toBeNull();
    await waitFor(() => expect(player()?.tagName).toBe('IFRAME'));
  });

  test("a video seen before that an editor has since deleted: the server says 404, 'Video Not Found', the saved copy is not shown", async () => {
    await open('/watch/5', () => json(404, { message: 'Video not found' }), { video: VIDEO, updatedAt: Date.now() - DAY });
    expect(await main().findByRole('heading', { level: 1, name: 'Video Not Found' })).toBeTruthy();
    expect(main().queryByRole('heading', { level: 1, name: VIDEO.title })).toBeNull();
    expect(player()).toBeFalsy();
  });

  test('a video never opened on this device: it needs a connection, with Back to Videos and Retry', async () => {
    let reachable = false;
    setOnline(false);
    const { user } = await open('/watch/5', (request) => (reachable ? answerVideo(request) : offline()));
    const status = await main().findByText("You're offline. This page needs a connection the first time you open it.");
    expect(status.getAttribute('role')).toBe('status');
    expect(main().getByRole('link', { name: 'Back to Videos' })).toBeTruthy();
    expect(main().queryByRole('alert')).toBeNull();
    expect(main().queryByText('Failed to fetch video')).toBeNull();
    reachable = true;
    await user.click(main().getByRole('button', { name: 'Retry' }));
    expect(await main().findByRole('heading', { level: 1, name: VIDEO.title })).toBeTruthy();
  });
});

describe('useCountVideoView', () => {
  function CountsAView({ id }: { id: number }) {
    useCountVideoView(id);
    return null;
  }

  test('registers one view per visit, even when StrictMode runs effects twice', async () => {
    const requests = mockFetch(() => json(200, { id: 5, views: 2 }));
    const queryClient = createQueryClient();
    const tree = (id: number) => (
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <CountsAView id={id} />
        </QueryClientProvider>
      </StrictMode>
    );
    // StrictMode mounts, unmounts and mounts again: the effect runs twice on the first render.
    const { rerender } = render(tree(5));
    await waitFor(() => expect(requests).toHaveLength(1));
    rerender(tree(5));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/videos/5/views']);
  });
});
