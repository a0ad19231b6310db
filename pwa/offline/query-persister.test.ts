import { afterEach, expect, test } from 'vitest';
import { ApiError } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { AppDatabase } from './device-db';
import { saveSoon } from './delivered';
import { createDexiePersister, persistQueries } from './query-persister';

const dbs: AppDatabase[] = [];
afterEach(async () => {
  for (const db of dbs.splice(0)) {
    db.close();
    await db.delete();
  }
});

function freshDb() {
  const db = new AppDatabase(`persist-test-${Math.random()}`);
  dbs.push(db);
  return db;
}

test('what one visit fetched is there for the next visit, from IndexedDB', async () => {
  const db = freshDb();
  const first = createQueryClient();
  const a = persistQueries(first, 'build-1', createDexiePersister(db, 0));
  await a.restored;
  first.setQueryData(['blog', 7], { id: 7, title: 'Context is key' });
  await new Promise((r) => setTimeout(r, 20));
  a.stop();

  const second = createQueryClient();
  const b = persistQueries(second, 'build-1', createDexiePersister(db, 0));
  await b.restored;
  b.stop();
  expect(second.getQueryData(['blog', 7])).toEqual({ id: 7, title: 'Context is key' });
});

test('a cache saved by another build is dropped, not read with new code', async () => {
  const db = freshDb();
  const first = createQueryClient();
  const a = persistQueries(first, 'build-1', createDexiePersister(db, 0));
  await a.restored;
  first.setQueryData(['videos'], [1, 2, 3]);
  await new Promise((r) => setTimeout(r, 20));
  a.stop();

  const second = createQueryClient();
  const b = persistQueries(second, 'build-2', createDexiePersister(db, 0));
  await b.restored;
  b.stop();
  expect(second.getQueryData(['videos'])).toBeUndefined();
  expect(await db.queryCache.count()).toBe(0);
});

test('writes are throttled: many changes make one write with the latest state', async () => {
  const db = freshDb();
  const persister = createDexiePersister(db, 30);
  let puts = 0;
  db.queryCache.hook('creating', () => {
    puts += 1;
  });
  for (let i = 0; i < 10; i++) await persister.persistClient({ timestamp: i, buster: 'b', clientState: { queries: [], mutations: [] } });
  await new Promise((r) => setTimeout(r, 80));
  expect(puts).toBe(1);
  expect((await persister.restoreClient())?.timestamp).toBe(9);
});

test('an answer whose refetch failed (offline, after a write invalidated it) is still there after a reload, with its age, still marked to be fetched again', async () => {
  const db = freshDb();
  const first = createQueryClient();
  const a = persistQueries(first, 'build-1', createDexiePersister(db, 0));
  await a.restored;
  const key = ['private', 1, 'progress', 'check', 'video', 3];
  let online = true;
  const queryFn = () => (online ? Promise.resolve({ completed: true }) : Promise.reject(new TypeError('Failed to fetch')));
  await first.fetchQuery({ queryKey: key, queryFn });
  const fetchedAt = first.getQueryState(key)!.dataUpdatedAt;
  // Another write invalidates it; the refetch runs with no connection and fails.
  online = false;
  await first.invalidateQueries({ queryKey: key });
  await first.fetchQuery({ queryKey: key, queryFn, staleTime: 0 }).catch(() => undefined);
  expect(first.getQueryState(key)?.status).toBe('error');
  expect(first.getQueryData(key)).toEqual({ completed: true });
  await new Promise((r) => setTimeout(r, 20));
  a.stop();

  const second = createQueryClient();
  const b = persistQueries(second, 'build-1', createDexiePersister(db, 0));
  await b.restored;
  b.stop();
  const state = second.getQueryState(key);
  expect(second.getQueryData(key)).toEqual({ completed: true });
  expect(state).toMatchObject({ status: 'success', error: null, dataUpdatedAt: fetchedAt });
  expect(state?.isInvalidated).toBe(true);
});

test('a post the server now says is gone (404: back to draft, or deleted) is not kept for offline; the other answers are', async () => {
  const db = freshDb();
  const first = createQueryClient();
  const a = persistQueries(first, 'build-1', createDexiePersister(db, 0));
  await a.restored;
  let gone = false;
  const post = () => (gone ? Promise.reject(new ApiError(404, '404: Article not found', 'Article not found', { message: 'Article not found' })) : Promise.resolve({ id: 7, title: 'Soon a draft' }));
  await first.fetchQuery({ queryKey: ['blog', 'detail', 7], queryFn: post });
  first.setQueryData(['blog', 'detail', 8], { id: 8, title: 'Still here' });
  gone = true;
  await first.fetchQuery({ queryKey: ['blog', 'detail', 7], queryFn: post, staleTime: 0 }).catch(() => undefined);
  expect(first.getQueryState(['blog', 'detail', 7])?.status).toBe('error');
  first.setQueryData(['videos'], []);
  await new Promise((r) => setTimeout(r, 20));
  a.stop();

  const second = createQueryClient();
  const b = persistQueries(second, 'build-1', createDexiePersister(db, 0));
  await b.restored;
  b.stop();
  expect(second.getQueryData(['blog', 'detail', 7])).toBeUndefined();
  expect(second.getQueryData(['blog', 'detail', 8])).toEqual({ id: 8, title: 'Still here' });
});

test('the first change after a quiet spell is written at once, not a throttle period later', async () => {
  const db = freshDb();
  const persister = createDexiePersister(db, 10_000);
  await persister.persistClient({ timestamp: 1, buster: 'b', clientState: { queries: [], mutations: [] } });
  await new Promise((r) => setTimeout(r, 50));
  expect((await persister.restoreClient())?.timestamp).toBe(1);
  // Within the throttle period a change waits (one more write comes at its end).
  await persister.persistClient({ timestamp: 2, buster: 'b', clientState: { queries: [], mutations: [] } });
  await new Promise((r) => setTimeout(r, 50));
  expect((await persister.restoreClient())?.timestamp).toBe(1);
});

test('after saveSoon (a delivered write is being applied) a change is written at once, inside the throttle period too', async () => {
  const db = freshDb();
  const persister = createDexiePersister(db, 10_000);
  await persister.persistClient({ timestamp: 1, buster: 'b', clientState: { queries: [], mutations: [] } });
  await new Promise((r) => setTimeout(r, 50));
  // A change waiting out the throttle is written now, and so is the next one.
  await persister.persistClient({ timestamp: 2, buster: 'b', clientState: { queries: [], mutations: [] } });
  saveSoon();
  await new Promise((r) => setTimeout(r, 50));
  expect((await persister.restoreClient())?.timestamp).toBe(2);
  await persister.persistClient({ timestamp: 3, buster: 'b', clientState: { queries: [], mutations: [] } });
  await new Promise((r) => setTimeout(r, 50));
  expect((await persister.restoreClient())?.timestamp).toBe(3);
});
