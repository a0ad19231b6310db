import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { json, offline } from '../test/fetch';
import { AppDatabase } from './device-db';
import { takeUnappliedDeliveries } from './delivery-record';
import { SYNC_BATCH_MAX, SYNC_BATCH_PATH } from '#contract/sync';
import { BATCH_PATH, BATCH_WRITES, Outbox, type OutboxEvent } from './outbox';
import { OutboxEvents } from './outbox-events';
import { defineWrite, registerWrites, setWritesLoader, subjectOf, UNREADABLE_WRITE, writesAreReady } from './write-registry';

let db: AppDatabase;
let dbCount = 0;

beforeEach(() => {
  dbCount += 1;
  db = new AppDatabase(`outbox-test-${dbCount}`);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** A kind that sets the whole state of item n (like a bookmark); `tag` marks a request apart in the fake server's log. */
const itemWrite = defineWrite({
  kind: 'test.item',
  schema: z.object({ n: z.number(), completed: z.optional(z.boolean()), tag: z.optional(z.string()) }),
  subject: (v) => `bookmark:video:${v.n}`,
  replacesEarlier: true,
  request: (v, userId) => ({ method: 'POST', path: `/api/bookmarks?${v.tag ? `${v.tag}&` : ''}n=${v.n}`, body: { userId, contentType: 'video', contentId: v.n } }),
  label: (v) => `Bookmark ${v.n}`,
  failureMessage: () => 'Failed to save bookmark. Please try again.',
  refreshes: () => [],
});
/** A kind that adds something new each time (like a comment). */
const noteWrite = defineWrite({
  kind: 'test.note',
  schema: z.object({ n: z.number() }),
  subject: () => 'comment:video:1',
  replacesEarlier: false,
  request: (v) => ({ method: 'POST', path: `/api/comments?n=${v.n}`, body: { n: v.n } }),
  label: (v) => `Comment ${v.n}`,
  failureMessage: () => 'Failed to post comment. Please try again.',
  refreshes: () => [],
});
registerWrites([itemWrite, noteWrite]);

const write = (n: number, extra: { userId?: number; completed?: boolean; tag?: string } = {}) =>
  [itemWrite, extra.userId ?? 1, { n, ...(extra.completed !== undefined ? { completed: extra.completed } : {}), ...(extra.tag ? { tag: extra.tag } : {}) }] as const;
const note = (n: number) => [noteWrite, 1, { n }] as const;

type Answer = Response | Error | Promise<Response | Error>;

/** A fake server: `answers` decides each reply; every request is recorded. */
function server(answer: (path: string, n: number) => Answer) {
  const requests: { path: string; key: string | null; body: unknown }[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    requests.push({ path, key: new Headers(init.headers).get('Idempotency-Key'), body: init.body ? JSON.parse(String(init.body)) : undefined });
    const result = await answer(path, requests.length);
    if (result instanceof Error) throw result;
    return result;
  }) as typeof fetch;
  return { requests, fetchImpl };
}

/**
 * An outbox with a fake server. One request per write unless `batch`: what a server without
 * batches gets, and the rules every answer follows; the batches have their tests below.
 */
function makeOutbox(fetchImpl: typeof fetch, now = () => Date.now(), { batch = false } = {}) {
  const emitter = new OutboxEvents();
  const box = new Outbox({ db, fetch: fetchImpl, now, backoff: () => 60_000, locks: null, events: emitter, batch });
  const events: OutboxEvent[] = [];
  emitter.on((e) => events.push(e));
  return { box, events, emitter };
}

describe('Outbox', () => {
  test('delivers entries in the order they were queued, each with its own Idempotency-Key, and removes them', async () => {
    const { requests, fetchImpl } = server(() => json(201, { ok: true }));
    const { box } = makeOutbox(fetchImpl);
    const a = await box.enqueue(...write(1));
    const b = await box.enqueue(...write(2));
    const c = await box.enqueue(...write(3));
    const result = await box.drain(1);
    box.stop();
    expect(result.delivered).toBe(3);
    expect(requests.map((r) => r.path)).toEqual(['/api/bookmarks?n=1', '/api/bookmarks?n=2', '/api/bookmarks?n=3']);
    expect(requests.map((r) => r.key)).toEqual([a.id, b.id, c.id]);
    expect(requests[0]!.body).toEqual({ userId: 1, contentType: 'video', contentId: 1 });
    expect(await db.outbox.count()).toBe(0);
  });

  test('a network failure stops the drain and keeps the entry and everything after it', async () => {
    const { requests, fetchImpl } = server(() => offline());
    const { box, events } = makeOutbox(fetchImpl);
    await box.enqueue(...write(1));
    await box.enqueue(...write(2));
    const result = await box.drain(1);
    box.stop();
    expect(result).toEqual({ delivered: 0, stoppedBy: 'network' });
    expect(requests).toHaveLength(1);
    const left = await db.outbox.toArray();
    expect(left.map((e) => e.status)).toEqual(['pending', 'pending']);
    expect(left[0]!.attempts).toBe(1);
    expect(left[0]!.nextAttemptAt).toBeGreaterThan(Date.now());
    expect(events.some((e) => e.type === 'retrying')).toBe(true);
  });

  test('a 5xx is retried after the backoff, with the same Idempotency-Key, and then delivered', async () => {
    let clock = 1_000_000;
    let fail = true;
    const { requests, fetchImpl } = server(() => (fail ? json(503, { message: 'busy' }) : json(201, {})));
    const { box } = makeOutbox(fetchImpl, () => clock);
    await box.enqueue(...write(1));
    expect((await box.drain(1)).stoppedBy).toBe('server');
    expect((await box.drain(1)).stoppedBy).toBe('backoff'); // too early: nothing sent
    expect(requests).toHaveLength(1);
    clock += 60_001;
    fail = false;
    expect((await box.drain(1)).delivered).toBe(1);
    box.stop();
    expect(requests).toHaveLength(2);
    expect(requests[0]!.key).toBe(requests[1]!.key);
    expect(await db.outbox.count()).toBe(0);
  });

  test.each([408, 429])('a %i is retried like a 5xx, not marked failed', async (status) => {
    const { fetchImpl } = server(() => json(status, { message: 'later' }));
    const { box } = makeOutbox(fetchImpl);
    await box.enqueue(...write(1));
    expect((await box.drain(1)).stoppedBy).toBe('server');
    box.stop();
    expect((await db.outbox.toArray())[0]!.status).toBe('pending');
  });

  test('a 409 with Retry-After (the same write still running on the server) is retried, not marked failed, and waits at least that long', async () => {
    const clock = 1_000_000;
    const { requests, fetchImpl } = server(() => new Response(JSON.stringify({ message: 'Please retry this request.' }), { status: 409, headers: { 'Retry-After': '90' } }));
    const box = new Outbox({ db, fetch: fetchImpl, now: () => clock, backoff: () => 1000, locks: null, batch: false });
    await box.enqueue(...write(1));
    expect((await box.drain(1)).stoppedBy).toBe('server');
    box.stop();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ status: 'pending', lastStatus: 409, nextAttemptAt: clock + 90_000 });
    expect(requests).toHaveLength(1);
  });

  test('writes an older version marked failed on a 409 "still in progress" are put back in line and delivered; other refusals stay', async () => {
    const { requests, fetchImpl } = server(() => json(201, {}));
    const { box } = makeOutbox(fetchImpl);
    const stranded = await box.enqueue(...write(1));
    const refused = await box.enqueue(...write(2));
    await db.outbox.update(stranded.seq!, { status: 'failed', lastStatus: 409, lastError: 'A request with this Idempotency-Key is still in progress.' });
    await db.outbox.update(refused.seq!, { status: 'failed', lastStatus: 409, lastError: 'That already exists.' });
    expect(await box.requeueStranded(1)).toBe(1);
    expect((await box.drain(1)).delivered).toBe(1);
    box.stop();
    expect(requests.map((r) => r.key)).toEqual([stranded.id]);
    expect((await db.outbox.toArray()).map((e) => e.id)).toEqual([refused.id]);
  });

  test('a 409 "still in progress" from an older server, without Retry-After, is retried too', async () => {
    const { fetchImpl } = server(() => json(409, { message: 'A request with this Idempotency-Key is still in progress.' }));
    const { box } = makeOutbox(fetchImpl);
    await box.enqueue(...write(1));
    expect((await box.drain(1)).stoppedBy).toBe('server');
    box.stop();
    expect((await db.outbox.toArray())[0]).toMatchObject({ status: 'pending', lastStatus: 409 });
  });

  test('a 409 without Retry-After (a real conflict) is a refusal', async () => {
    const { fetchImpl } = server(() => json(409, { message: 'That already exists.' }));
    const { box } = makeOutbox(fetchImpl);
    await box.enqueue(...write(1));
    await box.drain(1);
    box.stop();
    expect((await db.outbox.toArray())[0]).toMatchObject({ status: 'failed', lastError: 'That already exists.' });
  });

  test('a delivered write that sets the whole state of its subject drops the earlier refused writes about it, and only those', async () => {
    let refuse = true;
    const { fetchImpl } = server(() => (refuse ? json(400, { message: 'no' }) : json(201, {})));
    const { box } = makeOutbox(fetchImpl);
    await box.enqueue(...write(1, { completed: true }));
    await box.enqueue(...write(2));
    await box.enqueue(...note(3));
    await box.drain(1);
    expect((await db.outbox.toArray()).map((e) => [subjectOf(e), e.status])).toEqual([
      ['bookmark:video:1', 'failed'],
      ['bookmark:video:2', 'failed'],
      ['comment:video:1', 'failed'],
    ]);
    refuse = false;
    // A newer write about item 1 is delivered: the refused one no longer says anything about it.
    await box.enqueue(...write(1, { completed: false }));
    // A comment adds something new each time: a later one delivered leaves the refused one for the user.
    await box.enqueue(...note(4));
    expect((await box.drain(1)).delivered).toBe(2);
    box.stop();
    expect((await db.outbox.toArray()).map((e) => [subjectOf(e), e.status])).toEqual([
      ['bookmark:video:2', 'failed'],
      ['comment:video:1', 'failed'],
    ]);
  });

  test('an entry whose variables its kind no longer accepts, or of a kind this version does not know, is marked failed, never sent, and the drain goes on', async () => {
    const { requests, fetchImpl } = server(() => json(201, {}));
    const { box, events } = makeOutbox(fetchImpl);
    const base = { userId: 1, createdAt: new Date().toISOString(), attempts: 0, status: 'pending' as const, nextAttemptAt: 0 };
    await db.outbox.add({ ...base, id: 'a', kind: 'test.item', body: { n: 'one' } });
    await db.outbox.add({ ...base, id: 'b', kind: 'gone.kind', body: {} });
    await box.enqueue(...write(3));
    expect((await box.drain(1)).delivered).toBe(1);
    box.stop();
    expect(requests.map((r) => r.path)).toEqual(['/api/bookmarks?n=3']);
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ id: 'a', status: 'failed', lastError: UNREADABLE_WRITE }),
      expect.objectContaining({ id: 'b', status: 'failed', lastError: UNREADABLE_WRITE }),
    ]);
    expect(events.filter((e) => e.type === 'failed')).toHaveLength(2);
  });

  test('kinds loaded on first need: an entry of an earlier visit waits for them (never refused as unreadable), and a failed load sends nothing and is tried again', async () => {
    const laterWrite = defineWrite({ ...noteWrite, kind: 'test.later', request: (v: { n: number }) => ({ method: 'POST' as const, path: `/api/later?n=${v.n}`, body: v }) });
    let loads = 0;
    setWritesLoader(async () => {
      loads += 1;
      if (loads === 1) throw new Error('Failed to fetch dynamically imported module');
      return [laterWrite];
    });
    expect(writesAreReady()).toBe(false);
    const { requests, fetchImpl } = server(() => json(201, {}));
    const { box } = makeOutbox(fetchImpl);
    // Queued before this page started: only its kind and variables are stored.
    await db.outbox.add({ id: 'earlier', userId: 1, kind: 'test.later', body: { n: 4 }, createdAt: new Date().toISOString(), attempts: 0, status: 'pending', nextAttemptAt: 0 });

    expect(await box.drain(1)).toEqual({ delivered: 0, stoppedBy: 'network' });
    expect(requests).toEqual([]);
    expect(await db.outbox.get({ id: 'earlier' })).toEqual(expect.objectContaining({ status: 'pending', attempts: 0 }));

    expect((await box.drain(1)).delivered).toBe(1);
    box.stop();
    expect(loads).toBe(2);
    expect(writesAreReady()).toBe(true);
    expect(requests.map((r) => [r.path, r.key])).toEqual([['/api/later?n=4', 'earlier']]);
  });

  test('variables its kind does not accept are refused when queued', async () => {
    const { box } = makeOutbox(server(() => json(201, {})).fetchImpl);
    await expect(box.enqueue(itemWrite, 1, { n: 'one' } as unknown as { n: number })).rejects.toThrow(/test\.item/);
    expect(await db.outbox.count()).toBe(0);
  });

  test('a 4xx marks the entry failed with the server message, keeps it, and goes on with the next', async () => {
    const { requests, fetchImpl } = server((path) => (path.endsWith('n=1') ? json(404, { message: 'Video not found' }) : json(201, {})));
    const { box, events } = makeOutbox(fetchImpl);
    await box.enqueue(...write(1));
    await box.enqueue(...write(2));
    const result = await box.drain(1);
    box.stop();
    expect(result.delivered).toBe(1);
    expect(requests).toHaveLength(2);
    const left = await db.outbox.toArray();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ status: 'failed', lastStatus: 404, lastError: 'Video not found', kind: 'test.item' });
    expect(events.find((e) => e.type === 'failed')).toBeTruthy();
    // A failed entry is not sent again by later drains until the user retries it.
    await box.drain(1);
    box.stop();
    expect(requests).toHaveLength(2);
  });

  test('retry puts a failed entry back in line under a new key (the server keeps its refusal under the old one); discard drops it', async () => {
    let status = 400;
    const { requests, fetchImpl } = server(() => json(status, { message: 'no' }));
    const { box } = makeOutbox(fetchImpl);
    const a = await box.enqueue(...write(1));
    const b = await box.enqueue(...write(2));
    await box.drain(1);
    expect(await db.outbox.where('status').equals('failed').count()).toBe(2);
    status = 201;
    await box.retry(a.id);
    await box.drain(1);
    box.stop();
    expect(requests.at(-1)!.body).toEqual(requests[0]!.body);
    expect(requests.at(-1)!.key).not.toBe(a.id);
    expect(requests.filter((r) => r.key === requests.at(-1)!.key)).toHaveLength(1);
    expect((await db.outbox.toArray()).map((e) => e.id)).toEqual([b.id]);
    await box.discard(b.id);
    expect(await db.outbox.count()).toBe(0);
  });

  test('a 401 stops the drain, keeps the queue and asks for a sign-in', async () => {
    const { requests, fetchImpl } = server(() => json(401, { message: 'Please sign in to continue.' }));
    const { box, events } = makeOutbox(fetchImpl);
    await box.enqueue(...write(1));
    await box.enqueue(...write(2));
    expect((await box.drain(1)).stoppedBy).toBe('auth');
    box.stop();
    expect(requests).toHaveLength(1);
    expect((await db.outbox.toArray()).map((e) => e.status)).toEqual(['pending', 'pending']);
    expect(events.map((e) => e.type)).toContain('auth-required');
  });

  test("delivers only the given user's entries", async () => {
    const { requests, fetchImpl } = server(() => json(201, {}));
    const { box } = makeOutbox(fetchImpl);
    await box.enqueue(...write(1, { userId: 2 }));
    await box.enqueue(...write(2));
    await box.drain(1);
    box.stop();
    expect(requests.map((r) => r.path)).toEqual(['/api/bookmarks?n=2']);
    expect((await db.outbox.toArray()).map((e) => e.userId)).toEqual([2]);
  });

  test('two drains never run at once: concurrent calls share one delivery and send each entry once', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const { requests, fetchImpl } = server(async () => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight -= 1;
      return json(201, {});
    });
    const { box } = makeOutbox(fetchImpl);
    for (let n = 1; n <= 5; n++) await box.enqueue(...write(n));
    const results = await Promise.all([box.drain(1), box.drain(1), box.drain(1)]);
    box.stop();
    expect(maxInFlight).toBe(1);
    expect(requests).toHaveLength(5);
    expect(new Set(requests.map((r) => r.key)).size).toBe(5);
    expect(results[0]!.delivered).toBe(5);
  });

  test('an entry queued during a drain is delivered by that drain', async () => {
    const holder: { box?: Outbox } = {};
    const { requests, fetchImpl } = server(async (_path, n) => {
      if (n === 1) await holder.box!.enqueue(...write(9));
      return json(201, {});
    });
    const box = (holder.box = makeOutbox(fetchImpl).box);
    await box.enqueue(...write(1));
    await box.drain(1);
    box.stop();
    expect(requests.map((r) => r.path)).toEqual(['/api/bookmarks?n=1', '/api/bookmarks?n=9']);
  });

  test('across tabs the Web Lock lets one drain deliver; another returns busy', async () => {
    const { requests, fetchImpl } = server(() => json(201, {}));
    const held = { request: async (_name: string, _opts: LockOptions, cb: (lock: Lock | null) => Promise<unknown>) => cb(null) };
    const box = new Outbox({ db, fetch: fetchImpl, locks: held as unknown as LockManager });
    await box.enqueue(...write(1));
    expect(await box.drain(1)).toEqual({ delivered: 0, stoppedBy: 'busy' });
    expect(requests).toHaveLength(0);
  });

  test('a page records no delivery (its reactions take them); the service worker records each one with its answer, at most the last 200', async () => {
    const { fetchImpl } = server(() => json(201, { id: 'a' }));
    const { box } = makeOutbox(fetchImpl);
    await box.enqueue(...write(1));
    await box.drain(1);
    box.stop();
    expect(await takeUnappliedDeliveries(db)).toEqual([]);

    const worker = new Outbox({ db, fetch: fetchImpl, backoff: () => 60_000, locks: null, events: new OutboxEvents(), recordDeliveries: true, batch: false });
    await worker.enqueue(...write(2));
    await worker.drain(1);
    expect(await takeUnappliedDeliveries(db)).toEqual([{ entry: expect.objectContaining({ kind: 'test.item', body: { n: 2 } }), response: { id: 'a' } }]);
    for (let n = 301; n <= 505; n++) await worker.enqueue(...write(n));
    await worker.drain(1);
    worker.stop();
    const recorded = await takeUnappliedDeliveries(db);
    expect(recorded).toHaveLength(200);
    expect(recorded[0]).toMatchObject({ entry: { body: { n: 306 } } });
    // 200 deliveries, each in its own IndexedDB transaction: slow on a busy machine, not wrong.
  }, 20_000);

  test('the reactions get the answer while the entry is still queued (a screen never sees neither)', async () => {
    const { fetchImpl } = server(() => json(201, { id: 'a' }));
    const { box, emitter } = makeOutbox(fetchImpl);
    const queued = await box.enqueue(...write(1));
    // Read from within the reaction: a read started then sees the queue as it was at that moment.
    let stillQueued: Promise<unknown> | undefined;
    emitter.on((e) => {
      if (e.type === 'synced' && e.entry.id === queued.id) stillQueued = db.outbox.get(queued.seq!);
    });
    await box.drain(1);
    box.stop();
    expect(stillQueued).toBeDefined();
    expect(await stillQueued).toMatchObject({ id: queued.id });
    expect(await db.outbox.count()).toBe(0);
  });
});

/** One write as a fake server with batches answers it: status, body and, for a "later", Retry-After. */
interface FakeAnswer {
  status: number;
  body?: unknown;
  retryAfter?: string;
}

/**
 * A fake server that takes batches (POST /api/sync/batch) as the API does: each write answered in
 * order by `answer`, up to the first "later" (5xx, 401, 408, 429, a 409 with Retry-After). A write
 * sent alone is answered by `answer` too. Records every request and every write it answered.
 */
function batchServer(answer: (write: { key: string; method: string; path: string; body?: unknown }) => FakeAnswer, batch: (writes: number) => Response | Error | null = () => null) {
  const requests: { path: string; key: string | null; writes?: { key: string; method: string; path: string; body?: unknown }[] }[] = [];
  const answered: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = String(input);
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    if (path === '/api/sync/batch') {
      const writes = (body as { writes: { key: string; method: string; path: string; body?: unknown }[] }).writes;
      requests.push({ path, key: null, writes });
      const instead = batch(writes.length);
      if (instead instanceof Error) throw instead;
      if (instead) return instead;
      const results = [];
      for (const write of writes) {
        const a = answer(write);
        answered.push(write.key);
        results.push({ key: write.key, status: a.status, ...(a.body === undefined ? {} : { body: a.body }), ...(a.retryAfter ? { retryAfter: a.retryAfter } : {}) });
        if (a.status >= 500 || [401, 408, 429].includes(a.status) || (a.status === 409 && a.retryAfter)) break;
      }
      return json(200, { results });
    }
    const key = new Headers(init.headers).get('Idempotency-Key');
    requests.push({ path, key });
    const a = answer({ key: key!, method: init.method ?? 'GET', path, body });
    answered.push(key!);
    return new Response(a.body === undefined ? null : JSON.stringify(a.body), { status: a.status, headers: { 'Content-Type': 'application/json', ...(a.retryAfter ? { 'Retry-After': a.retryAfter } : {}) } });
  }) as typeof fetch;
  return { requests, answered, fetchImpl };
}

const ok = (write: { body?: unknown }): FakeAnswer => ({ status: 201, body: { saved: write.body } });

describe('Outbox batches', () => {
  test("the batch route and size are the server's (contract/sync.ts)", () => {
    expect(BATCH_PATH).toBe(SYNC_BATCH_PATH);
    expect(BATCH_WRITES).toBe(SYNC_BATCH_MAX);
  });

  test('waiting writes go in one request, in order, each with its method, path, body and own key; each answer reaches the reactions and the entries leave', async () => {
    const { requests, fetchImpl } = batchServer(ok);
    const { box, events } = makeOutbox(fetchImpl, undefined, { batch: true });
    const a = await box.enqueue(...write(1));
    const b = await box.enqueue(...note(2));
    const c = await box.enqueue(...write(3));
    expect(await box.drain(1)).toEqual({ delivered: 3 });
    box.stop();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.writes).toEqual([
      { key: a.id, method: 'POST', path: '/api/bookmarks?n=1', body: { userId: 1, contentType: 'video', contentId: 1 } },
      { key: b.id, method: 'POST', path: '/api/comments?n=2', body: { n: 2 } },
      { key: c.id, method: 'POST', path: '/api/bookmarks?n=3', body: { userId: 1, contentType: 'video', contentId: 3 } },
    ]);
    const synced = events.filter((e) => e.type === 'synced');
    expect(synced.map((e) => [e.entry.id, e.response])).toEqual([
      [a.id, { saved: { userId: 1, contentType: 'video', contentId: 1 } }],
      [b.id, { saved: { n: 2 } }],
      [c.id, { saved: { userId: 1, contentType: 'video', contentId: 3 } }],
    ]);
    expect(await db.outbox.count()).toBe(0);
  });

  test('one waiting write goes alone, to its own route', async () => {
    const { requests, fetchImpl } = batchServer(ok);
    const { box } = makeOutbox(fetchImpl, undefined, { batch: true });
    const a = await box.enqueue(...write(1));
    await box.drain(1);
    box.stop();
    expect(requests).toEqual([{ path: '/api/bookmarks?n=1', key: a.id }]);
  });

  test('120 waiting writes go as batches of at most 100, in order, each written once', async () => {
    const { requests, answered, fetchImpl } = batchServer(ok);
    const { box } = makeOutbox(fetchImpl, undefined, { batch: true });
    const queued = [];
    for (let n = 1; n <= 120; n++) queued.push(await box.enqueue(...write(n)));
    expect((await box.drain(1)).delivered).toBe(120);
    box.stop();
    expect(requests.map((r) => r.writes?.length)).toEqual([100, 20]);
    expect(answered).toEqual(queued.map((e) => e.id));
    expect(await db.outbox.count()).toBe(0);
  }, 20_000);

  test("a write the server refuses is marked failed with its message and kept; the batch's other writes are delivered", async () => {
    const { fetchImpl } = batchServer((w) => (w.path.endsWith('n=2') ? { status: 404, body: { message: 'Video not found' } } : ok(w)));
    const { box, events } = makeOutbox(fetchImpl, undefined, { batch: true });
    await box.enqueue(...write(1));
    const refused = await box.enqueue(...write(2));
    await box.enqueue(...write(3));
    expect(await box.drain(1)).toEqual({ delivered: 2 });
    box.stop();
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ id: refused.id, status: 'failed', lastStatus: 404, lastError: 'Video not found', attempts: 1 })]);
    expect(events.filter((e) => e.type === 'failed').map((e) => (e as { entry: { id: string } }).entry.id)).toEqual([refused.id]);
  });

  test('a write refused in a batch and a later one about the same subject delivered in it: the refused one goes (as when sent one by one)', async () => {
    const { fetchImpl } = batchServer((w) => ((w.body as { n?: number; contentId?: number }).contentId === 1 && w.path.includes('first') ? { status: 400, body: { message: 'no' } } : ok(w)));
    const { box } = makeOutbox(fetchImpl, undefined, { batch: true });
    await box.enqueue(...write(1, { tag: 'first' }));
    await box.enqueue(...note(5));
    await box.enqueue(...write(1, { tag: 'second' }));
    expect((await box.drain(1)).delivered).toBe(2);
    box.stop();
    expect(await db.outbox.count()).toBe(0);
  });

  test('a "later" answer in the middle: the writes before it are delivered, it waits at least its Retry-After, the ones after it stay as they were, and the next drain starts from it', async () => {
    let clock = 1_000_000;
    let busy = true;
    const { requests, fetchImpl } = batchServer((w) => (busy && w.path.endsWith('n=2') ? { status: 503, body: { message: 'busy' }, retryAfter: '90' } : ok(w)));
    const { box, events } = makeOutbox(fetchImpl, () => clock, { batch: true });
    await box.enqueue(...write(1));
    const later = await box.enqueue(...write(2));
    const after = await box.enqueue(...write(3));
    expect(await box.drain(1)).toEqual({ delivered: 1, stoppedBy: 'server' });
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ id: later.id, status: 'pending', attempts: 1, lastStatus: 503, lastError: 'busy', nextAttemptAt: clock + 90_000 }),
      expect.objectContaining({ id: after.id, status: 'pending', attempts: 0, nextAttemptAt: 0 }),
    ]);
    expect(events.some((e) => e.type === 'retrying' && e.entry.id === later.id)).toBe(true);
    expect((await box.drain(1)).stoppedBy).toBe('backoff');
    clock += 90_001;
    busy = false;
    expect(await box.drain(1)).toEqual({ delivered: 2 });
    box.stop();
    expect(requests.at(-1)!.writes!.map((w) => w.key)).toEqual([later.id, after.id]);
    expect(await db.outbox.count()).toBe(0);
  });

  test('a 401 for a write in a batch stops there and asks for a sign-in; nothing after it is sent', async () => {
    const { answered, fetchImpl } = batchServer((w) => (w.path.endsWith('n=2') ? { status: 401, body: { message: 'Please sign in to continue.' } } : ok(w)));
    const { box, events } = makeOutbox(fetchImpl, undefined, { batch: true });
    const first = await box.enqueue(...write(1));
    const second = await box.enqueue(...write(2));
    await box.enqueue(...write(3));
    expect(await box.drain(1)).toEqual({ delivered: 1, stoppedBy: 'auth' });
    box.stop();
    expect(answered).toEqual([first.id, second.id]);
    expect((await db.outbox.toArray()).map((e) => [e.id === second.id ? e.lastStatus : undefined, e.status])).toEqual([
      [401, 'pending'],
      [undefined, 'pending'],
    ]);
    expect(events.map((e) => e.type)).toContain('auth-required');
  });

  test.each([
    ['no connection', () => offline(), 'network'],
    ['a 503 for the whole batch', () => json(503, { message: 'Down for a moment' }), 'server'],
  ] as const)('%s: every write stays, the first waits out a backoff, and the retry sends the same keys', async (_name, failure, stoppedBy) => {
    let clock = 1_000_000;
    let fail = true;
    const { requests, fetchImpl } = batchServer(ok, () => (fail ? failure() : null));
    const { box } = makeOutbox(fetchImpl, () => clock, { batch: true });
    await box.enqueue(...write(1));
    await box.enqueue(...write(2));
    expect(await box.drain(1)).toEqual({ delivered: 0, stoppedBy });
    const left = await db.outbox.toArray();
    expect(left.map((e) => [e.status, e.attempts])).toEqual([
      ['pending', 1],
      ['pending', 0],
    ]);
    clock += 60_001;
    fail = false;
    expect((await box.drain(1)).delivered).toBe(2);
    box.stop();
    expect(requests).toHaveLength(2);
    expect(requests[1]!.writes).toEqual(requests[0]!.writes);
  });

  test('a 401 for the whole batch stops the drain and asks for a sign-in', async () => {
    const { fetchImpl } = batchServer(ok, () => json(401, { message: 'Please sign in to continue.' }));
    const { box, events } = makeOutbox(fetchImpl, undefined, { batch: true });
    await box.enqueue(...write(1));
    await box.enqueue(...write(2));
    expect((await box.drain(1)).stoppedBy).toBe('auth');
    box.stop();
    expect((await db.outbox.toArray()).map((e) => e.status)).toEqual(['pending', 'pending']);
    expect(events.map((e) => e.type)).toContain('auth-required');
  });

  test.each([
    ['has no batch route (404)', () => json(404, { message: 'No route for POST /api/sync/batch' })],
    ['answers a batch with something else', () => json(201, { ok: true })],
  ])('a server that %s gets the writes one by one, in order, and is not asked for a batch again', async (_name, older) => {
    const { requests, fetchImpl } = batchServer(ok, older);
    const { box } = makeOutbox(fetchImpl, undefined, { batch: true });
    const a = await box.enqueue(...write(1));
    const b = await box.enqueue(...write(2));
    expect((await box.drain(1)).delivered).toBe(2);
    const c = await box.enqueue(...write(3));
    const d = await box.enqueue(...write(4));
    expect((await box.drain(1)).delivered).toBe(2);
    box.stop();
    expect(requests.map((r) => [r.path, r.key])).toEqual([
      ['/api/sync/batch', null],
      ['/api/bookmarks?n=1', a.id],
      ['/api/bookmarks?n=2', b.id],
      ['/api/bookmarks?n=3', c.id],
      ['/api/bookmarks?n=4', d.id],
    ]);
  });

  test("a batch refused as a whole (400) is sent one by one, and later writes go in batches again", async () => {
    let refuseBatch = true;
    const { requests, fetchImpl } = batchServer(ok, () => (refuseBatch ? json(400, { message: 'writes.1: cannot be sent in a batch' }) : null));
    const { box } = makeOutbox(fetchImpl, undefined, { batch: true });
    await box.enqueue(...write(1));
    await box.enqueue(...write(2));
    expect((await box.drain(1)).delivered).toBe(2);
    expect(requests.map((r) => r.path)).toEqual(['/api/sync/batch', '/api/bookmarks?n=1', '/api/bookmarks?n=2']);
    refuseBatch = false;
    await box.enqueue(...write(3));
    await box.enqueue(...write(4));
    expect((await box.drain(1)).delivered).toBe(2);
    box.stop();
    expect(requests.at(-1)!.writes!.map((w) => w.path)).toEqual(['/api/bookmarks?n=3', '/api/bookmarks?n=4']);
  });

  test('an unreadable entry between readable ones is never sent and marked failed; the others go in order around it', async () => {
    const { requests, fetchImpl } = batchServer(ok);
    const { box } = makeOutbox(fetchImpl, undefined, { batch: true });
    const a = await box.enqueue(...write(1));
    const b = await box.enqueue(...write(2));
    await db.outbox.add({ id: 'unreadable', userId: 1, kind: 'gone.kind', body: {}, createdAt: new Date().toISOString(), attempts: 0, status: 'pending', nextAttemptAt: 0 });
    const c = await box.enqueue(...write(3));
    const d = await box.enqueue(...write(4));
    expect((await box.drain(1)).delivered).toBe(4);
    box.stop();
    expect(requests.map((r) => r.writes?.map((w) => w.key))).toEqual([
      [a.id, b.id],
      [c.id, d.id],
    ]);
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ id: 'unreadable', status: 'failed', lastError: UNREADABLE_WRITE })]);
  });

  test('long writes (comments) go in more batches, each within the size bound, in order', async () => {
    const { requests, answered, fetchImpl } = batchServer(ok);
    const { box } = makeOutbox(fetchImpl, undefined, { batch: true });
    const long = defineWrite({ ...noteWrite, kind: 'test.long', request: (v: { n: number }) => ({ method: 'POST' as const, path: '/api/comments', body: { n: v.n, text: 'x'.repeat(2000) } }) });
    registerWrites([long]);
    const queued = [];
    for (let n = 1; n <= 100; n++) queued.push(await box.enqueue(long, 1, { n }));
    expect((await box.drain(1)).delivered).toBe(100);
    box.stop();
    expect(requests.length).toBeGreaterThan(1);
    for (const r of requests) expect(JSON.stringify({ writes: r.writes }).length).toBeLessThan(200 * 1024);
    expect(answered).toEqual(queued.map((e) => e.id));
  }, 20_000);

  test('the service worker records every answer of a batch, in order', async () => {
    const { fetchImpl } = batchServer(ok);
    const worker = new Outbox({ db, fetch: fetchImpl, backoff: () => 60_000, locks: null, events: new OutboxEvents(), recordDeliveries: true });
    await worker.enqueue(...write(1));
    await worker.enqueue(...write(2));
    await worker.drain(1);
    worker.stop();
    expect(await takeUnappliedDeliveries(db)).toEqual([
      { entry: expect.objectContaining({ body: { n: 1 } }), response: { saved: { userId: 1, contentType: 'video', contentId: 1 } } },
      { entry: expect.objectContaining({ body: { n: 2 } }), response: { saved: { userId: 1, contentType: 'video', contentId: 2 } } },
    ]);
  });
});
