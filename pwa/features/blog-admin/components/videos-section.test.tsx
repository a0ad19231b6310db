import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { Video } from '#contract/content';
import { json, mockFetch, offline, type MockRequest } from '#pwa/test/fetch';
import { setOnline } from '#pwa/test/online';
import { aUser, renderWithProviders, storeUser } from '#pwa/test/render';
import { renderWithSaved } from '#pwa/test/render-saved';
import { videosDeskKeys } from '../api/videos-desk';
import { VideosSection } from './videos-section';

const editor = aUser({ username: 'editor', isEditor: true });
const LIST = '/api/videos?limit=100';
const ID = 'dQw4w9WgXcQ';
const toastText = () => screen.queryByTestId('toast')?.textContent ?? '';

function aVideo(id: number, overrides: Partial<Video> = {}): Video {
  return {
    id,
    title: `Video ${id}`,
    description: null,
    category: 'theology',
    duration: '12:34',
    views: 0,
    publishedAt: '2026-02-01T10:00:00.000Z',
    youtubeId: `video${String(id).padStart(6, '0')}`,
    isShort: false,
    featured: false,
    ...overrides,
  };
}

/** The section as the desk shows it; the list answers `list()`, `write` anything else. */
function setup(list: () => Video[], write: (r: MockRequest) => Response = () => json(500, { message: 'unexpected' })) {
  storeUser(editor);
  const requests = mockFetch((r) => {
    if (r.path === '/api/auth/me') return json(200, editor);
    if (r.method === 'GET' && r.path === LIST) return json(200, list());
    return write(r);
  });
  const router = createMemoryRouter(
    [
      { path: '/blog-admin/videos', element: <VideosSection userId={editor.id} /> },
      { path: '/watch/:id', element: <p>The watch page</p> },
    ],
    { initialEntries: ['/blog-admin/videos'] },
  );
  const user = userEvent.setup();
  const { queryClient } = renderWithProviders(<RouterProvider router={router} />);
  return { requests, user, queryClient, router };
}

const writes = (requests: MockRequest[]) => requests.filter((r) => r.method !== 'GET').map((r) => ({ method: r.method, path: r.path, body: r.body }));
const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const videosList = async () => within(await screen.findByRole('region', { name: /All Videos/ })).findByRole('list');
const row = (name: string) => screen.getByRole('listitem', { name });

async function fillForm(user: ReturnType<typeof userEvent.setup>, values: { url: string; title: string; duration: string }) {
  await user.type(field('YouTube link'), values.url);
  await user.type(field('Title'), values.title);
  await user.type(field('Duration'), values.duration);
}

describe("the desk's Videos", () => {
  test('lists the videos newest first, the featured one marked, shorts with a "Short" badge; no Feature on the featured one', async () => {
    setup(() => [aVideo(3, { title: 'Newest', isShort: true }), aVideo(2, { title: 'Middle', featured: true }), aVideo(1, { title: 'Oldest', category: 'ministry' })]);
    const list = await videosList();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(within(list).getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['Newest', 'Middle', 'Oldest']);
    expect(screen.getByRole('heading', { level: 2, name: 'All Videos (3)' })).toBeTruthy();
    expect(within(row('Newest')).getByText('Short')).toBeTruthy();
    expect(within(row('Middle')).queryByText('Short')).toBeNull();
    expect(within(row('Middle')).getByText('Featured')).toBeTruthy();
    expect(within(row('Newest')).queryByText('Featured')).toBeNull();
    expect(within(row('Middle')).queryByRole('button', { name: /Feature/ })).toBeNull();
    expect(within(row('Oldest')).getByRole('button', { name: 'Feature "Oldest"' })).toBeTruthy();
    expect(within(row('Oldest')).getByText('Ministry')).toBeTruthy();
    expect(within(row('Oldest')).getByRole('link', { name: 'Oldest' }).getAttribute('href')).toBe('/watch/1');
    for (const name of ['Newest', 'Middle', 'Oldest']) {
      expect(within(row(name)).getByRole('button', { name: `Edit "${name}"` })).toBeTruthy();
      expect(within(row(name)).getByRole('button', { name: `Delete "${name}"` })).toBeTruthy();
    }
  });

  test('Add video with a youtu.be link: POSTs the video, says "Video added", empties the form and refreshes what shows videos', async () => {
    let videos = [aVideo(1)];
    const { requests, user, queryClient } = setup(() => videos, (r) => {
      if (r.method === 'POST' && r.path === '/api/videos') {
        const added = aVideo(2, { title: 'On grace', youtubeId: ID, category: 'bible-study', duration: '1:02:03' });
        videos = [added, ...videos];
        return json(201, added);
      }
      return json(500, { message: 'unexpected' });
    });
    queryClient.setQueryData(['videos', 'featured'], null);
    queryClient.setQueryData(['search', 'grace'], { videos: [], blogPosts: [] });
    await videosList();
    expect(screen.getByRole('heading', { level: 2, name: 'Add video' })).toBeTruthy();
    expect((field('Category') as unknown as HTMLSelectElement).value).toBe('apologetics');
    await fillForm(user, { url: `https://youtu.be/${ID}?si=share`, title: 'On grace', duration: '1:02:03' });
    await user.type(field('Description'), 'What grace is.');
    await user.selectOptions(field('Category'), 'Bible Study');
    await user.click(screen.getByRole('button', { name: 'Add video' }));
    await waitFor(() => expect(toastText()).toContain('Video added'));
    expect(writes(requests)).toEqual([
      {
        method: 'POST',
        path: '/api/videos',
        body: { url: `https://youtu.be/${ID}?si=share`, title: 'On grace', description: 'What grace is.', category: 'bible-study', duration: '1:02:03' },
      },
    ]);
    expect(field('YouTube link').value).toBe('');
    expect(field('Title').value).toBe('');
    expect(await screen.findByRole('listitem', { name: 'On grace' })).toBeTruthy();
    expect(queryClient.getQueryState(['videos', 'featured'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['search', 'grace'])?.isInvalidated).toBe(true);
  });

  test('a link that is not a YouTube link, and a bad duration: the field messages, and nothing is sent', async () => {
    const { requests, user } = setup(() => []);
    await screen.findByText('No videos yet.');
    await user.click(screen.getByRole('button', { name: 'Add video' }));
    expect(await screen.findByText('url is required: a YouTube link or video id')).toBeTruthy();
    expect(screen.getByText('Title is required')).toBeTruthy();
    expect(screen.getByText('duration must be the length as 12:34 or 1:02:03')).toBeTruthy();
    expect(document.activeElement).toBe(field('YouTube link'));

    await fillForm(user, { url: 'https://vimeo.com/123456', title: 'Elsewhere', duration: '12:345' });
    await user.click(screen.getByRole('button', { name: 'Add video' }));
    expect(await screen.findByText(/^url must be a YouTube link/)).toBeTruthy();
    expect(field('YouTube link').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('duration must be the length as 12:34 or 1:02:03')).toBeTruthy();
    expect(writes(requests)).toEqual([]);
  });

  test('a YouTube video already on the site: 409 names it, with a way to open it or edit it', async () => {
    const existing = aVideo(7, { title: 'The Creed, explained', youtubeId: ID, isShort: true, category: 'church-history', duration: '0:45' });
    const { requests, user, router } = setup(() => [existing], () => json(409, { message: 'This YouTube video is already on the site as "The Creed, explained".', video: existing }));
    await videosList();
    await fillForm(user, { url: ID, title: 'Again', duration: '0:45' });
    await user.click(screen.getByRole('button', { name: 'Add video' }));
    const TAKEN = 'This YouTube video is already on the site as "The Creed, explained".';
    const alert = await screen.findByRole('alert', { name: TAKEN });
    expect(within(alert).getByRole('link', { name: 'Open “The Creed, explained”' }).getAttribute('href')).toBe('/watch/7');
    expect(writes(requests)).toHaveLength(1);

    await user.click(within(alert).getByRole('button', { name: 'Edit “The Creed, explained”' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Edit video' })).toBeTruthy();
    expect(field('YouTube link').value).toBe(`https://www.youtube.com/shorts/${ID}`);
    expect(field('Title').value).toBe('The Creed, explained');
    expect(screen.queryByRole('alert', { name: TAKEN })).toBeNull();
    expect(router.state.location.pathname).toBe('/blog-admin/videos');
  });

  test('a 400 from the API: its message in a toast, its field message under the field', async () => {
    const { user } = setup(() => [], () => json(400, { message: 'Invalid request body', issues: [{ path: ['title'], message: 'Title must be at most 200 characters' }] }));
    await screen.findByText('No videos yet.');
    await fillForm(user, { url: ID, title: 'Fine here', duration: '3:00' });
    await user.click(screen.getByRole('button', { name: 'Add video' }));
    await waitFor(() => expect(toastText()).toContain('Failed to add video'));
    expect(toastText()).toContain('Invalid request body');
    expect(screen.getByText('Title must be at most 200 characters')).toBeTruthy();
  });

  test('Edit a short: the form is filled with its /shorts/ link, Update PUTs it whole and keeps its date', async () => {
    let videos = [aVideo(4, { title: 'A short', youtubeId: ID, isShort: true, duration: '0:45', description: 'Brief.', category: 'apologetics' })];
    const { requests, user } = setup(() => videos, (r) => {
      if (r.method === 'PUT' && r.path === '/api/videos/4') {
        videos = [{ ...videos[0]!, title: 'A shorter short' }];
        return json(200, videos[0]);
      }
      return json(500, { message: 'unexpected' });
    });
    await videosList();
    await user.click(within(row('A short')).getByRole('button', { name: 'Edit "A short"' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Edit video' })).toBeTruthy();
    expect(field('YouTube link').value).toBe(`https://www.youtube.com/shorts/${ID}`);
    expect(field('Title').value).toBe('A short');
    expect(field('Description').value).toBe('Brief.');
    expect(field('Duration').value).toBe('0:45');
    expect(field('Published').value).not.toBe('');
    await user.clear(field('Title'));
    await user.type(field('Title'), 'A shorter short');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(toastText()).toContain('Video updated'));
    expect(writes(requests)).toEqual([
      {
        method: 'PUT',
        path: '/api/videos/4',
        body: { url: `https://www.youtube.com/shorts/${ID}`, title: 'A shorter short', description: 'Brief.', category: 'apologetics', duration: '0:45' },
      },
    ]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Add video' })).toBeTruthy();
    expect(await screen.findByRole('listitem', { name: 'A shorter short' })).toBeTruthy();
  });

  test('Feature: PUT featured, "Featured video updated", the mark moves', async () => {
    let videos = [aVideo(2, { title: 'Second', featured: true }), aVideo(1, { title: 'First' })];
    const { requests, user } = setup(() => videos, (r) => {
      if (r.method === 'PUT' && r.path === '/api/videos/1/featured') {
        videos = videos.map((v) => ({ ...v, featured: v.id === 1 }));
        return json(200, videos[1]);
      }
      return json(500, { message: 'unexpected' });
    });
    await videosList();
    await user.click(within(row('First')).getByRole('button', { name: 'Feature "First"' }));
    await waitFor(() => expect(toastText()).toContain('Featured video updated'));
    await waitFor(() => expect(within(row('First')).queryByText('Featured')).toBeTruthy());
    expect(within(row('Second')).queryByText('Featured')).toBeNull();
    expect(writes(requests)).toEqual([{ method: 'PUT', path: '/api/videos/1/featured', body: undefined }]);
  });

  test('a failed Feature says so with the server message', async () => {
    const { user } = setup(() => [aVideo(1, { title: 'First' })], () => json(404, { message: 'Video not found' }));
    await videosList();
    await user.click(within(row('First')).getByRole('button', { name: 'Feature "First"' }));
    await waitFor(() => expect(toastText()).toContain('Failed to update featured video'));
    expect(toastText()).toContain('Video not found');
  });

  test('Delete asks first and says what goes with it: cancelled, nothing is sent; confirmed, DELETE and "Video deleted"', async () => {
    let videos = [aVideo(2, { title: 'Keep' }), aVideo(1, { title: 'Gone' })];
    const { requests, user, queryClient } = setup(() => videos, (r) => {
      if (r.method === 'DELETE' && r.path === '/api/videos/1') {
        videos = videos.filter((v) => v.id !== 1);
        return new Response(null, { status: 204 });
      }
      return json(500, { message: 'unexpected' });
    });
    queryClient.setQueryData(videosDeskKeys.bookmarks(editor.id), []);
    await videosList();
    await user.click(within(row('Gone')).getByRole('button', { name: 'Delete "Gone"' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete video' });
    expect(within(dialog).getByText('Delete "Gone"? Its bookmarks, progress and comments are deleted with it.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete video' })).toBeNull());
    expect(writes(requests)).toEqual([]);

    await user.click(within(row('Gone')).getByRole('button', { name: 'Delete "Gone"' }));
    dialog = screen.getByRole('dialog', { name: 'Delete video' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete Video' }));
    await waitFor(() => expect(toastText()).toContain('Video deleted'));
    expect(writes(requests)).toEqual([{ method: 'DELETE', path: '/api/videos/1', body: undefined }]);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Gone' })).toBeNull());
    expect(row('Keep')).toBeTruthy();
    expect(queryClient.getQueryState(videosDeskKeys.bookmarks(editor.id))?.isInvalidated).toBe(true);
  });

  test('offline: the saved list shows with its age; Add, Edit, Feature and Delete wait for the connection', async () => {
    storeUser(editor);
    const requests = mockFetch(() => offline());
    setOnline(false);
    const router = createMemoryRouter([{ path: '/', element: <VideosSection userId={editor.id} /> }]);
    renderWithSaved(<RouterProvider router={router} />, (queryClient) =>
      queryClient.setQueryData(videosDeskKeys.list(), [aVideo(1, { title: 'Saved video' })], { updatedAt: Date.now() - 3 * 24 * 60 * 60 * 1000 }),
    );
    const item = await screen.findByRole('listitem', { name: 'Saved video' });
    expect(screen.getByTestId('saved-age').textContent).toBe('Offline · saved 3 days ago');
    for (const name of ['Edit "Saved video"', 'Feature "Saved video"', 'Delete "Saved video"']) {
      expect((within(item).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
    await userEvent.type(field('Title'), 'Typed on a plane');
    expect((screen.getByRole('button', { name: 'Add video' }) as HTMLButtonElement).disabled).toBe(true);
    expect(requests.filter((r) => r.path.startsWith('/api/videos'))).toEqual([]);

    setOnline(true);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Add video' }) as HTMLButtonElement).disabled).toBe(false));
    expect((within(item).getByRole('button', { name: 'Delete "Saved video"' }) as HTMLButtonElement).disabled).toBe(false);
    expect(field('Title').value).toBe('Typed on a plane');
  });

  test('a list never fetched here needs a connection', async () => {
    storeUser(editor);
    mockFetch(() => offline());
    setOnline(false);
    const router = createMemoryRouter([{ path: '/', element: <VideosSection userId={editor.id} /> }]);
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByText("You're offline. The list of videos needs a connection.")).toBeTruthy();
  });
});
