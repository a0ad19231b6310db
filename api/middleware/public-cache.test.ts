import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import Koa from 'koa';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { cachePublicly, parseAcceptEncoding, publicCache } from './public-cache';

// The cache's `drop` (what the event bus tells every process: a live stream the desk saved on
// another one) on a small app whose answer says how many times it was read, and can be held
// while it is read (docs/decisions/012-live-events.md).
const cache = publicCache({ ttlMs: 60_000 });
let reads = 0;
let hold: Promise<void> | null = null;
const app = new Koa();
app.use(cache.serve);
app.use(cache.fill);
app.use(async (ctx) => {
  reads += 1;
  const read = reads;
  if (hold) await hold;
  cachePublicly(ctx);
  ctx.body = { path: ctx.path, read };
});

let server: http.Server;
let url = '';
beforeAll(async () => {
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = async (path: string) => ((await (await fetch(`${url}${path}`)).json()) as { read: number }).read;

describe('publicCache().drop', () => {
  test('drops the answers of the resources named, and only those', async () => {
    const live = await get('/api/live-streams/current');
    const videos = await get('/api/videos');
    expect(await get('/api/live-streams/current')).toBe(live);
    cache.drop(['live-streams']);
    expect(await get('/api/live-streams/current')).toBeGreaterThan(live);
    expect(await get('/api/videos')).toBe(videos);
  });

  test('an answer read while its resource was dropped is sent but not stored: it may predate the change', async () => {
    let release = () => undefined as void;
    hold = new Promise<void>((resolve) => (release = resolve));
    const readsBefore = reads;
    const slow = get('/api/live-streams/upcoming');
    const slowVideos = get('/api/videos/5');
    await expect.poll(() => reads).toBe(readsBefore + 2);
    cache.drop(['live-streams']);
    hold = null;
    release();
    const sent = await slow;
    const videos = await slowVideos;
    // Read again: the one read across the drop was not kept; another resource's was.
    expect(await get('/api/live-streams/upcoming')).toBeGreaterThan(sent);
    expect(await get('/api/videos/5')).toBe(videos);
  });
});

describe('parseAcceptEncoding', () => {
  test.each([
    ['gzip, deflate, br', ['br', 'gzip']],
    ['gzip, deflate, br, zstd', ['br', 'gzip']],
    ['gzip', ['gzip']],
    ['br', ['br']],
    ['br;q=0, gzip', ['gzip']],
    ['gzip;q=0, br;q=0', []],
    ['gzip;q=1, br;q=0.5', ['gzip', 'br']],
    ['*', ['br', 'gzip']],
    ['*;q=0', []],
    ['br;q=0, *', ['gzip']],
    ['identity', []],
    ['deflate', []],
    ['GZIP ; Q=0.8, BR', ['br', 'gzip']],
    ['gzip;q=2', ['gzip']],
    ['br;q=., gzip', ['gzip']],
    ['br;q=abc, gzip;q=0.1', ['br', 'gzip']],
    [',,;q=1, ;', []],
    ['br, br;q=0', ['br']],
  ])('%j → %j', (header, expected) => {
    expect(parseAcceptEncoding(header)).toEqual(expected);
  });
});

// Stale while revalidate and one render at a time, on a small app whose answer says which read
// it was, and whose reads can be held, made to fail or left unmarked.
describe('an expired or dropped entry', () => {
  const ttlMs = 500;
  const maxStaleMs = 1000;
  const swr = publicCache({ ttlMs, maxStaleMs });
  let swrReads = 0;
  let gate: Promise<void> | null = null;
  let failing = false;
  let marked = true;
  const swrApp = new Koa();
  swrApp.use(swr.serve);
  swrApp.use(swr.fill);
  swrApp.use(async (ctx) => {
    swrReads += 1;
    const read = swrReads;
    if (gate) await gate;
    if (failing) {
      ctx.status = 503;
      ctx.body = { message: 'The database is away.' };
      return;
    }
    if (marked) cachePublicly(ctx);
    ctx.body = { path: ctx.path, read };
  });

  let swrServer: http.Server;
  let swrUrl = '';
  beforeAll(async () => {
    swrServer = swrApp.listen(0, '127.0.0.1');
    await new Promise((resolve) => swrServer.once('listening', resolve));
    swrUrl = `http://127.0.0.1:${(swrServer.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => swrServer.close(() => resolve())));
  afterEach(() => {
    gate = null;
    failing = false;
    marked = true;
  });

  /** Holds every read from now until the returned function is called. */
  const hold = () => {
    let release = () => undefined as void;
    gate = new Promise<void>((resolve) => (release = resolve));
    return () => {
      gate = null;
      release();
    };
  };
  const read = async (path: string) => {
    const res = await fetch(`${swrUrl}${path}`);
    return { status: res.status, read: ((await res.json()) as { read?: number }).read };
  };
  /** `n` requests at once; `settled` counts those answered so far. */
  const burst = (path: string, n: number) => {
    const state = { settled: 0 };
    const all = Promise.all(
      Array.from({ length: n }, () =>
        read(path).finally(() => {
          state.settled += 1;
        }),
      ),
    );
    return { all, state };
  };
  const expire = (ms = ttlMs + 50) => new Promise((resolve) => setTimeout(resolve, ms));

  test('is sent stale to every request while one request reads it again, then the new answer is kept', async () => {
    const stale = await read('/api/videos/1');
    await expire();
    const readsBefore = swrReads;
    const release = hold();
    const { all, state } = burst('/api/videos/1', 8);
    // One read runs (held); the seven others are answered with the stale copy meanwhile.
    await expect.poll(() => state.settled).toBe(7);
    expect(swrReads).toBe(readsBefore + 1);
    release();
    const answers = await all;
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const fresh = answers.filter((a) => a.read !== stale.read);
    expect(fresh).toEqual([{ status: 200, read: readsBefore + 1 }]);
    expect(await read('/api/videos/1')).toEqual({ status: 200, read: readsBefore + 1 });
    expect(swrReads).toBe(readsBefore + 1);
  });

  test('after a drop, concurrent requests wait for one read and all get its answer', async () => {
    const before = await read('/api/blog/1');
    swr.drop(['blog']);
    const readsBefore = swrReads;
    const release = hold();
    const { all, state } = burst('/api/blog/1', 8);
    await expect.poll(() => swrReads).toBe(readsBefore + 1);
    // Nobody is sent the dropped copy while the one read runs.
    expect(state.settled).toBe(0);
    release();
    const answers = await all;
    expect(answers).toEqual(Array.from({ length: 8 }, () => ({ status: 200, read: readsBefore + 1 })));
    expect(before.read).toBeLessThan(readsBefore + 1);
    expect(swrReads).toBe(readsBefore + 1);
  });

  test('a drop while the entry is being read again takes effect at once: the stale copy is not sent, and the read across it not kept', async () => {
    const stale = await read('/api/blog/2');
    await expire();
    const readsBefore = swrReads;
    const release = hold();
    const refresh = read('/api/blog/2');
    await expect.poll(() => swrReads).toBe(readsBefore + 1);
    swr.drop(['blog']);
    // Not the stale copy: a read of its own (the refresh in flight began before the drop).
    const after = read('/api/blog/2');
    await expect.poll(() => swrReads).toBe(readsBefore + 2);
    release();
    expect((await refresh).read).toBe(readsBefore + 1);
    expect((await after).read).toBe(readsBefore + 2);
    expect(stale.read).toBeLessThan(readsBefore + 1);
    // What was kept is the read that began after the drop.
    expect(await read('/api/blog/2')).toEqual({ status: 200, read: readsBefore + 2 });
  });

  test('when the read again fails, the stale copy is still sent to the others, and the next request tries again', async () => {
    const stale = await read('/api/devotional/today');
    await expire();
    failing = true;
    for (let round = 0; round < 2; round += 1) {
      const readsBefore = swrReads;
      const release = hold();
      const { all, state } = burst('/api/devotional/today', 5);
      await expect.poll(() => state.settled).toBe(4);
      expect(swrReads).toBe(readsBefore + 1);
      release();
      const answers = await all;
      expect(answers.filter((a) => a.status === 503)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 200)).toEqual(Array.from({ length: 4 }, () => ({ status: 200, read: stale.read })));
    }
    failing = false;
    const again = await read('/api/devotional/today');
    expect(again.read).toBeGreaterThan(stale.read!);
  });

  test('past its bound the stale copy is not sent: requests wait for one read', async () => {
    const stale = await read('/api/search');
    await expire(ttlMs + maxStaleMs + 100);
    const readsBefore = swrReads;
    const release = hold();
    const { all, state } = burst('/api/search', 6);
    await expect.poll(() => swrReads).toBe(readsBefore + 1);
    expect(state.settled).toBe(0);
    release();
    expect(await all).toEqual(Array.from({ length: 6 }, () => ({ status: 200, read: readsBefore + 1 })));
    expect(stale.read).toBeLessThan(readsBefore + 1);
  });

  test('an answer never stored makes nobody wait: each request reads for itself', async () => {
    marked = false;
    const readsBefore = swrReads;
    const release = hold();
    const { all } = burst('/api/users/7/bookmarks', 5);
    await expect.poll(() => swrReads).toBe(readsBefore + 5);
    release();
    const answers = await all;
    expect(new Set(answers.map((a) => a.read)).size).toBe(5);
  });

  test('when the one read of a dropped key turns out not cacheable, the waiters read for themselves and later requests do not wait', async () => {
    await read('/api/live-streams/current');
    swr.drop(['live-streams']);
    marked = false;
    const readsBefore = swrReads;
    let release = hold();
    const first = burst('/api/live-streams/current', 4);
    await expect.poll(() => swrReads).toBe(readsBefore + 1);
    release();
    const answers = await first.all;
    // Each its own answer, never the leader's unmarked one.
    expect(new Set(answers.map((a) => a.read)).size).toBe(4);
    expect(swrReads).toBe(readsBefore + 4);
    release = hold();
    const second = burst('/api/live-streams/current', 4);
    await expect.poll(() => swrReads).toBe(readsBefore + 8);
    release();
    expect(new Set((await second.all).map((a) => a.read)).size).toBe(4);
  });
});
