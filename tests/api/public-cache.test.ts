import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { nowIso } from '#api/lib/convert';
import { answerFakeRenders, fakeRendererSource } from '../support/fake-renderer';
import { insertVideo as insertVideoRow } from '../support/fixtures';
import { signUp, startTestApp, useTestApp, type TestApp } from '../support/test-app';

// The short-lived cache of public answers (api/middleware/public-cache.ts), with a long TTL so
// that only invalidation can make an answer change during a test.
const app = useTestApp({ env: { PUBLIC_CACHE_MS: '60000' } });

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** node:http, to send exactly the headers given (fetch adds its own Accept-Encoding and Cache-Control). */
function rawGet(path: string, headers: Record<string, string> = {}, method = 'GET', base = app.url) {
  return new Promise<RawResponse>((resolve, reject) => {
    http
      .request(`${base}${path}`, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject)
      .end();
  });
}

const insertVideo = (title: string) =>
  insertVideoRow(app.db, { title, description: 'd', category: 'theology', duration: '10:00', views: 5, youtube_id: 'abcdefghijk' });

describe('public GET answers', () => {
  test('when the same public list is read twice, then the second answer comes from memory with the same ETag', async () => {
    const id = await insertVideo('First video');
    const c = app.client();
    const first = await c.get('/api/videos');
    await app.db('videos').where({ id }).update({ title: 'Renamed behind the cache' });
    const second = await c.get('/api/videos');
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
  });

  test('when the client sends the ETag back, then 304 with no body', async () => {
    const c = app.client();
    const first = await c.get('/api/videos');
    // node:http, because fetch adds Cache-Control: no-cache to conditional requests.
    const again = await rawGet('/api/videos', { 'If-None-Match': first.headers.get('etag')! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.get('etag'));
  });

  test('when a conditional GET filled the cache with a 304, then the answers from memory still say what type they are', async () => {
    // Each host name is an entry of its own (same bytes, same ETag): the second's first request, a conditional one, misses.
    const port = new URL(app.url).port;
    const first = await rawGet('/api/videos', { Host: `localhost:${port}` });
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const host = `localhost.:${port}`;
    const conditional = await rawGet('/api/videos', { Host: host, 'If-None-Match': first.headers.etag! });
    expect(conditional.status).toBe(304);
    const hit = await rawGet('/api/videos', { Host: host });
    const gzipped = await rawGet('/api/videos', { Host: host, 'Accept-Encoding': 'gzip' });
    for (const res of [hit, gzipped]) {
      expect(res.status).toBe(200);
      expect(res.headers.etag).toBe(first.headers.etag);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    }
  });

  test('when the client sends another ETag, or asks for no-cache, then the full answer from memory', async () => {
    const c = app.client();
    const first = await c.get('/api/videos');
    const etag = first.headers.get('etag')!;
    const other = await rawGet('/api/videos', { 'If-None-Match': '"not-this-one"' });
    const noCache = await rawGet('/api/videos', { 'If-None-Match': etag, 'Cache-Control': 'no-cache' });
    const weak = await rawGet('/api/videos', { 'If-None-Match': `"x", W/${etag}` });
    for (const res of [other, noCache]) {
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body.toString())).toEqual(first.body);
      expect(res.headers.etag).toBe(etag);
    }
    expect(weak.status).toBe(304);
  });

  test('an answer from memory carries the same security headers as the first one, and is gzipped once for clients that take it', async () => {
    for (const n of [1, 2, 3]) {
      await insertVideoRow(app.db, { title: `Long ${n}`, description: 'A description long enough to compress. '.repeat(20), category: 'ministry', duration: '10:00', views: 5, youtube_id: 'abcdefghijk' });
    }
    const miss = await rawGet('/api/videos?category=ministry', { 'Accept-Encoding': 'gzip' });
    expect(miss.headers['content-encoding']).toBe('gzip');
    const hit = await rawGet('/api/videos?category=ministry', { 'Accept-Encoding': 'gzip' });
    for (const res of [miss, hit]) {
      expect(res.status).toBe(200);
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['vary']).toContain('Accept-Encoding');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(hit.headers['content-encoding']).toBe('gzip');
    expect(Number(hit.headers['content-length'])).toBe(hit.body.length);
    expect(JSON.parse(zlib.gunzipSync(hit.body).toString())).toEqual(JSON.parse(zlib.gunzipSync(miss.body).toString()));

    const plain = await rawGet('/api/videos?category=ministry');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(JSON.parse(zlib.gunzipSync(hit.body).toString()));
  });

  test('HEAD from memory: the headers of the answer, no body', async () => {
    await rawGet('/api/blog');
    const head = await rawGet('/api/blog', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.body.length).toBe(0);
  });

  test('when a view is counted, then the cached video answers are dropped at once', async () => {
    const id = await insertVideo('Counted video');
    const c = app.client();
    const before = await c.get(`/api/videos/${id}`);
    expect((await c.post(`/api/videos/${id}/views`)).status).toBe(200);
    const after = await c.get(`/api/videos/${id}`);
    expect(after.body.views).toBe(before.body.views + 1);
  });

  test('when a write fails, then nothing is dropped', async () => {
    const c = app.client();
    const first = await c.get('/api/videos');
    await insertVideo('Added directly');
    expect((await c.post('/api/videos/999999/views')).status).toBe(404);
    expect((await c.get('/api/videos')).body).toEqual(first.body);
  });

  test('private answers are never cached: a bookmark shows up on the next read', async () => {
    const c = app.client();
    const user = await signUp(c);
    const id = await insertVideo('To bookmark');
    expect((await c.get(`/api/users/${user.id}/bookmarks`)).body).toEqual([]);
    await app.db('bookmarks').insert({ id: '5b7c0a40-0000-4000-8000-000000000001', user_id: user.id, content_type: 'video', content_id: id, created_at: nowIso() });
    expect((await c.get(`/api/users/${user.id}/bookmarks`)).body).toHaveLength(1);
  });

  test('an error answer is not cached', async () => {
    const c = app.client();
    expect((await c.get('/api/videos/888888')).status).toBe(404);
    const id = await insertVideo('Late arrival');
    await app.db('videos').where({ id }).update({ id: 888888 });
    expect((await c.get('/api/videos/888888')).status).toBe(200);
  });
});

// Rendered pages, the cache's largest answers, through a stand-in renderer (as in
// server-render.test.ts) whose page the test sets and whose renders it can count and hold. It
// runs on the render thread and asks this test for each page (tests/support/fake-renderer.ts).
interface PageRender {
  calls: number;
  /** Which version of the page the renderer makes: a test changes it to tell a new render from the stored one. */
  version: number;
  gate: Promise<void> | null;
}
const render = (): PageRender => (globalThis as unknown as { __pageRender: PageRender }).__pageRender;

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>context is key</title>
  </head>
  <body>
    <div id="root"><!--app--><!--/app--></div>
  </body>
</html>`;

describe('rendered pages from memory', () => {
  /** The default: a test lets an entry expire, and a burst of requests arrives well within it. */
  const ttlMs = 1000;
  let site: TestApp;
  let dist = '';
  const channelName = `cik-fake-render-${crypto.randomUUID()}`;
  let channel: { close: () => void };
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-cache-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    fs.mkdirSync(path.join(dist, '.server'));
    fs.writeFileSync(path.join(dist, '.server', 'entry-server.js'), fakeRendererSource(channelName));
    channel = answerFakeRenders(channelName, async () => {
      const r = render();
      r.calls += 1;
      const version = r.version;
      if (r.gate) await r.gate;
      const words = `A page long enough to be worth compressing, version ${version}. `;
      return { kind: 'page', status: 200, appHtml: `<main>${words.repeat(100)}</main>`, headHtml: `<title>Page ${version}</title>`, stateHtml: '' };
    });
    site = await startTestApp({ env: { DIST_DIR: dist, PUBLIC_CACHE_MS: String(ttlMs) } });
  });
  afterAll(async () => {
    channel.close();
    await site.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  beforeEach(() => {
    (globalThis as unknown as { __pageRender: PageRender }).__pageRender = { calls: 0, version: 1, gate: null };
  });

  /** A URL this test alone asks for, so that no other test's entry answers it. */
  let n = 0;
  const own = (p: string) => `${p}?t=${(n += 1)}`;
  const getPage = (p: string, headers: Record<string, string> = {}) => rawGet(p, { accept: 'text/html', ...headers }, 'GET', site.url);
  /** The page's HTML, whatever the encoding it came in. */
  const html = (res: RawResponse) => {
    const encoding = res.headers['content-encoding'];
    const bytes = encoding === 'br' ? zlib.brotliDecompressSync(res.body) : encoding === 'gzip' ? zlib.gunzipSync(res.body) : res.body;
    return bytes.toString('utf8');
  };
  const versionOf = (res: RawResponse) => /version (\d+)\./.exec(html(res))?.[1];
  /** Holds every render from now until the returned function is called. */
  const hold = () => {
    let release = () => undefined as void;
    render().gate = new Promise<void>((resolve) => (release = resolve));
    return () => {
      render().gate = null;
      release();
    };
  };
  /** `count` requests at once; `settled` counts those answered so far. */
  const burst = (p: string, count: number, headers: Record<string, string> = {}) => {
    const state = { settled: 0 };
    const all = Promise.all(
      Array.from({ length: count }, () =>
        getPage(p, headers).finally(() => {
          state.settled += 1;
        }),
      ),
    );
    return { all, state };
  };
  const expire = () => new Promise((resolve) => setTimeout(resolve, ttlMs + 100));

  test('a page comes in brotli or gzip as the client takes it, each the same bytes as the page rendered, with Vary and one ETag', async () => {
    const url = own('/blog/1');
    const identity = await getPage(url);
    const br = await getPage(url, { 'Accept-Encoding': 'gzip, deflate, br' });
    const gzip = await getPage(url, { 'Accept-Encoding': 'gzip' });
    const named = await getPage(url, { 'Accept-Encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(named.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const rendered = identity.body.toString('utf8');
    expect(rendered).toContain('<title>Page 1</title>');
    for (const res of [identity, br, gzip, named]) {
      expect(res.status).toBe(200);
      expect(html(res)).toBe(rendered);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers.vary).toContain('Accept-Encoding');
      expect(res.headers.etag).toBe(identity.headers.etag);
      expect(Number(res.headers['content-length'])).toBe(res.body.length);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(br.body.length).toBeLessThan(identity.body.length);
    expect(gzip.body.length).toBeLessThan(identity.body.length);
  });

  test('the first answer, rendered for this request, is compressed the same way', async () => {
    const url = own('/videos');
    const first = await getPage(url, { 'Accept-Encoding': 'br' });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toContain('Accept-Encoding');
    expect(html(first)).toBe((await getPage(url)).body.toString('utf8'));
    const other = own('/videos');
    const gzipped = await getPage(other, { 'Accept-Encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(html(gzipped)).toBe((await getPage(other)).body.toString('utf8'));
  });

  test.each([
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0, br', 'br'],
    ['gzip, br;q=0.5', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['*;q=0', undefined],
    ['*', 'br'],
    ['deflate', undefined],
    ['br;q=abc, gzip', 'br'],
    [';;, ,q=1', undefined],
  ])('Accept-Encoding %j gets %s (q=0 refuses a coding)', async (acceptEncoding, expected) => {
    const url = own('/live-qa');
    await getPage(url);
    const res = await getPage(url, { 'Accept-Encoding': acceptEncoding });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(expected);
    expect(html(res)).toContain('version 1.');
  });

  test('with the ETag sent back, a 304 with no body, whatever the encoding asked', async () => {
    const url = own('/blog');
    const first = await getPage(url, { 'Accept-Encoding': 'br' });
    for (const acceptEncoding of ['br', 'gzip', '']) {
      const again = await getPage(url, { 'Accept-Encoding': acceptEncoding, 'If-None-Match': first.headers.etag! });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect(again.headers['content-encoding']).toBeUndefined();
    }
  });

  test('an expired page is sent stale to everyone while one request renders it again', async () => {
    const url = own('/');
    await getPage(url);
    await expire();
    render().version = 2;
    const release = hold();
    const { all, state } = burst(url, 8, { 'Accept-Encoding': 'gzip' });
    await expect.poll(() => state.settled).toBe(7);
    expect(render().calls).toBe(2);
    release();
    const answers = await all;
    expect(answers.every((res) => res.status === 200)).toBe(true);
    expect(answers.map(versionOf).sort()).toEqual(['1', '1', '1', '1', '1', '1', '1', '2']);
    expect(versionOf(await getPage(url))).toBe('2');
    expect(render().calls).toBe(2);
  });

  test("a write drops its pages at once, and then concurrent requests share one render, none sent the page from before", async () => {
    const url = own('/watch/1');
    const id = await insertVideoRow(site.db, { title: 'Watched', description: 'd', category: 'theology', duration: '10:00', views: 5, youtube_id: 'abcdefghijk' });
    await getPage(url);
    render().version = 2;
    expect((await site.client().post(`/api/videos/${id}/views`)).status).toBe(200);
    const release = hold();
    const { all, state } = burst(url, 8, { 'Accept-Encoding': 'br' });
    await expect.poll(() => render().calls).toBe(2);
    expect(state.settled).toBe(0);
    release();
    const answers = await all;
    expect(answers.map((res) => [res.status, versionOf(res)])).toEqual(Array.from({ length: 8 }, () => [200, '2']));
    expect(render().calls).toBe(2);
  });

  test('a write drops its pages at once: the next visit is rendered again', async () => {
    const url = own('/blog/2');
    const id = await insertVideoRow(site.db, { title: 'Viewed', description: 'd', category: 'theology', duration: '10:00', views: 5, youtube_id: 'abcdefghijk' });
    expect(versionOf(await getPage(url))).toBe('1');
    render().version = 2;
    expect(versionOf(await getPage(url))).toBe('1');
    expect((await site.client().post(`/api/videos/${id}/views`)).status).toBe(200);
    expect(versionOf(await getPage(url))).toBe('2');
  });
});
