import { waitFor } from '@testing-library/react';
import { progressKeys } from '#pwa/features/progress/api/progress';
import { setProgressWrite } from '#pwa/features/progress/api/writes';
import { createQueryClient } from '#pwa/lib/query-client';
import { appDb, outbox } from '#pwa/offline';
import { Outbox } from '#pwa/offline/outbox';
import { applyRecordedDeliveries, readUnappliedDeliveries } from '#pwa/offline/delivery-record';
import { OutboxEvents } from '#pwa/offline/outbox-events';
import { createDexiePersister, persistQueries } from '#pwa/offline/query-persister';
import { json, mockFetch, offline } from '#pwa/test/fetch';
import { readStoredUser } from '#pwa/lib/session';
import { aUser, renderWithProviders, storeUser } from '#pwa/test/render';
import OutboxDelivery from './outbox-delivery';

const me = aUser({ id: 7 });
const checkKey = progressKeys.check(7, 'video', 4);
const saved = { userId: 7, contentType: 'video', contentId: 4, completed: true, progressPercent: 100, updatedAt: '2025-03-01T00:00:00.000Z' };
const completion = { contentType: 'video' as const, contentId: 4, completed: true };
/** The service worker's outbox: no query cache there, so it records each delivered answer for the pages. */
const workerOutbox = () => new Outbox({ events: new OutboxEvents(), recordDeliveries: true, locks: null });

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
beforeEach(async () => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  await appDb.outbox.clear();
  await appDb.meta.clear();
});
afterEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  outbox.stop();
});

/** The server's completion answer, saved from an earlier visit, and no screen showing it. */
function clientWithSavedAnswer() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(checkKey, { completed: false });
  return queryClient;
}

/** The server takes the completion write; every other request finds no connection. */
function acceptsTheWriteThenOffline() {
  mockFetch((r) => {
    if (r.path === '/api/auth/me') return json(200, me);
    if (r.method === 'POST' && r.path === '/api/progress') return json(200, saved);
    return offline();
  });
}

describe('what delivery puts in the cache', () => {
  test("a write delivered while no screen shows its item changes the saved answer, even when the refetch after it fails", async () => {
    storeUser(me);
    // The connection goes right after delivery: the refresh of what it touched cannot come.
    acceptsTheWriteThenOffline();
    await outbox.enqueue(setProgressWrite, 7, completion);
    const queryClient = clientWithSavedAnswer();
    renderWithProviders(<OutboxDelivery />, queryClient);
    await waitFor(async () => expect(await appDb.outbox.count()).toBe(0));
    await waitFor(() => expect(queryClient.getQueryData(checkKey)).toEqual({ completed: true }));
  });

  test('a write the service worker delivered (no query cache there) is applied when a page delivers', async () => {
    storeUser(me);
    acceptsTheWriteThenOffline();
    const worker = workerOutbox();
    await worker.enqueue(setProgressWrite, 7, completion);
    // Delivered with no page's cache to put it in: the answer is recorded with the delivery.
    expect((await worker.drain(7)).delivered).toBe(1);
    worker.stop();
    const queryClient = clientWithSavedAnswer();
    renderWithProviders(<OutboxDelivery />, queryClient);
    await waitFor(() => expect(queryClient.getQueryData(checkKey)).toEqual({ completed: true }));
    // Kept until a saved cache holds it: a page closed now applies it again at the next start.
    expect(await readUnappliedDeliveries()).toHaveLength(1);
  });

  test('at start, unapplied deliveries go into the restored cache before any screen reads it; only the signed-in reader\'s', async () => {
    storeUser(me);
    mockFetch((r) => (r.method === 'POST' ? json(200, r.body && (r.body as { userId: number }).userId === 8 ? { ...saved, userId: 8 } : saved) : offline()));
    const worker = workerOutbox();
    await worker.enqueue(setProgressWrite, 7, completion);
    await worker.enqueue(setProgressWrite, 8, completion);
    await worker.drain(7);
    await worker.drain(8);
    worker.stop();
    const queryClient = clientWithSavedAnswer();
    queryClient.setQueryData(progressKeys.check(8, 'video', 4), { completed: false });
    // As the app does at start (app.tsx): for the reader signed in on this device.
    await applyRecordedDeliveries(queryClient, readStoredUser()?.user.id);
    expect(queryClient.getQueryData(checkKey)).toEqual({ completed: true });
    expect(queryClient.getQueryData(progressKeys.check(8, 'video', 4))).toEqual({ completed: false });
    expect(await readUnappliedDeliveries()).toHaveLength(2);
    // Forgotten in the same transaction that saves the cache holding them (another user's too).
    const persisted = persistQueries(queryClient, 'build', createDexiePersister(appDb, 0));
    await persisted.restored;
    queryClient.setQueryData(['videos'], []);
    await waitFor(async () => expect(await readUnappliedDeliveries()).toEqual([]));
    persisted.stop();
    const savedCache = JSON.stringify((await appDb.queryCache.get('react-query'))?.value);
    expect(savedCache).toContain('"completed":true');
  });
});
