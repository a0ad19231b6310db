import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { appDb, outbox, type OutboxEntry, setWritesLoader } from '#pwa/offline';
import { json, mockFetch } from '#pwa/test/fetch';
import { aUser, renderWithProviders, storeUser } from '#pwa/test/render';
import { Delivery } from '#pwa/test/delivery';
import { SyncCentre } from './sync-centre';

/** The layout's delivery reaction, which the app mounts beside every screen once signed in. */
function WithDelivery() {
  return (
    <>
      <Delivery />
      <SyncCentre />
    </>
  );
}

const user = aUser();

function entry(overrides: Partial<OutboxEntry>): OutboxEntry {
  return {
    id: crypto.randomUUID(),
    userId: user.id,
    kind: 'bookmark.save',
    body: { contentType: 'video', contentId: 1, categoryId: null, title: 'Grace' },
    createdAt: new Date().toISOString(),
    attempts: 0,
    status: 'pending',
    nextAttemptAt: Date.now() + 60_000,
    ...overrides,
  };
}

beforeEach(async () => {
  await appDb.outbox.clear();
  await appDb.meta.clear();
  storeUser(user);
});
afterEach(() => outbox.stop());

describe('SyncCentre', () => {
  test('shows what waits to sync and what the server refused, with its message and the comment text', async () => {
    mockFetch((req) => (req.path === '/api/auth/me' ? json(200, user) : json(500, {})));
    await appDb.outbox.add(entry({}));
    await appDb.outbox.add(
      entry({
        kind: 'comment.create',
        status: 'failed',
        lastStatus: 404,
        lastError: 'Video not found',
        body: { contentType: 'video', contentId: 1, comment: 'Keep this text' },
      }),
    );
    renderWithProviders(<SyncCentre />);
    await waitFor(() => expect(screen.getByTestId('pending-count').textContent).toBe('1'));
    const refused = screen.getByRole('list', { name: 'Not synced' });
    expect(within(refused).getByText('Video not found')).toBeTruthy();
    expect(within(refused).getByText('Keep this text')).toBeTruthy();
    // Each change is described by its kind, from what it stores.
    expect(within(screen.getByRole('list', { name: 'Waiting to sync' })).getByText('Bookmark video "Grace"')).toBeTruthy();
    expect(within(refused).getByText('Comment "Keep this text"')).toBeTruthy();
    expect(screen.getByText('Not yet')).toBeTruthy();
  });

  test('the last successful sync\'s age moves on while the page is open', async () => {
    mockFetch((req) => (req.path === '/api/auth/me' ? json(200, user) : json(500, {})));
    await appDb.meta.put({ key: 'lastSyncAt', value: new Date(Date.now() - 30_000).toISOString() });
    // Only the clock and the page's timer: IndexedDB and React keep their own.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      renderWithProviders(<SyncCentre />);
      expect(await screen.findByText('30 seconds ago')).toBeTruthy();
      act(() => vi.advanceTimersByTime(45_000));
      expect(await screen.findByText('1 minute ago')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  test("a refused change with no server words shows its kind's failure message; one this version cannot read says so", async () => {
    mockFetch((req) => (req.path === '/api/auth/me' ? json(200, user) : json(500, {})));
    await appDb.outbox.add(entry({ kind: 'heart.set', status: 'failed', body: { devotionalId: 3, hearted: false, title: 'Psalm 23' } }));
    await appDb.outbox.add(entry({ kind: 'retired.kind', status: 'failed', body: {} }));
    renderWithProviders(<SyncCentre />);
    const refused = await screen.findByRole('list', { name: 'Not synced' });
    await waitFor(() => expect(within(refused).getAllByRole('listitem')).toHaveLength(2));
    expect(within(refused).getByText('Remove heart from "Psalm 23"')).toBeTruthy();
    expect(within(refused).getByText('Failed to remove heart. Please try again.')).toBeTruthy();
    expect(within(refused).getByText(/cannot be sent/)).toBeTruthy();
  });

  test('while the kinds of write are still loading, a change says "Loading…", then what it is', async () => {
    mockFetch((req) => (req.path === '/api/auth/me' ? json(200, user) : json(500, {})));
    // The test setup registered every kind already; this loader only holds the page in the state
    // of one whose kinds are still on their way.
    let finishLoading = () => {};
    setWritesLoader(() => new Promise((resolve) => (finishLoading = () => resolve([]))));
    await appDb.outbox.add(entry({}));
    renderWithProviders(<SyncCentre />);
    const waiting = await screen.findByRole('list', { name: 'Waiting to sync' });
    await waitFor(() => expect(within(waiting).getByText('Loading…')).toBeTruthy());
    finishLoading();
    expect(await within(waiting).findByText('Bookmark video "Grace"')).toBeTruthy();
    expect(within(waiting).queryByText('Loading…')).toBeNull();
  });

  test('Discard drops a refused change; Retry puts it back in line', async () => {
    mockFetch((req) => (req.path === '/api/auth/me' ? json(200, user) : json(404, { message: 'Still gone' })));
    await appDb.outbox.add(entry({ status: 'failed', lastError: 'Gone' }));
    await appDb.outbox.add(entry({ status: 'failed', lastError: 'Gone', body: { contentType: 'video', contentId: 2, categoryId: null, title: 'Second' } }));
    renderWithProviders(<WithDelivery />);
    const list = await screen.findByRole('list', { name: 'Not synced' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    await userEvent.click(within(list).getAllByRole('button', { name: 'Discard' })[0]!);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(await appDb.outbox.count()).toBe(1);
    await userEvent.click(within(list).getByRole('button', { name: 'Retry' }));
    // Sent again; the server still refuses it, so it is failed again with the new message.
    await waitFor(async () => expect((await appDb.outbox.toArray())[0]?.lastError).toBe('Still gone'));
  });
});
