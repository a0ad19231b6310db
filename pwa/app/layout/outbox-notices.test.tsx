import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { saveBookmarkWrite } from '#pwa/features/bookmarks/api/writes';
import { OPEN_AUTH_DIALOG_EVENT } from '#pwa/lib/auth-dialog';
import { appDb, outbox } from '#pwa/offline';
import { USER_STORAGE_KEY } from '#pwa/lib/session';
import { json, mockFetch } from '#pwa/test/fetch';
import { aUser, renderWithProviders, storeUser } from '#pwa/test/render';
import { OutboxNotices } from './outbox-notices';

const bookmark = (n: number) => ({ contentType: 'video' as const, contentId: n, categoryId: null, title: `Video ${n}` });
const toastText = () => screen.queryByTestId('toast')?.textContent ?? '';

// The session check and delivery land when they land, as in the browser: the tests wait for what
// the reader sees instead of wrapping each update in act().
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
beforeEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(async () => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  outbox.stop();
  await appDb.outbox.clear();
});

describe("what the reader is told about their queued writes' delivery", () => {
  test("the signed-in reader gets the product's (docs/product.md) failure toast for their own refused write, not for another user's", async () => {
    storeUser(aUser({ id: 7 }));
    mockFetch((request) => (request.path === '/api/bookmarks' ? json(404, { message: 'Video not found' }) : json(200, aUser({ id: 7 }))));
    renderWithProviders(<OutboxNotices />);
    await outbox.enqueue(saveBookmarkWrite, 7, bookmark(1));
    await outbox.drain(7);
    await waitFor(() => expect(toastText()).toBe('ErrorFailed to save bookmark. Please try again.'));
    // Someone else's write on this device, refused: one toast shows at a time, theirs would replace mine.
    await outbox.enqueue(saveBookmarkWrite, 8, bookmark(2));
    await outbox.drain(8);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(toastText()).toBe('ErrorFailed to save bookmark. Please try again.');
  });

  test('signed out, a refused write tells nobody', async () => {
    mockFetch((request) => (request.path === '/api/bookmarks' ? json(404, { message: 'Video not found' }) : json(401, { message: 'Please sign in to continue.' })));
    renderWithProviders(<OutboxNotices />);
    await outbox.enqueue(saveBookmarkWrite, 7, bookmark(1));
    await outbox.drain(7);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(toastText()).toBe('');
  });

  test('an ended session signs the reader out here, asks for a sign-in (the dialog can open) and keeps the write', async () => {
    storeUser(aUser({ id: 7 }));
    mockFetch((request) => (request.path === '/api/bookmarks' ? json(401, { message: 'Please sign in to continue.' }) : json(200, aUser({ id: 7 }))));
    const asked: string[] = [];
    const onAsk = (event: Event) => asked.push(String((event as CustomEvent<{ tab?: string }>).detail?.tab));
    window.addEventListener(OPEN_AUTH_DIALOG_EVENT, onAsk);
    renderWithProviders(<OutboxNotices />);
    await outbox.enqueue(saveBookmarkWrite, 7, bookmark(1));
    expect((await outbox.drain(7)).stoppedBy).toBe('auth');
    await waitFor(() => expect(toastText()).toBe('Sign in to syncYour session has ended. Sign in again and your changes will be sent.'));
    expect(asked).toEqual(['login']);
    // Signed out on this device: the sign-in dialog opens only for nobody signed in.
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(await appDb.outbox.count()).toBe(1);
    window.removeEventListener(OPEN_AUTH_DIALOG_EVENT, onAsk);
  });
});
