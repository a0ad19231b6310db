import crypto from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { bookmarkHelpers } from '../support/bookmarks';
import { insertBlogPost } from '../support/fixtures';
import { useTestApp } from '../support/test-app';

const app = useTestApp();

const { signedIn, insertVideo, createFolder, bookmark, rowsFor } = bookmarkHelpers(() => app);
const insertPost = (overrides: Record<string, unknown> = {}) => insertBlogPost(app.db, overrides);

describe('POST /api/bookmarks', () => {
  test('when a signed-in user bookmarks a video, then 201 with the bookmark and its content, and one row is stored', async () => {
    const { client, userId } = await signedIn();
    const videoId = await insertVideo({ title: 'Why context matters', description: 'Reading in context' });
    const res = await client.post('/api/bookmarks', { userId, contentType: 'video', contentId: videoId });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      userId,
      contentType: 'video',
      contentId: videoId,
      categoryId: null,
      content: { id: videoId, title: 'Why context matters', summary: 'Reading in context', category: 'apologetics', duration: '12:34', readTime: null },
    });
    expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
    const rows = await rowsFor(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: res.body.id, content_type: 'video', content_id: videoId, folder_id: null });
  });

  test('when a blog post is bookmarked, then its content carries the excerpt and read time', async () => {
    const { client, userId } = await signedIn();
    const postId = await insertPost({ excerpt: 'Short excerpt', read_time: 9 });
    const res = await client.post('/api/bookmarks', { userId, contentType: 'blog', contentId: postId });
    expect(res.status).toBe(201);
    expect(res.body.content).toEqual({ id: postId, title: expect.any(String), summary: 'Short excerpt', category: 'theology', youtubeId: null, duration: null, readTime: 9 });
  });

  test('when the same content is bookmarked twice, then 200 with the same bookmark and still one row', async () => {
    const { client, userId } = await signedIn();
    const contentId = await insertVideo();
    const first = await client.post('/api/bookmarks', { userId, contentType: 'video', contentId });
    const second = await client.post('/api/bookmarks', { userId, contentType: 'video', contentId });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect(await rowsFor(userId)).toHaveLength(1);
  });

  test('when a repeat names a folder, or none, then it sets that folder (absolute state)', async () => {
    const { client, userId } = await signedIn();
    const folder = await createFolder(client, userId);
    const contentId = await insertVideo();
    await client.post('/api/bookmarks', { userId, contentType: 'video', contentId });
    const filed = await client.post('/api/bookmarks', { userId, contentType: 'video', contentId, categoryId: folder.id });
    expect(filed.status).toBe(200);
    expect(filed.body.categoryId).toBe(folder.id);
    expect((await rowsFor(userId))[0].folder_id).toBe(folder.id);
    const unfiled = await client.post('/api/bookmarks', { userId, contentType: 'video', contentId });
    expect(unfiled.body.categoryId).toBeNull();
    expect(await rowsFor(userId)).toEqual([expect.objectContaining({ folder_id: null })]);
  });

  test('when the client sends its own id, then the bookmark keeps it and a replay answers the same bookmark', async () => {
    const { client, userId } = await signedIn();
    const id = crypto.randomUUID();
    const contentId = await insertVideo();
    const first = await client.post('/api/bookmarks', { id, userId, contentType: 'video', contentId });
    const replay = await client.post('/api/bookmarks', { id, userId, contentType: 'video', contentId });
    expect(first.status).toBe(201);
    expect(first.body.id).toBe(id);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(await rowsFor(userId)).toHaveLength(1);
  });

  test('when a folder made offline (client id) is used at once, then the bookmark lands in it', async () => {
    const { client, userId } = await signedIn();
    const folderId = crypto.randomUUID();
    await createFolder(client, userId, { id: folderId });
    const res = await client.post('/api/bookmarks', { userId, contentType: 'video', contentId: await insertVideo(), categoryId: folderId.toUpperCase() });
    expect(res.status).toBe(201);
    expect(res.body.categoryId).toBe(folderId);
  });

  test('when the client id is already used for other content, then 409 and nothing changes', async () => {
    const { client, userId } = await signedIn();
    const id = crypto.randomUUID();
    await client.post('/api/bookmarks', { id, userId, contentType: 'video', contentId: await insertVideo() });
    const res = await client.post('/api/bookmarks', { id, userId, contentType: 'video', contentId: await insertVideo() });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already used/);
    expect(await rowsFor(userId)).toHaveLength(1);
  });

  test('when the same Idempotency-Key is replayed, then the first answer comes back and one row is stored', async () => {
    const { client, userId } = await signedIn();
    const contentId = await insertVideo();
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const first = await client.post('/api/bookmarks', { userId, contentType: 'video', contentId }, { headers });
    const second = await client.post('/api/bookmarks', { userId, contentType: 'video', contentId }, { headers });
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await rowsFor(userId)).toHaveLength(1);
  });

  test.each([
    ['no body', undefined, /userId/],
    ['no contentType', { contentId: 1 }, /contentType/],
    ['an unknown contentType', { contentType: 'podcast', contentId: 1 }, /contentType must be video or blog/],
    ['a non-numeric contentId', { contentType: 'video', contentId: 'abc' }, /contentId/],
    ['a negative contentId', { contentType: 'video', contentId: -3 }, /contentId/],
    ['a fractional contentId', { contentType: 'video', contentId: 1.5 }, /contentId/],
    ['a non-UUID id', { id: 'abc', contentType: 'video', contentId: 1 }, /UUID/],
    ['a non-UUID categoryId', { contentType: 'video', contentId: 1, categoryId: 42 }, /categoryId/],
  ])('when given %s, then 400 with a message and nothing stored', async (_label, body, message) => {
    const { client, userId } = await signedIn();
    const res = await client.post('/api/bookmarks', body === undefined ? { userId: 'x' } : { userId, ...body });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(res.body.issues).toBeInstanceOf(Array);
    expect(await rowsFor(userId)).toHaveLength(0);
  });

  test('when the contentId is beyond any stored id, then 404, not a database error', async () => {
    const { client, userId } = await signedIn();
    const res = await client.post('/api/bookmarks', { userId, contentType: 'video', contentId: 2 ** 40 });
    expect(res.status).toBe(404);
  });

  test('when not signed in, then 401 and nothing stored', async () => {
    const res = await app.client().post('/api/bookmarks', { userId: 1, contentType: 'video', contentId: await insertVideo() });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/sign in/i);
  });

  test("when the userId is another user's, then 403 and nothing stored", async () => {
    const { client } = await signedIn();
    const other = await signedIn();
    const res = await client.post('/api/bookmarks', { userId: other.userId, contentType: 'video', contentId: await insertVideo() });
    expect(res.status).toBe(403);
    expect(await rowsFor(other.userId)).toHaveLength(0);
  });

  test.each([
    ['video', 'video'],
    ['blog post', 'blog'],
  ])('when the %s does not exist, then 404', async (_label, contentType) => {
    const { client, userId } = await signedIn();
    const res = await client.post('/api/bookmarks', { userId, contentType, contentId: 999_999 });
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/does not exist/);
    expect(await rowsFor(userId)).toHaveLength(0);
  });

  test("when the folder is another user's, then 403; when it is unknown, then 404", async () => {
    const { client, userId } = await signedIn();
    const other = await signedIn();
    const theirs = await createFolder(other.client, other.userId);
    const contentId = await insertVideo();
    const forbidden = await client.post('/api/bookmarks', { userId, contentType: 'video', contentId, categoryId: theirs.id });
    expect(forbidden.status).toBe(403);
    const unknown = await client.post('/api/bookmarks', { userId, contentType: 'video', contentId, categoryId: crypto.randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/folder/i);
    expect(await rowsFor(userId)).toHaveLength(0);
  });
});

describe('GET /api/users/:userId/bookmarks', () => {
  test('when the user has bookmarks, then they come newest first, each with its content', async () => {
    const { client, userId } = await signedIn();
    const older = await bookmark(client, userId);
    const newer = await client.post('/api/bookmarks', { userId, contentType: 'blog', contentId: await insertPost() });
    await app.db('bookmarks').where({ id: older.id }).update({ created_at: '2020-01-01T00:00:00.000Z' });
    const res = await client.get(`/api/users/${userId}/bookmarks`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.map((b: { id: string }) => b.id)).toEqual([newer.body.id, older.id]);
    expect(res.body[0].content.readTime).toBe(7);
    expect(res.body[1].content.youtubeId).toMatch(/^yt/);
    expect(res.body[1].createdAt).toBe('2020-01-01T00:00:00.000Z');
  });

  test('when bookmarked content is gone, then the bookmark is still listed with content null', async () => {
    const { client, userId } = await signedIn();
    const b = await bookmark(client, userId);
    await app.db('videos').where({ id: b.contentId }).delete();
    const res = await client.get(`/api/users/${userId}/bookmarks`);
    expect(res.body).toEqual([expect.objectContaining({ id: b.id, content: null })]);
  });

  test('when there are many bookmarks, then their content is fetched in two queries, not one per bookmark', async () => {
    const { client, userId } = await signedIn();
    for (let i = 0; i < 6; i += 1) {
      await bookmark(client, userId);
      await client.post('/api/bookmarks', { userId, contentType: 'blog', contentId: await insertPost() });
    }
    const contentQueries: string[] = [];
    const listener = (q: { sql: string }) => {
      if (/"(videos|blog_posts)"|`(videos|blog_posts)`/.test(q.sql)) contentQueries.push(q.sql);
    };
    app.db.on('query', listener);
    try {
      const res = await client.get(`/api/users/${userId}/bookmarks`);
      expect(res.body).toHaveLength(12);
      expect(res.body.every((b: { content: unknown }) => b.content !== null)).toBe(true);
    } finally {
      app.db.removeListener('query', listener);
    }
    expect(contentQueries).toHaveLength(2);
  });

  test('when the user has none, then an empty list', async () => {
    const { client, userId } = await signedIn();
    expect((await client.get(`/api/users/${userId}/bookmarks`)).body).toEqual([]);
  });

  test('when not signed in, then 401', async () => {
    const { userId } = await signedIn();
    expect((await app.client().get(`/api/users/${userId}/bookmarks`)).status).toBe(401);
  });

  test("when asking for another user's bookmarks, then 403", async () => {
    const { client } = await signedIn();
    const other = await signedIn();
    await bookmark(other.client, other.userId);
    const res = await client.get(`/api/users/${other.userId}/bookmarks`);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/own account/);
  });

  test('when the userId is not a number, then 400', async () => {
    const { client } = await signedIn();
    const res = await client.get('/api/users/abc/bookmarks');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/userId/);
  });
});

describe('DELETE /api/bookmarks', () => {
  test('when the bookmark exists, then 204 and the row is gone; a repeat is 204 too', async () => {
    const { client, userId } = await signedIn();
    const keep = await bookmark(client, userId);
    const b = await bookmark(client, userId);
    const res = await client.delete('/api/bookmarks', { userId, contentType: 'video', contentId: b.contentId });
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await rowsFor(userId)).map((r) => r.id)).toEqual([keep.id]);
    const again = await client.delete('/api/bookmarks', { userId, contentType: 'video', contentId: b.contentId });
    expect(again.status).toBe(204);
  });

  test('when nothing was bookmarked, then 204 (the state "not bookmarked" holds)', async () => {
    const { client, userId } = await signedIn();
    expect((await client.delete('/api/bookmarks', { userId, contentType: 'blog', contentId: 123456 })).status).toBe(204);
    expect((await client.delete('/api/bookmarks', { userId, contentType: 'blog', contentId: 2 ** 40 })).status).toBe(204);
  });

  test.each([
    ['an unknown contentType', { contentType: 'audio', contentId: 1 }],
    ['no contentId', { contentType: 'video' }],
    ['a string contentId', { contentType: 'video', contentId: 'one' }],
  ])('when given %s, then 400 with a message', async (_label, body) => {
    const { client, userId } = await signedIn();
    const res = await client.delete('/api/bookmarks', { userId, ...body });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });

  test('when not signed in, then 401', async () => {
    expect((await app.client().delete('/api/bookmarks', { userId: 1, contentType: 'video', contentId: 1 })).status).toBe(401);
  });

  test("when the userId is another user's, then 403 and their bookmark stays", async () => {
    const { client } = await signedIn();
    const other = await signedIn();
    const theirs = await bookmark(other.client, other.userId);
    const res = await client.delete('/api/bookmarks', { userId: other.userId, contentType: 'video', contentId: theirs.contentId });
    expect(res.status).toBe(403);
    expect(await rowsFor(other.userId)).toHaveLength(1);
  });
});

describe('PATCH /api/bookmarks/:bookmarkId', () => {
  test('when the owner moves a bookmark into a folder and back to none, then each answer and the row follow', async () => {
    const { client, userId } = await signedIn();
    const folder = await createFolder(client, userId);
    const b = await bookmark(client, userId);
    const moved = await client.patch(`/api/bookmarks/${b.id}`, { categoryId: folder.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ id: b.id, categoryId: folder.id, content: { id: b.contentId } });
    expect((await app.db('bookmarks').where({ id: b.id }).first()).folder_id).toBe(folder.id);
    const back = await client.patch(`/api/bookmarks/${b.id}`, { categoryId: null });
    expect(back.status).toBe(200);
    expect(back.body.categoryId).toBeNull();
    expect((await app.db('bookmarks').where({ id: b.id }).first()).folder_id).toBeNull();
  });

  test("when the bookmark is another user's, then 403 and it stays where it was", async () => {
    const { client } = await signedIn();
    const other = await signedIn();
    const theirs = await bookmark(other.client, other.userId);
    const res = await client.patch(`/api/bookmarks/${theirs.id}`, { categoryId: null });
    expect(res.status).toBe(403);
  });

  test("when the folder is another user's, then 403; unknown, then 404; the bookmark stays unfiled", async () => {
    const { client, userId } = await signedIn();
    const other = await signedIn();
    const theirs = await createFolder(other.client, other.userId);
    const b = await bookmark(client, userId);
    expect((await client.patch(`/api/bookmarks/${b.id}`, { categoryId: theirs.id })).status).toBe(403);
    expect((await client.patch(`/api/bookmarks/${b.id}`, { categoryId: crypto.randomUUID() })).status).toBe(404);
    expect((await app.db('bookmarks').where({ id: b.id }).first()).folder_id).toBeNull();
  });

  test('when the bookmark does not exist, then 404', async () => {
    const { client } = await signedIn();
    const res = await client.patch(`/api/bookmarks/${crypto.randomUUID()}`, { categoryId: null });
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/bookmark/i);
  });

  test.each([
    ['a bookmark id that is not a UUID', 'not-a-uuid', { categoryId: null }, /bookmarkId/],
    ['no categoryId', null, {}, /categoryId/],
    ['a categoryId that is not a UUID', null, { categoryId: 'inbox' }, /categoryId/],
  ])('when given %s, then 400 with a message', async (_label, idOverride, body, message) => {
    const { client, userId } = await signedIn();
    const b = await bookmark(client, userId);
    const res = await client.patch(`/api/bookmarks/${idOverride ?? b.id}`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  test('when not signed in, then 401', async () => {
    expect((await app.client().patch(`/api/bookmarks/${crypto.randomUUID()}`, { categoryId: null })).status).toBe(401);
  });
});
