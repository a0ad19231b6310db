import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { nowIso } from '#api/lib/convert';
import { insertVideo as insertVideoRow } from '../support/fixtures';
import { signUp, startTestApp, type TestApp } from '../support/test-app';

// The short-lived cache of public answers (api/middleware/public-cache.ts), with a long TTL so
// that only invalidation can make an answer change during a test.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { PUBLIC_CACHE_MS: '60000' } });
});
afterAll(async () => app.close());

/** node:http, to send exactly the headers given (fetch adds its own Accept-Encoding and Cache-Control). */
function rawGet(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .request(`${app.url}${path}`, { method, headers }, (res) => {
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
