// No queued write is lost by the upgrade to the write registry: a database written by the version
// before it (outbox entries holding their request, subject, UI words and query keys, Dexie
// version 2) is opened by today's code, converted, and every entry is delivered exactly once,
// making the same request it was queued to make, and described with the same words.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, test } from 'vitest';
import { registerAppWrites } from '#pwa/app/write-definitions';
import { describeWrite } from '#pwa/offline';
import { AppDatabase } from '#pwa/offline/device-db';
import { Outbox } from '#pwa/offline/outbox';
import { OutboxEvents } from '#pwa/offline/outbox-events';

registerAppWrites();

const USER = 7;
const FOLDER = '0b6f4a2e-1c1d-4a4e-9d35-5b9a1f0c7e21';
const BOOKMARK = '5d8a3f1e-2b3c-4d5e-8f90-a1b2c3d4e5f6';

/** What the version before the registry stored for each kind of write (see its use-bookmark-writes.ts, complete-button.tsx, comments.tsx, set-heart.ts). */
const oldEntries = [
  {
    subject: `folder:${FOLDER}`,
    kind: 'folder.create',
    replacesEarlier: true,
    method: 'POST',
    path: '/api/bookmark-categories',
    body: { id: FOLDER, userId: USER, name: 'Romans', color: '#3B82F6' },
    invalidate: [['private', USER, 'bookmarks']],
    failureMessage: '',
    label: 'Create folder "Romans"',
  },
  {
    subject: 'bookmark:video:3',
    kind: 'bookmark.save',
    replacesEarlier: true,
    method: 'POST',
    path: '/api/bookmarks',
    body: { id: BOOKMARK, userId: USER, contentType: 'video', contentId: 3, categoryId: FOLDER },
    invalidate: [['private', USER, 'bookmarks']],
    failureMessage: 'Failed to save bookmark. Please try again.',
    label: 'Bookmark video "The Minimal Facts Case"',
    meta: { title: 'The Minimal Facts Case' },
  },
  {
    subject: 'bookmark:video:3',
    kind: 'bookmark.move',
    replacesEarlier: true,
    method: 'PATCH',
    path: `/api/bookmarks/${BOOKMARK}`,
    body: { categoryId: null },
    invalidate: [['private', USER, 'bookmarks']],
    failureMessage: 'Failed to save bookmark. Please try again.',
    label: 'Move bookmark "The Minimal Facts Case"',
    meta: { title: 'The Minimal Facts Case' },
  },
  {
    subject: 'bookmark:blog:5',
    kind: 'bookmark.remove',
    replacesEarlier: true,
    method: 'DELETE',
    path: '/api/bookmarks',
    body: { userId: USER, contentType: 'blog', contentId: 5 },
    invalidate: [['private', USER, 'bookmarks']],
    failureMessage: 'Failed to remove bookmark. Please try again.',
    label: 'Remove bookmark "Context is key"',
    meta: { title: 'Context is key' },
  },
  {
    subject: `folder:${FOLDER}`,
    kind: 'folder.delete',
    replacesEarlier: true,
    method: 'DELETE',
    path: `/api/bookmark-categories/${FOLDER}`,
    invalidate: [['private', USER, 'bookmarks']],
    failureMessage: '',
    label: 'Delete folder "Romans"',
  },
  {
    subject: 'progress:video:4',
    kind: 'progress.set',
    replacesEarlier: true,
    method: 'POST',
    path: '/api/progress',
    body: { userId: USER, contentType: 'video', contentId: 4, completed: true, progressPercent: 100 },
    invalidate: [['private', USER, 'progress']],
    failureMessage: 'Failed to update progress. Please try again.',
    label: 'Mark video 4 complete',
  },
  {
    subject: 'progress:blog:5',
    kind: 'progress.set',
    replacesEarlier: true,
    method: 'POST',
    path: '/api/progress',
    body: { userId: USER, contentType: 'blog', contentId: 5, completed: false, progressPercent: 0 },
    invalidate: [['private', USER, 'progress']],
    failureMessage: 'Failed to update progress. Please try again.',
    label: 'Unmark article 5',
  },
  {
    subject: 'comment:blog:5',
    kind: 'comment.create',
    replacesEarlier: false,
    method: 'POST',
    path: '/api/comments',
    body: { userId: USER, contentType: 'blog', contentId: 5, comment: 'Written on a train' },
    invalidate: [['comments', 'blog', 5]],
    failureMessage: 'Failed to post comment. Please try again.',
    label: 'Comment "Written on a train"',
  },
  {
    subject: 'heart:12',
    kind: 'heart.set',
    replacesEarlier: true,
    method: 'POST',
    path: '/api/devotional/12/heart',
    body: { userId: USER },
    invalidate: [['private', USER, 'devotional', 12, 'hearts']],
    failureMessage: 'Failed to heart devotional. Please try again.',
    label: 'Heart "Be still"',
  },
  {
    subject: 'heart:13',
    kind: 'heart.set',
    replacesEarlier: true,
    method: 'DELETE',
    path: '/api/devotional/13/heart',
    body: { userId: USER },
    invalidate: [['private', USER, 'devotional', 13, 'hearts']],
    failureMessage: 'Failed to remove heart. Please try again.',
    label: 'Remove heart from "Rest"',
  },
];

/** The database exactly as the version before the registry declared it. */
class VersionTwoDatabase extends Dexie {
  constructor(name: string) {
    super(name);
    this.version(1).stores({ notes: 'id, updatedAt', outbox: '++seq, &id, status, subject, userId' });
    this.version(2).stores({ meta: 'key', queryCache: 'key' });
  }
}

const names: string[] = [];
afterEach(async () => {
  for (const name of names.splice(0)) await Dexie.delete(name);
});

/** Writes the old rows at version 2, as a phone running that version left them, and closes it. */
async function phoneWithOldQueue(rows: Record<string, unknown>[]): Promise<string> {
  const name = `upgrade-${Math.random()}`;
  names.push(name);
  const old = new VersionTwoDatabase(name);
  await old.open();
  expect(old.verno).toBe(2);
  await old.table('outbox').bulkAdd(rows);
  old.close();
  return name;
}

/**
 * A server that answers every write and counts the requests it gets for each Idempotency-Key. The
 * outbox sends each write alone to it (`batch: false`), so each request it was queued to make shows.
 */
function countingServer() {
  const requests: { key: string; method: string; path: string; body: unknown }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const key = new Headers(init.headers).get('Idempotency-Key') ?? '';
    requests.push({ key, method: init.method ?? 'GET', path: String(input), body: init.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
  const perKey = () => requests.reduce<Record<string, number>>((counts, r) => ({ ...counts, [r.key]: (counts[r.key] ?? 0) + 1 }), {});
  return { requests, fetchImpl, perKey };
}

describe('upgrading a phone with writes queued by the version before the write registry', () => {
  test('every kind of queued write is converted to data only and delivered exactly once, in order, with the request it was queued to make', async () => {
    const rows = oldEntries.map((e, i) => ({
      ...e,
      id: crypto.randomUUID(),
      userId: USER,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      attempts: i % 2,
      status: 'pending',
      nextAttemptAt: 0,
      ...(i % 2 ? { lastError: 'No connection. Will retry.' } : {}),
    }));
    const name = await phoneWithOldQueue(rows);

    const db = new AppDatabase(name);
    const upgraded = await db.outbox.toArray();
    expect(db.verno).toBe(3);
    expect(upgraded).toHaveLength(rows.length);
    for (const [i, entry] of upgraded.entries()) {
      const old = rows[i]!;
      // Data only: no UI words, query keys or request are stored any more.
      expect(Object.keys(entry).sort()).toEqual(
        ['seq', 'id', 'userId', 'kind', 'body', 'createdAt', 'attempts', 'status', 'nextAttemptAt', ...(old.lastError ? ['lastError'] : [])].sort(),
      );
      expect(entry).toMatchObject({ id: old.id, userId: USER, kind: old.kind, createdAt: old.createdAt, attempts: old.attempts, status: 'pending' });
      // The sync centre says what it said before, computed from the kind and variables now.
      expect(describeWrite(entry)).toMatchObject({ label: old.label, failureMessage: old.failureMessage });
    }

    const server = countingServer();
    const box = new Outbox({ db, fetch: server.fetchImpl, backoff: () => 0, locks: null, events: new OutboxEvents(), batch: false });
    expect(await box.drain(USER)).toEqual({ delivered: rows.length });
    // Nothing is left to send: a second drain makes no request.
    expect(await box.drain(USER)).toEqual({ delivered: 0 });
    box.stop();
    expect(await db.outbox.count()).toBe(0);
    expect(server.perKey()).toEqual(Object.fromEntries(rows.map((r) => [r.id, 1])));
    expect(server.requests).toEqual(rows.map((r) => ({ key: r.id, method: r.method, path: r.path, body: r.body })));
    db.close();
  });

  test('a refused write stays refused with its message; an entry this version cannot read is kept, marked failed, and never sent', async () => {
    const base = { userId: USER, createdAt: new Date().toISOString(), attempts: 1, nextAttemptAt: 0 };
    const refused = { ...oldEntries[7]!, ...base, id: crypto.randomUUID(), status: 'failed', lastStatus: 404, lastError: 'Content not found' };
    const unknown = { ...oldEntries[7]!, ...base, id: crypto.randomUUID(), kind: 'poll.vote', status: 'pending', body: { choice: 2 } };
    const broken = { ...oldEntries[8]!, ...base, id: crypto.randomUUID(), status: 'pending', path: '/api/somewhere-else' };
    const name = await phoneWithOldQueue([refused, unknown, broken]);

    const db = new AppDatabase(name);
    const server = countingServer();
    const box = new Outbox({ db, fetch: server.fetchImpl, backoff: () => 0, locks: null, events: new OutboxEvents(), batch: false });
    await box.drain(USER);
    box.stop();
    expect(server.requests).toEqual([]);
    const left = await db.outbox.toArray();
    expect(left.map((e) => [e.id, e.status])).toEqual([
      [refused.id, 'failed'],
      [unknown.id, 'failed'],
      [broken.id, 'failed'],
    ]);
    expect(left[0]).toMatchObject({ lastStatus: 404, lastError: 'Content not found' });
    expect(left[1]!.lastError).toMatch(/cannot be sent/);
    // The refused comment can still be retried, and is then sent once, under a new key (the server
    // keeps its refusal under the old one).
    await box.retry(refused.id);
    expect((await box.drain(USER)).delivered).toBe(1);
    box.stop();
    expect(server.requests).toEqual([{ key: expect.any(String), method: 'POST', path: '/api/comments', body: refused.body }]);
    expect(server.requests[0]!.key).not.toBe(refused.id);
    db.close();
  });

  test('a bookmark queued by an even older version (no client id, no saved title) keeps its words and sends the same request', async () => {
    const row = {
      ...oldEntries[1]!,
      id: crypto.randomUUID(),
      userId: USER,
      createdAt: new Date().toISOString(),
      attempts: 0,
      status: 'pending',
      nextAttemptAt: 0,
      body: { userId: USER, contentType: 'video', contentId: 3, categoryId: null },
      meta: undefined,
    };
    const db = new AppDatabase(await phoneWithOldQueue([row]));
    const [entry] = await db.outbox.toArray();
    expect(describeWrite(entry!).label).toBe(row.label);
    const server = countingServer();
    const box = new Outbox({ db, fetch: server.fetchImpl, backoff: () => 0, locks: null, events: new OutboxEvents(), batch: false });
    expect((await box.drain(USER)).delivered).toBe(1);
    box.stop();
    expect(server.requests).toEqual([{ key: row.id, method: 'POST', path: '/api/bookmarks', body: row.body }]);
    db.close();
  });
});
