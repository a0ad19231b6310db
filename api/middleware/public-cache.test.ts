import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cachePublicly, publicCache } from './public-cache';

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
