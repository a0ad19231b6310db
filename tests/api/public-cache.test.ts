import http from 'node:http';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { nowIso } from '../../api/lib/convert.js';
import { insertVideo as insertVideoRow } from '../support/fixtures.js';
import { signUp, startTestApp, type TestApp } from '../support/test-app.js';

// The short-lived cache of public answers (api/middleware/public-cache.ts), with a long TTL so
// that only invalidation can make an answer change during a test.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ env: { PUBLIC_CACHE_MS: '60000' } });
});
afterAll(async () => app.close());

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
    const again = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get(`${app.url}/api/videos`, { headers: { 'If-None-Match': first.headers.get('etag')! } }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        })
        .on('error', reject);
    });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
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
