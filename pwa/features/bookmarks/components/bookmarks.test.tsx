import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { Bookmark, Folder } from '#contract';
import { appDb, outbox } from '#pwa/offline';
import { json, mockFetch, type MockRequest } from '#pwa/test/fetch';
import { aUser, renderApp, renderWithProviders, storeUser } from '#pwa/test/render';
import { createQueryClient } from '#pwa/lib/query-client';
import { bookmarkKeys } from '../api/bookmarks';
import { BookmarkButton } from './bookmark-button';
import { BookmarksScreen } from './bookmarks-screen';
import { removeBookmarkWrite } from '../api/writes';
import { Delivery } from '#pwa/test/delivery';


const me = aUser();
const toastText = () => screen.queryByTestId('toast')?.textContent ?? '';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const FOLDER_ID = '11111111-1111-4111-8111-111111111111';

beforeEach(async () => {
  await appDb.outbox.clear();
  // Delivery, live queries and refetches land when they land; the tests wait for what users see.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => outbox.stop());

const content = (id: number, title: string) => ({ id, title, summary: `About ${title}`, category: 'apologetics', youtubeId: `yt${id}`, duration: '12:34', readTime: null });

/** A small stand-in for the API's bookmark routes, with state; `hold` keeps writes waiting. */
function fakeApi(initial: { bookmarks?: Bookmark[]; folders?: Folder[] } = {}, options: { hold?: boolean; refuse?: number } = {}) {
  let bookmarks = [...(initial.bookmarks ?? [])];
  let folders = [...(initial.folders ?? [])];
  const waiting: (() => void)[] = [];
  const answer = (r: MockRequest): Response | Promise<Response> => {
    if (r.path === '/api/auth/me') return json(200, me);
    if (r.method === 'GET' && r.path === '/api/users/7/bookmarks') return json(200, bookmarks);
    if (r.method === 'GET' && r.path === '/api/users/7/bookmark-categories') return json(200, folders);
    if (r.method === 'GET' && r.path === '/api/users/7/progress') return json(200, []);
    if (options.refuse) return json(options.refuse, { message: 'That video or article does not exist.' });
    const act = (): Response => {
      const body = r.body as Record<string, unknown>;
      if (r.method === 'POST' && r.path === '/api/bookmarks') {
        const existing = bookmarks.find((b) => b.contentType === body.contentType && b.contentId === body.contentId);
        const saved: Bookmark = existing
          ? { ...existing, categoryId: (body.categoryId as string | null) ?? null }
          : { id: body.id as string, userId: 7, contentType: body.contentType as 'video', contentId: body.contentId as number, categoryId: (body.categoryId as string | null) ?? null, createdAt: new Date().toISOString(), content: content(body.contentId as number, 'Saved video') };
        bookmarks = [saved, ...bookmarks.filter((b) => b !== existing)];
        return json(existing ? 200 : 201, saved);
      }
      if (r.method === 'DELETE' && r.path === '/api/bookmarks') {
        bookmarks = bookmarks.filter((b) => !(b.contentType === body.contentType && b.contentId === body.contentId));
        return new Response(null, { status: 204 });
      }
      if (r.method === 'PATCH' && r.path.startsWith('/api/bookmarks/')) {
        const id = r.path.split('/').pop();
        bookmarks = bookmarks.map((b) => (b.id === id ? { ...b, categoryId: body.categoryId as string | null } : b));
        return json(200, bookmarks.find((b) => b.id === id));
      }
      if (r.method === 'POST' && r.path === '/api/bookmark-categories') {
        const folder = { id: body.id as string, name: body.name as string, color: body.color as string, userId: 7, createdAt: new Date().toISOString() };
        folders = [...folders, folder];
        return json(201, folder);
      }
      if (r.method === 'DELETE' && r.path.startsWith('/api/bookmark-categories/')) {
        const id = r.path.split('/').pop();
        folders = folders.filter((f) => f.id !== id);
        bookmarks = bookmarks.map((b) => (b.categoryId === id ? { ...b, categoryId: null } : b));
        return new Response(null, { status: 204 });
      }
      return json(404, { message: 'unexpected' });
    };
    if (!options.hold) return act();
    return new Promise<Response>((resolve) => waiting.push(() => resolve(act())));
  };
  const requests = mockFetch(answer);
  return { requests, release: () => waiting.splice(0).forEach((go) => go()), writes: () => requests.filter((r) => r.method !== 'GET') };
}

const aBookmark = (contentId: number, title: string, categoryId: string | null = null, createdAt = '2025-02-01T00:00:00.000Z'): Bookmark => ({
  id: `00000000-0000-4000-8000-00000000000${contentId}`,
  userId: 7,
  contentType: 'video',
  contentId,
  categoryId,
  createdAt,
  content: content(contentId, title),
});
const easter: Folder = { id: FOLDER_ID, name: 'Easter', color: '#FF0000', userId: 7, createdAt: '2025-01-01T00:00:00.000Z' };

describe('BookmarkButton', () => {
  test("signed out: 'Please sign in to bookmark content.' and no call", async () => {
    const requests = mockFetch(() => json(500, {}));
    const user = userEvent.setup();
    renderWithProviders(<BookmarkButton contentType="video" contentId={3} title="Minimal Facts" />);
    await user.click(screen.getByRole('button', { name: 'Bookmark' }));
    await waitFor(() => expect(toastText()).toContain('Sign in required'));
    expect(toastText()).toContain('Please sign in to bookmark content.');
    expect(requests).toEqual([]);
    expect(await appDb.outbox.count()).toBe(0);
  });

  test("bookmarks through the outbox: shown at once, waiting to sync, 'Bookmarked!'; then 'Bookmark removed'", async () => {
    storeUser(me);
    const api = fakeApi({ folders: [easter] }, { hold: true });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Delivery />
        <BookmarkButton contentType="video" contentId={3} title="Minimal Facts" />
      </>,
    );
    const button = await screen.findByRole('button', { name: 'Bookmark' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(button.getAttribute('aria-pressed')).toBe('false');
    await user.click(button);
    const pressed = await screen.findByRole('button', { name: 'Bookmarked' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Waiting to sync')).toBeTruthy();
    expect(toastText()).toContain('Bookmarked!');
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ method: 'POST', path: '/api/bookmarks', body: { userId: 7, contentType: 'video', contentId: 3, categoryId: null } });
    expect((api.writes()[0]!.body as { id: string }).id).toMatch(UUID);

    api.release();
    await waitFor(() => expect(screen.queryByText('Waiting to sync')).toBeNull());
    expect(screen.getByRole('button', { name: 'Bookmarked' })).toBeTruthy();

    // With folders, a bookmark can be filed from here (absolute state: saved in that folder).
    await user.selectOptions(screen.getByLabelText('Bookmark folder'), 'Easter');
    await waitFor(() => expect(toastText()).toContain('Bookmark updated'));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes()[1]!.body).toMatchObject({ contentId: 3, categoryId: FOLDER_ID });
    api.release();

    await user.click(screen.getByRole('button', { name: 'Bookmarked' }));
    await screen.findByRole('button', { name: 'Bookmark' });
    expect(toastText()).toContain('Bookmark removed');
    await waitFor(() => expect(api.writes()).toHaveLength(3));
    expect(api.writes()[2]).toMatchObject({ method: 'DELETE', path: '/api/bookmarks', body: { userId: 7, contentType: 'video', contentId: 3 } });
    api.release();
    await waitFor(() => expect(screen.queryByText('Waiting to sync')).toBeNull());
  });

  test("a refused bookmark: 'Failed to save bookmark. Please try again.' and the server's words on the button", async () => {
    storeUser(me);
    fakeApi({}, { refuse: 404 });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Delivery />
        <BookmarkButton contentType="video" contentId={999} title="Gone" />
      </>,
    );
    const button = await screen.findByRole('button', { name: 'Bookmark' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    await waitFor(() => expect(toastText()).toContain('Failed to save bookmark. Please try again.'));
    expect(await screen.findByText('Not saved: That video or article does not exist.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    await screen.findByRole('button', { name: 'Bookmark' });
  });
});

function renderScreen() {
  storeUser(me);
  const user = userEvent.setup();
  renderWithProviders(
    <MemoryRouter>
      <Delivery />
      <BookmarksScreen userId={7} />
    </MemoryRouter>,
  );
  return user;
}

describe('BookmarkButton and the queue', () => {
  /** A removal of video 3 as the button queues it, stored with `status`. */
  async function queuedRemoval(status: 'pending' | 'failed') {
    const entry = await outbox.enqueue(removeBookmarkWrite, me.id, { contentType: 'video', contentId: 3, title: 'Minimal Facts' });
    if (status === 'failed') await appDb.outbox.update(entry.seq!, { status: 'failed', lastStatus: 400, lastError: 'Refused.' });
  }

  test('from its first paint, the button never offers the server state without the queued removal', async () => {
    storeUser(me);
    fakeApi({ bookmarks: [aBookmark(3, 'Minimal Facts')] });
    await queuedRemoval('pending');
    const queryClient = createQueryClient();
    queryClient.setQueryData(bookmarkKeys.list(me.id), [aBookmark(3, 'Minimal Facts')]);
    renderWithProviders(<BookmarkButton contentType="video" contentId={3} title="Minimal Facts" />, queryClient);
    const first = screen.getByRole('button', { name: /Bookmark/ });
    expect(first.getAttribute('aria-pressed') === 'false' || (first as HTMLButtonElement).disabled).toBe(true);
    const button = await screen.findByRole('button', { name: 'Bookmark' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByText('Waiting to sync')).toBeTruthy();
  });

  test('a refused removal no longer decides the button once a newer bookmark of the same item has synced', async () => {
    storeUser(me);
    await queuedRemoval('failed');
    const api = fakeApi({ bookmarks: [aBookmark(3, 'Minimal Facts')] });
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Delivery />
        <BookmarkButton contentType="video" contentId={3} title="Minimal Facts" />
      </>,
    );
    // The refused removal shows as not saved; pressing the button bookmarks it again.
    await screen.findByText('Not saved: Refused.');
    await user.click(await screen.findByRole('button', { name: 'Bookmark' }));
    await waitFor(() => expect(api.writes().map((r) => r.method)).toEqual(['POST']));
    await waitFor(() => expect(screen.queryByText(/Not saved|Waiting to sync/)).toBeNull());
    expect(screen.getByRole('button', { name: 'Bookmarked' }).getAttribute('aria-pressed')).toBe('true');
    expect(await appDb.outbox.count()).toBe(0);
  });
});

describe('BookmarksScreen', () => {
  test('signed out, the page asks to sign in', async () => {
    mockFetch(() => json(500, {}));
    renderApp('/bookmarks');
    expect(await screen.findByText('Please sign in to view your bookmarks.')).toBeTruthy();
  });

  test("loading shows 6 skeleton cards, then 'No Bookmarks Yet' with links to /videos and /blog", async () => {
    storeUser(me);
    let answer!: () => void;
    const gate = new Promise<void>((resolve) => (answer = resolve));
    mockFetch(async (r) => {
      if (r.path === '/api/auth/me') return json(200, me);
      await gate;
      return json(200, []);
    });
    renderWithProviders(
      <MemoryRouter>
        <BookmarksScreen userId={7} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('status', { name: 'Loading bookmarks…' })).toBeTruthy();
    expect(screen.getAllByTestId('card-skeleton')).toHaveLength(6);
    answer();
    expect(await screen.findByRole('heading', { name: 'No Bookmarks Yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Videos' }).getAttribute('href')).toBe('/videos');
    expect(screen.getByRole('link', { name: 'Read Articles' }).getAttribute('href')).toBe('/blog');
  });

  test('lists bookmarks with links and thumbnails; selecting a folder filters, selecting it again clears', async () => {
    fakeApi({ bookmarks: [aBookmark(1, 'Minimal Facts', FOLDER_ID), aBookmark(2, 'Divine Hiddenness', null, '2025-01-01T00:00:00.000Z')], folders: [easter] });
    const user = renderScreen();
    expect(await screen.findByRole('link', { name: 'Minimal Facts' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Minimal Facts' }).getAttribute('href')).toBe('/watch/1');
    expect(screen.getByText('About Minimal Facts')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'All Bookmarks (2)' })).toBeTruthy();
    const folder = screen.getByRole('button', { name: 'Easter (1 bookmark)' });
    await user.click(folder);
    expect(folder.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Bookmarks in "Easter" (1)' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Divine Hiddenness' })).toBeNull();
    await user.click(folder);
    expect(folder.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('link', { name: 'Divine Hiddenness' })).toBeTruthy();
  });

  test("a folder needs a name; it is created with a client id and the default colour: 'Folder created successfully'", async () => {
    const api = fakeApi({ bookmarks: [aBookmark(1, 'Minimal Facts')] }, { hold: true });
    const user = renderScreen();
    await screen.findByRole('link', { name: 'Minimal Facts' });
    await user.click(screen.getByRole('button', { name: 'New Folder' }));
    expect((screen.getByLabelText('Colour') as HTMLInputElement).value.toUpperCase()).toBe('#3B82F6');
    await user.type(screen.getByLabelText('Folder name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Create Folder' }));
    expect(screen.getByText('Folder name is required')).toBeTruthy();
    expect(screen.getByLabelText('Folder name').getAttribute('aria-invalid')).toBe('true');
    expect(await appDb.outbox.count()).toBe(0);

    await user.type(screen.getByLabelText('Folder name'), 'Resurrection');
    await user.click(screen.getByRole('button', { name: 'Create Folder' }));
    await waitFor(() => expect(toastText()).toContain('Folder created successfully'));
    const chip = await screen.findByRole('button', { name: 'Resurrection (0 bookmarks)' });
    expect(within(chip.closest('li')!).getByText('Waiting to sync')).toBeTruthy();
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    const sent = api.writes()[0]!;
    expect(sent).toMatchObject({ method: 'POST', path: '/api/bookmark-categories', body: { userId: 7, name: 'Resurrection', color: '#3B82F6' } });
    const folderId = (sent.body as { id: string }).id;
    expect(folderId).toMatch(UUID);

    // Before the server has the folder, a bookmark can already be moved into it.
    await user.selectOptions(screen.getByLabelText('Folder'), 'Resurrection');
    await waitFor(() => expect(toastText()).toContain('Bookmark updated'));
    expect(screen.getByRole('button', { name: 'Resurrection (1 bookmark)' })).toBeTruthy();
    api.release();
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    api.release();
    expect(api.writes()[1]).toMatchObject({ method: 'PATCH', path: `/api/bookmarks/${aBookmark(1, '').id}`, body: { categoryId: folderId } });
    await waitFor(() => expect(screen.queryByText('Waiting to sync')).toBeNull());
    expect(screen.getByRole('button', { name: 'Resurrection (1 bookmark)' })).toBeTruthy();
  });

  test('a refused folder creation shows no toast (docs/product.md#messages-and-errors) but stays marked with the reason, to retry or discard', async () => {
    const api = fakeApi({ bookmarks: [aBookmark(1, 'Minimal Facts')] }, { refuse: 409 });
    const user = renderScreen();
    await screen.findByRole('link', { name: 'Minimal Facts' });
    await user.click(screen.getByRole('button', { name: 'New Folder' }));
    await user.type(screen.getByLabelText('Folder name'), 'Taken');
    await user.click(screen.getByRole('button', { name: 'Create Folder' }));
    await waitFor(() => expect(toastText()).toContain('Folder created successfully'));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    const chip = (await screen.findByText('Not saved: That video or article does not exist.')).closest('li')!;
    expect(within(chip).getByText('Taken')).toBeTruthy();
    expect(toastText()).not.toContain('Error');
    await user.click(within(chip).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByText('Taken')).toBeNull());
  });

  test("deletes a folder after 'Delete folder \"Easter\"? Bookmarks will not be deleted.'; its bookmarks stay", async () => {
    const api = fakeApi({ bookmarks: [aBookmark(1, 'Minimal Facts', FOLDER_ID)], folders: [easter] });
    const user = renderScreen();
    await screen.findByRole('link', { name: 'Minimal Facts' });
    await user.click(screen.getByRole('button', { name: 'Delete folder "Easter"' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete folder' });
    expect(within(dialog).getByText('Delete folder "Easter"? Bookmarks will not be deleted.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete folder' })).toBeNull());
    expect(api.writes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete folder "Easter"' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete folder' })).getByRole('button', { name: 'Delete Folder' }));
    await waitFor(() => expect(toastText()).toContain('Folder deleted successfully'));
    expect(screen.queryByRole('button', { name: /^Easter/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Minimal Facts' })).toBeTruthy();
    expect((screen.getByLabelText('Folder') as HTMLSelectElement).value).toBe('');
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ method: 'DELETE', path: `/api/bookmark-categories/${FOLDER_ID}` });
  });

  test("moves a bookmark back to 'No folder' and removes one: 'Bookmark updated', 'Bookmark removed'", async () => {
    const api = fakeApi({ bookmarks: [aBookmark(1, 'Minimal Facts', FOLDER_ID)], folders: [easter] });
    const user = renderScreen();
    await screen.findByRole('link', { name: 'Minimal Facts' });
    expect((screen.getByLabelText('Folder') as HTMLSelectElement).value).toBe(FOLDER_ID);
    await user.selectOptions(screen.getByLabelText('Folder'), 'No folder');
    await waitFor(() => expect(toastText()).toContain('Bookmark updated'));
    await waitFor(() => expect(api.writes()[0]).toMatchObject({ method: 'PATCH', body: { categoryId: null } }));

    await user.click(screen.getByRole('button', { name: 'Remove bookmark "Minimal Facts"' }));
    await waitFor(() => expect(toastText()).toContain('Bookmark removed'));
    expect(await screen.findByRole('heading', { name: 'No Bookmarks Yet' })).toBeTruthy();
    await waitFor(() => expect(api.writes()[1]).toMatchObject({ method: 'DELETE', path: '/api/bookmarks', body: { userId: 7, contentType: 'video', contentId: 1 } }));
  });
});
