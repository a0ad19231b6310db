// Nothing stored on a phone is lost when the offline engine's stores moved to their features
// (docs/decisions/014-the-offline-engine.md): a device written by the version before the move
// (its databases as that version declared them, version 3 of context-is-key and version 1 of
// cik-saved) is read by today's modules. Notes, saved items, the saved query cache, the recorded
// deliveries and the sync user are all there, and every queued write is delivered exactly once.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, expect, test } from 'vitest';
import { registerAppWrites } from '#pwa/app/write-definitions';
import { notesTable } from '#pwa/features/notes/api/notes-store';
import { noteTitle, notePath } from '#pwa/features/notes/note';
import { allSaved, getSavedPost, getSavedVideo, SavedDatabase } from '#pwa/features/saved/api/saved-store';
import { readUnappliedDeliveries } from '#pwa/offline/delivery-record';
import { AppDatabase } from '#pwa/offline/device-db';
import { Outbox } from '#pwa/offline/outbox';
import { OutboxEvents } from '#pwa/offline/outbox-events';
import { createDexiePersister } from '#pwa/offline/query-persister';
import { getSyncUser } from '#pwa/offline/sync-user';
import { aSavedPost, aSavedVideo } from '#pwa/test/saved';

registerAppWrites();

const USER = 7;

/** context-is-key exactly as the version before the move declared it (pwa/offline/db.ts there). */
class DeviceDatabaseBeforeTheMove extends Dexie {
  constructor(name: string) {
    super(name);
    this.version(1).stores({ notes: 'id, updatedAt', outbox: '++seq, &id, status, subject, userId' });
    this.version(2).stores({ meta: 'key', queryCache: 'key' });
    this.version(3).stores({ outbox: '++seq, &id, status, userId' });
  }
}

/** cik-saved as the version before the move declared it (pwa/offline/saved-store.ts there). */
class SavedDatabaseBeforeTheMove extends Dexie {
  constructor(name: string) {
    super(name);
    this.version(1).stores({ items: 'key, kind, savedAt' });
  }
}

const names: string[] = [];
afterEach(async () => {
  for (const name of names.splice(0)) await Dexie.delete(name);
});
const aName = (prefix: string) => {
  const name = `${prefix}-${Math.random()}`;
  names.push(name);
  return name;
};

const notes = [
  { id: 'note-video-3', contentType: 'video', contentId: 3, text: 'Minimal facts: five of them', updatedAt: '2026-11-01T10:00:00.000Z', title: 'The Minimal Facts Case' },
  { id: 'note-blog-5', contentType: 'blog', contentId: 5, text: 'Read Romans 8 again', updatedAt: '2026-11-02T10:00:00.000Z' },
];
const queued = [
  { kind: 'progress.set', body: { contentType: 'video', contentId: 4, completed: true }, method: 'POST', path: '/api/progress' },
  { kind: 'comment.create', body: { contentType: 'blog', contentId: 5, comment: 'Thank you for this' }, method: 'POST', path: '/api/comments' },
  { kind: 'heart.set', body: { devotionalId: 13, hearted: true, title: 'Be still' }, method: 'POST', path: '/api/devotional/13/heart' },
].map((write, i) => ({
  ...write,
  row: { id: crypto.randomUUID(), userId: USER, kind: write.kind, body: write.body, createdAt: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString(), attempts: 0, status: 'pending', nextAttemptAt: 0 },
}));
const recorded = [{ entry: { id: 'delivered-1', userId: USER, kind: 'progress.set', body: { contentType: 'video', contentId: 9, completed: true }, createdAt: '2026-11-01T00:00:00.000Z', attempts: 0, status: 'pending', nextAttemptAt: 0 }, response: { completed: true } }];
const savedCache = { buster: 'build-1', timestamp: Date.UTC(2026, 10, 2), clientState: { mutations: [], queries: [{ queryKey: ['videos'], state: { data: [] } }] } };

async function phoneBeforeTheMove(): Promise<{ device: string; saved: string }> {
  const device = aName('device');
  const old = new DeviceDatabaseBeforeTheMove(device);
  await old.table('notes').bulkAdd(notes);
  await old.table('outbox').bulkAdd(queued.map((q) => q.row));
  await old.table('meta').bulkAdd([
    { key: 'syncUserId', value: USER },
    { key: 'lastSyncAt', value: '2026-11-01T00:00:00.000Z' },
    { key: 'unappliedDeliveries', value: recorded },
  ]);
  await old.table('queryCache').add({ key: 'react-query', value: savedCache });
  expect(old.verno).toBe(3);
  old.close();

  const saved = aName('saved');
  const oldSaved = new SavedDatabaseBeforeTheMove(saved);
  await oldSaved.table('items').bulkAdd([
    { key: 'post-5', kind: 'post', contentId: 5, title: 'Context is key', savedAt: '2026-11-01T09:00:00.000Z', textBytes: 900, pictureUrl: null, pictureBytes: null, post: aSavedPost(5) },
    { key: 'video-3', kind: 'video', contentId: 3, title: 'The Minimal Facts Case', savedAt: '2026-11-01T09:30:00.000Z', textBytes: 400, pictureUrl: null, pictureBytes: null, video: aSavedVideo(3) },
  ]);
  oldSaved.close();
  return { device, saved };
}

/**
 * A server that answers every write and counts the requests it gets for each Idempotency-Key. The
 * outbox sends each write alone to it (`batch: false`), so each request it was queued to make shows.
 */
function countingServer() {
  const requests: { key: string; method: string; path: string }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    requests.push({ key: new Headers(init.headers).get('Idempotency-Key') ?? '', method: init.method ?? 'GET', path: String(input) });
    return new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  return { requests, fetchImpl };
}

test("the notes, now the notes feature's table, are all there with their titles and pages", async () => {
  const { device } = await phoneBeforeTheMove();
  const db = new AppDatabase(device);
  const read = await notesTable(db).orderBy('updatedAt').reverse().toArray();
  expect(read).toEqual([...notes].reverse());
  expect(read.map(noteTitle)).toEqual(['Article 5', 'The Minimal Facts Case']);
  expect(read.map(notePath)).toEqual(['/blog/5', '/watch/3']);
  expect(db.verno).toBe(3);
  db.close();
});

test("the items saved for offline, now the saved feature's store, open with their whole text", async () => {
  const { saved } = await phoneBeforeTheMove();
  const db = new SavedDatabase(saved);
  expect((await allSaved(db)).map((item) => item.key)).toEqual(['video-3', 'post-5']);
  expect(await getSavedPost(5, db)).toEqual(aSavedPost(5));
  expect(await getSavedVideo(3, db)).toEqual(aSavedVideo(3));
  db.close();
});

test('the saved query cache, the recorded deliveries and the sync user are read where they were', async () => {
  const { device } = await phoneBeforeTheMove();
  const db = new AppDatabase(device);
  expect(await createDexiePersister(db, 0).restoreClient()).toEqual(savedCache);
  expect(await readUnappliedDeliveries(db)).toEqual(recorded);
  expect(await getSyncUser(db)).toBe(USER);
  db.close();
});

test('every write queued before the move is delivered exactly once, in order, with its request', async () => {
  const { device } = await phoneBeforeTheMove();
  const db = new AppDatabase(device);
  const server = countingServer();
  const box = new Outbox({ db, fetch: server.fetchImpl, backoff: () => 0, locks: null, events: new OutboxEvents(), batch: false });
  expect(await box.drain(USER)).toEqual({ delivered: queued.length });
  // Nothing is left to send: a second drain makes no request.
  expect(await box.drain(USER)).toEqual({ delivered: 0 });
  box.stop();
  expect(await db.outbox.count()).toBe(0);
  expect(server.requests).toEqual(queued.map((q) => ({ key: q.row.id, method: q.method, path: q.path })));
  db.close();
});

test('the databases keep the names the version before the move opened', () => {
  expect(new AppDatabase().name).toBe('context-is-key');
  expect(new SavedDatabase().name).toBe('cik-saved');
});
