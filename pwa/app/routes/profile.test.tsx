import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { saveBookmarkWrite } from '#pwa/features/bookmarks/api/writes';
import { notesTable, saveNote } from '#pwa/features/notes/api/notes-store';
import { USER_STORAGE_KEY } from '#pwa/lib/session';
import { appDb, outbox } from '#pwa/offline';
import { json, mockFetch, type MockRequest } from '#pwa/test/fetch';
import { setOnline } from '#pwa/test/online';
import { aUser, renderApp, storeUser } from '#pwa/test/render';

const grace = aUser();
const bookmark = (n: number) => ({ contentType: 'video' as const, contentId: n, categoryId: null, title: `Video ${n}` });
const toastText = () => screen.queryByTestId('toast')?.textContent ?? '';
const dialog = () => within(screen.getByRole('dialog', { name: 'Delete your account?' }));
const deletes = (requests: MockRequest[]) => requests.filter((r) => r.method === 'DELETE');

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

afterEach(async () => {
  // Unmounted first: the device's live queries must not see the clearing below.
  cleanup();
  outbox.stop();
  await appDb.outbox.clear();
  await notesTable().clear();
});

/** A write of grace's on the device that the server refused: kept, not sent again by itself. */
async function queueRefusedWrite(userId: number) {
  await outbox.enqueue(saveBookmarkWrite, userId, bookmark(userId));
  await appDb.outbox.where('userId').equals(userId).modify({ status: 'failed', lastError: 'Video not found', lastStatus: 404 });
}

/** /profile signed in as grace; DELETE /api/users/7 answers `onDelete`; anything else is refused (503). */
async function openProfile(onDelete: () => Response) {
  storeUser(grace, 'session');
  const requests = mockFetch((request) => {
    if (request.path === '/api/auth/me' || (request.path === '/api/users/7' && request.method === 'GET')) return json(200, grace);
    if (request.path === '/api/users/7' && request.method === 'DELETE') return onDelete();
    return json(503, { message: 'Down for this test' });
  });
  const user = userEvent.setup();
  const app = renderApp('/profile');
  await screen.findByRole('region', { name: 'Account' });
  return { requests, user, ...app };
}

async function openDeleteDialog(user: ReturnType<typeof userEvent.setup>) {
  const account = within(screen.getByRole('region', { name: 'Delete account' }));
  await user.click(account.getByRole('button', { name: 'Delete account' }));
  await screen.findByRole('dialog', { name: 'Delete your account?' });
}

describe('/profile: deleting the account', () => {
  test("204: the device forgets the reader and their queued writes, keeps the notes and others' writes, and goes home signed out", async () => {
    await saveNote('video', 1, 'Kept on the device');
    await outbox.enqueue(saveBookmarkWrite, 8, bookmark(8));
    await queueRefusedWrite(7);
    const { requests, user, router } = await openProfile(() => new Response(null, { status: 204 }));
    expect(await appDb.outbox.where('userId').equals(7).count()).toBe(1);

    await openDeleteDialog(user);
    // Focus starts at the dialog's title.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Delete your account?' }));
    await user.type(dialog().getByLabelText('Password'), 'Passw0rd!');
    // From here the home page loads and its reads land when they land, as in the browser.
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    onTestFinished(() => void (actEnvironment.IS_REACT_ACT_ENVIRONMENT = true));
    await user.click(dialog().getByRole('button', { name: 'Delete account' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(deletes(requests)).toEqual([expect.objectContaining({ path: '/api/users/7', body: { password: 'Passw0rd!' } })]);
    expect(sessionStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(await appDb.outbox.where('userId').equals(7).count()).toBe(0);
    expect(await appDb.outbox.where('userId').equals(8).count()).toBe(1);
    expect((await notesTable().toArray()).map((n) => n.text)).toEqual(['Kept on the device']);
    await waitFor(() => expect(toastText()).toContain('Account deleted'));
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: /Account menu/ })).toBeNull();
  });

  test('a wrong password: said at the field, which gets the focus; nothing on the device changes', async () => {
    await queueRefusedWrite(7);
    const { user } = await openProfile(() => json(400, { message: 'Password is incorrect' }));
    await openDeleteDialog(user);
    const password = dialog().getByLabelText('Password');
    await user.type(password, 'Wrong-passw0rd{enter}');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(password.getAttribute('aria-describedby')!.split(' ').at(-1)!)!.textContent).toBe('Password is incorrect');
    expect(document.activeElement).toBe(password);
    expect(sessionStorage.getItem(USER_STORAGE_KEY)).not.toBeNull();
    expect(await appDb.outbox.where('userId').equals(7).count()).toBe(1);
  });

  test('the dialog offers the notes export first: the Markdown file of every note on the device', async () => {
    await saveNote('blog', 3, 'A thought worth keeping', undefined, 'On context');
    const { user } = await openProfile(() => new Response(null, { status: 204 }));
    const files: File[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((file: File) => (files.push(file), 'blob:notes')), revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await openDeleteDialog(user);
    expect(dialog().getByText(/Your notes are kept on this device only, and stay on it/)).toBeTruthy();
    await user.click(dialog().getByRole('button', { name: 'Export my notes' }));
    await waitFor(() => expect(files).toHaveLength(1));
    click.mockRestore();
    expect(files[0]!.name).toMatch(/^context-is-key-notes-.*\.md$/);
    expect(await files[0]!.text()).toContain('A thought worth keeping');
    // Still open, nothing deleted.
    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBeTruthy();
  });

  test('offline: the dialog cannot be opened, and nothing is sent', async () => {
    const { requests } = await openProfile(() => new Response(null, { status: 204 }));
    setOnline(false);
    const button = within(screen.getByRole('region', { name: 'Delete account' })).getByRole('button', { name: 'Delete account' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(deletes(requests)).toEqual([]);
  });
});
