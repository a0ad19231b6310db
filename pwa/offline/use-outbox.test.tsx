import { screen, waitFor } from '@testing-library/react';
import { json, mockFetch } from '../test/fetch';
import { aUser, renderWithProviders, storeUser } from '../test/render';
import { appDb } from './db';
import { outbox, type EnqueueInput } from './outbox';
import { useOutboxDelivery } from './use-outbox';

function Delivery() {
  useOutboxDelivery();
  return null;
}

const refusedWrite = (userId: number, label: string): EnqueueInput => ({
  userId,
  subject: `bookmark:video:${userId}`,
  kind: 'bookmark.save',
  replacesEarlier: true,
  method: 'POST',
  path: '/api/bookmarks',
  body: { userId },
  failureMessage: `Failed for ${label}.`,
  label,
});

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

describe('the delivery hook and writes delivered before it loaded', () => {
  test("the signed-in reader is told of their own refused write, not of another user's", async () => {
    storeUser(aUser({ id: 7 }));
    mockFetch((request) => (request.path === '/api/bookmarks' ? json(404, { message: 'Video not found' }) : json(200, aUser({ id: 7 }))));
    // Two writes refused while no delivery hook was mounted: the reader's own, then one by someone
    // else on this device (one toast shows at a time: theirs would replace mine).
    await outbox.enqueue(refusedWrite(7, 'mine'));
    await outbox.drain(7);
    await outbox.enqueue(refusedWrite(8, 'theirs'));
    await outbox.drain(8);

    renderWithProviders(<Delivery />);
    await waitFor(() => expect(toastText()).toBe('ErrorFailed for mine.'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(toastText()).toBe('ErrorFailed for mine.');
  });

  test('on sign-out what was missed is forgotten: the next reader is not told of it', async () => {
    mockFetch((request) => (request.path === '/api/bookmarks' ? json(404, { message: 'Video not found' }) : json(401, { message: 'Please sign in to continue.' })));
    await outbox.enqueue(refusedWrite(7, 'mine'));
    await outbox.drain(7);
    // Signed out: the hook runs with no user.
    const { unmount } = renderWithProviders(<Delivery />);
    unmount();

    storeUser(aUser({ id: 7 }));
    mockFetch(() => json(200, aUser({ id: 7 })));
    renderWithProviders(<Delivery />);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(toastText()).toBe('');
  });
});
