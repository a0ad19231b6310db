import crypto from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { insertBlogPost, insertVideo as insertVideoRow } from '../support/fixtures';
import { signUp, useTestApp, type ApiClient } from '../support/test-app';

const app = useTestApp();

async function signedIn(): Promise<{ client: ApiClient; userId: number; username: string }> {
  const client = app.client();
  const user = await signUp(client);
  return { client, userId: user.id, username: user.username };
}

const insertVideo = () => insertVideoRow(app.db, { description: null, category: 'theology', duration: '3:00' });
const insertPost = () => insertBlogPost(app.db, { content: 'Body', excerpt: null, category: 'church-history' });

const commentsOn = (contentType: string, contentId: number) => app.db('comments').where({ content_type: contentType, content_id: contentId });

describe('POST /api/comments', () => {
  test('when a signed-in user comments, then 201 with the trimmed comment and author, and it is stored', async () => {
    const { client, userId, username } = await signedIn();
    const contentId = await insertVideo();
    const res = await client.post('/api/comments', { userId, contentType: 'video', contentId, comment: '  Amen, well said.  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      userId,
      contentType: 'video',
      contentId,
      comment: 'Amen, well said.',
      createdAt: expect.any(String),
      user: { name: username, avatarUrl: null },
    });
    const rows = await commentsOn('video', contentId);
    expect(rows).toEqual([expect.objectContaining({ id: res.body.id, user_id: userId, comment: 'Amen, well said.' })]);
  });

  test('when a comment is 2000 characters, then it is accepted', async () => {
    const { client, userId } = await signedIn();
    const res = await client.post('/api/comments', { userId, contentType: 'blog', contentId: await insertPost(), comment: 'y'.repeat(2000) });
    expect(res.status).toBe(201);
    expect(res.body.comment).toHaveLength(2000);
  });

  test('when the same Idempotency-Key is replayed, then one comment is stored and the same answer returned', async () => {
    const { client, userId } = await signedIn();
    const contentId = await insertVideo();
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const body = { userId, contentType: 'video', contentId, comment: 'Posted from the outbox' };
    const first = await client.post('/api/comments', body, { headers });
    const replay = await client.post('/api/comments', body, { headers });
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(await commentsOn('video', contentId)).toHaveLength(1);
  });

  test.each([
    ['a blank comment', { comment: '   ' }, 'comment: Please enter a comment.'],
    ['no comment', { comment: undefined }, 'comment: Please enter a comment.'],
    ['a numeric comment', { comment: 5 }, 'comment: Please enter a comment.'],
    ['a 2001-character comment', { comment: 'x'.repeat(2001) }, 'comment: A comment can be at most 2000 characters'],
    ['an unknown contentType', { contentType: 'page' }, 'contentType: contentType must be video or blog'],
    ['a non-numeric contentId', { contentId: 'abc' }, /^contentId: /],
    ['a zero contentId', { contentId: 0 }, /^contentId: /],
  ])('when given %s, then 400 with that message and nothing stored', async (_label, patch, message) => {
    const { client, userId } = await signedIn();
    const contentId = await insertVideo();
    const res = await client.post('/api/comments', { userId, contentType: 'video', contentId, comment: 'ok', ...patch });
    expect(res.status).toBe(400);
    if (typeof message === 'string') expect(res.body.message).toBe(message);
    else expect(res.body.message).toMatch(message);
    expect(await app.db('comments').where({ user_id: userId })).toHaveLength(0);
  });

  test('when the content does not exist, then 404 and nothing stored', async () => {
    const { client, userId } = await signedIn();
    const res = await client.post('/api/comments', { userId, contentType: 'blog', contentId: 55_555, comment: 'Hello' });
    expect(res.status).toBe(404);
    expect(await app.db('comments').where({ user_id: userId })).toHaveLength(0);
  });

  test('when not signed in, then 401 and nothing stored', async () => {
    const contentId = await insertVideo();
    const res = await app.client().post('/api/comments', { userId: 1, contentType: 'video', contentId, comment: 'Hi' });
    expect(res.status).toBe(401);
    expect(await commentsOn('video', contentId)).toHaveLength(0);
  });

  test("when the userId is another user's, then 403 and nothing stored", async () => {
    const { client } = await signedIn();
    const other = await signedIn();
    const contentId = await insertVideo();
    const res = await client.post('/api/comments', { userId: other.userId, contentType: 'video', contentId, comment: 'Impersonating' });
    expect(res.status).toBe(403);
    expect(await commentsOn('video', contentId)).toHaveLength(0);
  });
});

describe('GET /api/comments', () => {
  test('when content has comments, then they come newest first with name and avatar, never email', async () => {
    const a = await signedIn();
    const b = await signedIn();
    await app.db('users').where({ id: b.userId }).update({ avatar_url: '/objects/avatar-b.png' });
    const contentId = await insertPost();
    const first = await a.client.post('/api/comments', { userId: a.userId, contentType: 'blog', contentId, comment: 'First' });
    const second = await b.client.post('/api/comments', { userId: b.userId, contentType: 'blog', contentId, comment: 'Second' });
    await app.db('comments').where({ id: first.body.id }).update({ created_at: '2021-05-01T10:00:00.000Z' });
    await b.client.post('/api/comments', { userId: b.userId, contentType: 'video', contentId, comment: 'Same id, other type' });

    const res = await app.client().get(`/api/comments?contentType=blog&contentId=${contentId}`);
    expect(res.status).toBe(200);
    expect(res.body.map((c: { comment: string }) => c.comment)).toEqual(['Second', 'First']);
    expect(res.body[0]).toEqual({ ...second.body, user: { name: b.username, avatarUrl: '/objects/avatar-b.png' } });
    expect(res.body[1].createdAt).toBe('2021-05-01T10:00:00.000Z');
    expect(res.text).not.toMatch(/@example\.com|email|password/i);
  });

  test('when two comments share a timestamp, then the later one still comes first', async () => {
    const { client, userId } = await signedIn();
    const contentId = await insertVideo();
    for (const comment of ['one', 'two', 'three']) await client.post('/api/comments', { userId, contentType: 'video', contentId, comment });
    await commentsOn('video', contentId).update({ created_at: '2022-01-01T00:00:00.000Z' });
    const res = await client.get(`/api/comments?contentType=video&contentId=${contentId}`);
    expect(res.body.map((c: { comment: string }) => c.comment)).toEqual(['three', 'two', 'one']);
  });

  test('when content has no comments, or does not exist, then an empty list', async () => {
    expect((await app.client().get(`/api/comments?contentType=video&contentId=${await insertVideo()}`)).body).toEqual([]);
    expect((await app.client().get('/api/comments?contentType=video&contentId=9999999999999')).body).toEqual([]);
  });

  test('when asked a page at a time, then `limit` newest, then with `before` the next older ones, none twice', async () => {
    const { client, userId } = await signedIn();
    const contentId = await insertVideo();
    for (let n = 1; n <= 7; n += 1) await client.post('/api/comments', { userId, contentType: 'video', contentId, comment: `c${n}` });
    // Two share a timestamp: the cursor must still not skip or repeat one.
    const rows = await commentsOn('video', contentId).orderBy('id');
    await app.db('comments').whereIn('id', [rows[2].id, rows[3].id]).update({ created_at: '2023-03-03T03:03:03.000Z' });

    const texts = (body: { comment: string }[]) => body.map((c) => c.comment);
    const base = `/api/comments?contentType=video&contentId=${contentId}`;
    const first = await app.client().get(`${base}&limit=3`);
    expect(texts(first.body)).toEqual(['c7', 'c6', 'c5']);
    const second = await app.client().get(`${base}&limit=3&before=${first.body[2].id}`);
    expect(texts(second.body)).toEqual(['c2', 'c1', 'c4']);
    const third = await app.client().get(`${base}&limit=3&before=${second.body[2].id}`);
    expect(texts(third.body)).toEqual(['c3']);
  });

  test('without a limit, then the newest 50', async () => {
    const { userId } = await signedIn();
    const contentId = await insertPost();
    await app.db('comments').insert(
      Array.from({ length: 55 }, (_, i) => ({ user_id: userId, content_type: 'blog', content_id: contentId, comment: `n${i}`, created_at: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString() })),
    );
    const res = await app.client().get(`/api/comments?contentType=blog&contentId=${contentId}`);
    expect(res.body).toHaveLength(50);
    expect(res.body[0].comment).toBe('n54');
  });

  test("when `before` is not a comment on this content, then 400 with a message", async () => {
    const { client, userId } = await signedIn();
    const video = await insertVideo();
    const other = await insertVideo();
    const comment = await client.post('/api/comments', { userId, contentType: 'video', contentId: other, comment: 'elsewhere' });
    for (const before of [comment.body.id, 99999999, 99999999999999]) {
      const res = await app.client().get(`/api/comments?contentType=video&contentId=${video}&before=${before}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('before must be the id of a comment on this content');
    }
  });

  test.each([
    ['no query', ''],
    ['no contentId', '?contentType=video'],
    ['an unknown contentType', '?contentType=podcast&contentId=1'],
    ['a non-numeric contentId', '?contentType=blog&contentId=abc'],
    ['a limit of 0', '?contentType=blog&contentId=1&limit=0'],
    ['a limit over 100', '?contentType=blog&contentId=1&limit=101'],
    ['a fractional limit', '?contentType=blog&contentId=1&limit=2.5'],
    ['a non-numeric before', '?contentType=blog&contentId=1&before=latest'],
  ])('when given %s, then 400 with a message', async (_label, query) => {
    const res = await app.client().get(`/api/comments${query}`);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.issues).toBeInstanceOf(Array);
  });
});
