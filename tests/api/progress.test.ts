import crypto from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { insertBlogPost, insertVideo as insertVideoRow } from '../support/fixtures';
import { signUp, useTestApp, type ApiClient } from '../support/test-app';

const app = useTestApp();

async function signedIn(): Promise<{ client: ApiClient; userId: number }> {
  const client = app.client();
  const user = await signUp(client);
  return { client, userId: user.id };
}

const insertVideo = () => insertVideoRow(app.db, { description: null, category: 'bible-study', duration: '5:00' });
const insertPost = () => insertBlogPost(app.db, { content: 'Body', excerpt: null, category: 'ministry' });

const rowsFor = (userId: number) => app.db('progress').where({ user_id: userId });
const done = (userId: number, contentId: number, contentType = 'video') => ({ userId, contentType, contentId, completed: true, progressPercent: 100 });
const undone = (userId: number, contentId: number, contentType = 'video') => ({ userId, contentType, contentId, completed: false, progressPercent: 0 });

describe('POST /api/progress', () => {
  test('when an item is marked complete, then 200 with the record and one row is stored', async () => {
    const { client, userId } = await signedIn();
    const contentId = await insertVideo();
    const res = await client.post('/api/progress', done(userId, contentId));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ userId, contentType: 'video', contentId, completed: true, progressPercent: 100, updatedAt: expect.any(String) });
    const rows = await rowsFor(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ content_type: 'video', content_id: contentId, progress_percent: 100 });
    expect([true, 1]).toContain(rows[0].completed);
  });

  test('when the same call is sent twice, then still one row', async () => {
    const { client, userId } = await signedIn();
    const contentId = await insertPost();
    const first = await client.post('/api/progress', done(userId, contentId, 'blog'));
    const second = await client.post('/api/progress', done(userId, contentId, 'blog'));
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ completed: true, progressPercent: 100, contentType: 'blog' });
    expect(first.body.contentId).toBe(second.body.contentId);
    expect(await rowsFor(userId)).toHaveLength(1);
  });

  test('when an item is unmarked, then the same row holds completed false and 0', async () => {
    const { client, userId } = await signedIn();
    const contentId = await insertVideo();
    await client.post('/api/progress', done(userId, contentId));
    const res = await client.post('/api/progress', undone(userId, contentId));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ completed: false, progressPercent: 0 });
    const rows = await rowsFor(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0].progress_percent).toBe(0);
    expect([false, 0]).toContain(rows[0].completed);
  });

  test('when the same Idempotency-Key is replayed, then the first answer comes back', async () => {
    const { client, userId } = await signedIn();
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const body = done(userId, await insertVideo());
    const first = await client.post('/api/progress', body, { headers });
    const second = await client.post('/api/progress', body, { headers });
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await rowsFor(userId)).toHaveLength(1);
  });

  test.each([
    ['progressPercent 50', { completed: true, progressPercent: 50 }, /progressPercent must be 0 or 100/],
    ['completed true with 0', { completed: true, progressPercent: 0 }, /completed item is 100 percent/],
    ['completed false with 100', { completed: false, progressPercent: 100 }, /completed item is 100 percent/],
    ['completed as a string', { completed: 'yes', progressPercent: 100 }, /completed must be true or false/],
    ['no completed', { completed: undefined }, /completed must be true or false/],
    ['an unknown contentType', { contentType: 'sermon' }, /contentType must be video or blog/],
    ['a non-numeric contentId', { contentId: 'x' }, /contentId/],
    ['no contentId', { contentId: undefined }, /contentId/],
  ])('when given %s, then 400 with a message and nothing stored', async (_label, patch, message) => {
    const { client, userId } = await signedIn();
    const res = await client.post('/api/progress', { ...done(userId, await insertVideo()), ...patch });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(await rowsFor(userId)).toHaveLength(0);
  });

  test('when the content does not exist, then 404 and nothing stored', async () => {
    const { client, userId } = await signedIn();
    expect((await client.post('/api/progress', done(userId, 987_654))).status).toBe(404);
    expect((await client.post('/api/progress', done(userId, 2 ** 40, 'blog'))).status).toBe(404);
    expect(await rowsFor(userId)).toHaveLength(0);
  });

  test('when not signed in, then 401', async () => {
    const res = await app.client().post('/api/progress', done(1, await insertVideo()));
    expect(res.status).toBe(401);
  });

  test("when the userId is another user's, then 403 and nothing stored", async () => {
    const { client } = await signedIn();
    const other = await signedIn();
    expect((await client.post('/api/progress', done(other.userId, await insertVideo()))).status).toBe(403);
    expect(await rowsFor(other.userId)).toHaveLength(0);
  });
});

describe('GET /api/progress/check', () => {
  test('when the item was completed, then {completed: true}; after unmarking, false', async () => {
    const { client, userId } = await signedIn();
    const contentId = await insertVideo();
    await client.post('/api/progress', done(userId, contentId));
    const url = `/api/progress/check?userId=${userId}&contentType=video&contentId=${contentId}`;
    const res = await client.get(url);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ completed: true });
    await client.post('/api/progress', undone(userId, contentId));
    expect((await client.get(url)).body).toEqual({ completed: false });
  });

  test('when nothing was recorded, then {completed: false}', async () => {
    const { client, userId } = await signedIn();
    const res = await client.get(`/api/progress/check?userId=${userId}&contentType=blog&contentId=424242`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ completed: false });
  });

  test.each([
    ['no query', ''],
    ['an unknown contentType', 'contentType=podcast&contentId=1'],
    ['a non-numeric contentId', 'contentType=video&contentId=abc'],
  ])('when given %s, then 400 with a message', async (_label, query) => {
    const { client, userId } = await signedIn();
    const res = await client.get(`/api/progress/check?userId=${userId}&${query}`);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });

  test('when not signed in, then 401', async () => {
    expect((await app.client().get('/api/progress/check?userId=1&contentType=video&contentId=1')).status).toBe(401);
  });

  test("when asking about another user's progress, then 403", async () => {
    const { client } = await signedIn();
    const other = await signedIn();
    expect((await client.get(`/api/progress/check?userId=${other.userId}&contentType=video&contentId=1`)).status).toBe(403);
  });
});

describe('GET /api/users/:userId/progress', () => {
  test("when the user has records, then all of theirs (and nobody else's) come back", async () => {
    const { client, userId } = await signedIn();
    const other = await signedIn();
    const v = await insertVideo();
    const p = await insertPost();
    await client.post('/api/progress', done(userId, v));
    await client.post('/api/progress', undone(userId, p, 'blog'));
    await other.client.post('/api/progress', done(other.userId, v));
    const res = await client.get(`/api/users/${userId}/progress`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toHaveLength(2);
    expect(res.body).toEqual(
      expect.arrayContaining([
        { userId, contentType: 'video', contentId: v, completed: true, progressPercent: 100, updatedAt: expect.any(String) },
        { userId, contentType: 'blog', contentId: p, completed: false, progressPercent: 0, updatedAt: expect.any(String) },
      ]),
    );
  });

  test('when not signed in, then 401', async () => {
    expect((await app.client().get('/api/users/1/progress')).status).toBe(401);
  });

  test("when asking for another user's records, then 403", async () => {
    const { client } = await signedIn();
    const other = await signedIn();
    expect((await client.get(`/api/users/${other.userId}/progress`)).status).toBe(403);
  });

  test('when the userId is not a number, then 400', async () => {
    const { client } = await signedIn();
    expect((await client.get('/api/users/me/progress')).status).toBe(400);
  });
});
