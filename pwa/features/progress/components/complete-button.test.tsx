import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appDb, outbox } from '#pwa/offline';
import { json, mockFetch, type MockRequest } from '#pwa/test/fetch';
import { createQueryClient } from '#pwa/lib/query-client';
import { aUser, renderWithProviders, storeUser } from '#pwa/test/render';
import { progressKeys } from '../api/progress';
import { setProgressWrite } from '../api/writes';
import { Delivery } from '#pwa/test/delivery';
import { CompleteButton } from './complete-button';

const toastText = () => screen.queryByTestId('toast')?.textContent ?? '';
const me = aUser();

beforeEach(async () => {
  await appDb.outbox.clear();
});
afterEach(() => outbox.stop());

/** A reply the test releases later, to see the state while a write is on its way. */
function held() {
  let release!: (r: Response) => void;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release };
}

function setup(answer: (r: MockRequest) => Response | Promise<Response>) {
  const requests = mockFetch(answer);
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <Delivery />
      <CompleteButton contentType="video" contentId={4} title="Grace in Context" />
    </>,
  );
  return { requests, user };
}

describe('CompleteButton', () => {
  test("signed out: 'Please sign in to track progress.' and no call", async () => {
    const { requests, user } = setup(() => json(500, {}));
    await user.click(screen.getByRole('button', { name: 'Mark Complete' }));
    await waitFor(() => expect(toastText()).toContain('Please sign in to track progress.'));
    expect(requests).toEqual([]);
    expect(await appDb.outbox.count()).toBe(0);
  });

  test("marks complete through the outbox: shown at once as waiting to sync, 'Marked as complete!', then synced", async () => {
    storeUser(me);
    const post = held();
    let completed = false;
    const { requests, user } = setup((r) => {
      if (r.path === '/api/auth/me') return json(200, me);
      if (r.path === '/api/progress/check?userId=7&contentType=video&contentId=4') return json(200, { completed });
      if (r.method === 'POST' && r.path === '/api/progress') {
        completed = true;
        return post.promise;
      }
      return json(404, { message: 'unexpected' });
    });
    const button = await screen.findByRole('button', { name: 'Mark Complete' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    await screen.findByRole('button', { name: 'Completed' });
    expect(screen.getByRole('button', { name: 'Completed' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('Waiting to sync')).toBeTruthy();
    expect(toastText()).toContain('Marked as complete!');
    await waitFor(() => expect(requests.some((r) => r.method === 'POST')).toBe(true));
    const sent = requests.find((r) => r.method === 'POST')!;
    expect(sent.body).toEqual({ userId: 7, contentType: 'video', contentId: 4, completed: true, progressPercent: 100 });
    expect(sent.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    // The title names the change in the sync centre; it is not sent.
    const [queued] = await appDb.outbox.toArray();
    expect(setProgressWrite.label(queued!.body as Parameters<typeof setProgressWrite.label>[0])).toBe('Mark video "Grace in Context" complete');

    post.release(json(200, { userId: 7, contentType: 'video', contentId: 4, completed: true, progressPercent: 100, updatedAt: '2025-03-01T00:00:00.000Z' }));
    await waitFor(() => expect(screen.queryByText('Waiting to sync')).toBeNull());
    expect(screen.getByRole('button', { name: 'Completed' })).toBeTruthy();
  });

  test("toggling back sends completed false and 0 percent: 'Unmarked'", async () => {
    storeUser(me);
    const { requests, user } = setup((r) => {
      if (r.path === '/api/auth/me') return json(200, me);
      if (r.path.startsWith('/api/progress/check')) return json(200, { completed: true });
      return json(200, { userId: 7, contentType: 'video', contentId: 4, completed: false, progressPercent: 0, updatedAt: '2025-03-01T00:00:00.000Z' });
    });
    const completed = await screen.findByRole('button', { name: 'Completed' });
    await waitFor(() => expect((completed as HTMLButtonElement).disabled).toBe(false));
    await user.click(completed);
    await screen.findByRole('button', { name: 'Mark Complete' });
    expect(toastText()).toContain('Unmarked');
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ userId: 7, contentType: 'video', contentId: 4, completed: false, progressPercent: 0 }));
  });

  test("a refused write: 'Failed to update progress. Please try again.', the server's words, Retry and Discard", async () => {
    storeUser(me);
    const { user } = setup((r) => {
      if (r.path === '/api/auth/me') return json(200, me);
      if (r.path.startsWith('/api/progress/check')) return json(200, { completed: false });
      return json(404, { message: 'That video or article does not exist.' });
    });
    const button = await screen.findByRole('button', { name: 'Mark Complete' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    await waitFor(() => expect(toastText()).toContain('Failed to update progress. Please try again.'));
    expect(await screen.findByText('Not saved: That video or article does not exist.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    await screen.findByRole('button', { name: 'Mark Complete' });
    expect(await appDb.outbox.count()).toBe(0);
  });

  /** A progress write for video 4 as the button queues it, stored with `status`. */
  async function queued(completed: boolean, status: 'pending' | 'failed') {
    const entry = await outbox.enqueue(setProgressWrite, me.id, { contentType: 'video', contentId: 4, completed });
    if (status === 'failed') await appDb.outbox.update(entry.seq!, { status: 'failed', lastStatus: 400, lastError: 'Refused.' });
  }

  test('from its first paint, the button never offers the server state without the queued write: it waits (disabled) until the queue is read', async () => {
    storeUser(me);
    const requests = mockFetch((r) => (r.path === '/api/auth/me' ? json(200, me) : json(200, { completed: false })));
    await queued(true, 'pending');
    // The server's answer is already in the cache (restored from an earlier visit), so it could show at once.
    const queryClient = createQueryClient();
    queryClient.setQueryData(progressKeys.check(me.id, 'video', 4), { completed: false });
    renderWithProviders(<CompleteButton contentType="video" contentId={4} />, queryClient);
    const first = screen.getByRole('button');
    expect(first.getAttribute('aria-pressed') === 'true' || (first as HTMLButtonElement).disabled).toBe(true);
    const button = await screen.findByRole('button', { name: 'Completed' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByText('Waiting to sync')).toBeTruthy();
    await waitFor(() => expect(requests.some((r) => r.path === '/api/auth/me')).toBe(true));
    await act(async () => {});
  });

  test('a refused write no longer decides the button once a newer write for the same item has synced', async () => {
    storeUser(me);
    await queued(true, 'failed');
    let completed = false;
    const { user } = setup((r) => {
      if (r.path === '/api/auth/me') return json(200, me);
      if (r.path.startsWith('/api/progress/check')) return json(200, { completed });
      const body = r.body as { completed: boolean };
      completed = body.completed;
      return json(200, { userId: 7, contentType: 'video', contentId: 4, completed, progressPercent: completed ? 100 : 0, updatedAt: '2025-03-01T00:00:00.000Z' });
    });
    // The refused intent shows, marked as not saved.
    const button = await screen.findByRole('button', { name: 'Completed' });
    expect(await screen.findByText('Not saved: Refused.')).toBeTruthy();
    await user.click(button);
    // The newer write (not completed) is delivered: the button shows it, with no mark left.
    await waitFor(() => expect(screen.queryByText(/Not saved|Waiting to sync/)).toBeNull());
    expect(screen.getByRole('button', { name: 'Mark Complete' }).getAttribute('aria-pressed')).toBe('false');
    expect(completed).toBe(false);
    expect(await appDb.outbox.count()).toBe(0);
  });

  test('a saved answer from an earlier visit is not pressable while it is checked again online: the fresh answer decides', async () => {
    storeUser(me);
    const check = held();
    mockFetch((r) => (r.path === '/api/auth/me' ? json(200, me) : check.promise));
    const queryClient = createQueryClient();
    // Saved yesterday (restored from IndexedDB): not completed. Since then it was completed on another device.
    queryClient.setQueryData(progressKeys.check(me.id, 'video', 4), { completed: false }, { updatedAt: Date.now() - 24 * 60 * 60 * 1000 });
    renderWithProviders(<CompleteButton contentType="video" contentId={4} />, queryClient);
    const button = await screen.findByRole('button', { name: 'Mark Complete' });
    await waitFor(() => expect(queryClient.isFetching()).toBe(1));
    expect((button as HTMLButtonElement).disabled).toBe(true);
    check.release(json(200, { completed: true }));
    const fresh = await screen.findByRole('button', { name: 'Completed' });
    await waitFor(() => expect((fresh as HTMLButtonElement).disabled).toBe(false));
  });
});

describe('CompleteButton onCompletedChange', () => {
  test('is told the new state after each change (the route forgets where the reader stopped)', async () => {
    storeUser(me);
    // A server that keeps the mark: a delivered change is what the next check reads.
    let completed = false;
    mockFetch((r) => {
      if (r.path === '/api/auth/me') return json(200, me);
      if (r.method === 'POST') completed = (r.body as { completed: boolean }).completed;
      return json(200, { completed });
    });
    const changed = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<CompleteButton contentType="video" contentId={4} onCompletedChange={changed} />);
    const button = await screen.findByRole('button', { name: 'Mark Complete' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await user.click(button);
    await waitFor(() => expect(changed).toHaveBeenCalledWith(true));
    await user.click(await screen.findByRole('button', { name: 'Completed' }));
    await waitFor(() => expect(changed).toHaveBeenLastCalledWith(false));
    expect(changed).toHaveBeenCalledTimes(2);
  });
});
