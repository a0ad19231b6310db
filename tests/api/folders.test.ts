// Bookmark folders: `/api/bookmark-categories` in the API, `bookmark_folders` in the database.
import crypto from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { bookmarkHelpers } from '../support/bookmarks';
import { useTestApp } from '../support/test-app';

const app = useTestApp();

const { signedIn, createFolder, bookmark, rowsFor } = bookmarkHelpers(() => app);

describe('GET /api/users/:userId/bookmark-categories', () => {
  test('when the user has folders, then they come oldest first', async () => {
    const { client, userId } = await signedIn();
    const a = await createFolder(client, userId, { name: 'First' });
    const b = await createFolder(client, userId, { name: 'Second', color: '#10B981' });
    await app.db('bookmark_folders').where({ id: b.id }).update({ created_at: '2030-01-01T00:00:00.000Z' });
    const res = await client.get(`/api/users/${userId}/bookmark-categories`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: a.id, name: 'First', color: '#3B82F6', userId, createdAt: expect.any(String) },
      { id: b.id, name: 'Second', color: '#10B981', userId, createdAt: '2030-01-01T00:00:00.000Z' },
    ]);
  });

  test('when not signed in, then 401', async () => {
    expect((await app.client().get('/api/users/1/bookmark-categories')).status).toBe(401);
  });

  test("when asking for another user's folders, then 403", async () => {
    const { client } = await signedIn();
    const other = await signedIn();
    expect((await client.get(`/api/users/${other.userId}/bookmark-categories`)).status).toBe(403);
  });
});

describe('POST /api/bookmark-categories', () => {
  test('when given a name, then 201 with the trimmed name and the default colour, and one row is stored', async () => {
    const { client, userId } = await signedIn();
    const res = await client.post('/api/bookmark-categories', { userId, name: '  Romans study  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'Romans study', color: '#3B82F6', userId, createdAt: expect.any(String) });
    const rows = await app.db('bookmark_folders').where({ user_id: userId });
    expect(rows).toEqual([expect.objectContaining({ id: res.body.id, name: 'Romans study', color: '#3B82F6' })]);
  });

  test.each([
    ['an empty colour', '', '#3B82F6'],
    ['a null colour', null, '#3B82F6'],
    ['a colour', '#ef4444', '#ef4444'],
  ])('when given %s, then that colour or the default is stored', async (_label, color, expected) => {
    const { client, userId } = await signedIn();
    const res = await client.post('/api/bookmark-categories', { userId, name: 'Colours', color });
    expect(res.status).toBe(201);
    expect(res.body.color).toBe(expected);
  });

  test('when a create with a client id is replayed by its owner, then 200 with the same folder and one row', async () => {
    const { client, userId } = await signedIn();
    const id = crypto.randomUUID();
    const first = await client.post('/api/bookmark-categories', { id, userId, name: 'Offline folder' });
    const replay = await client.post('/api/bookmark-categories', { id, userId, name: 'Offline folder' });
    expect(first.status).toBe(201);
    expect(first.body.id).toBe(id);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    expect(await app.db('bookmark_folders').where({ id })).toHaveLength(1);
  });

  test('when the client id is already owned by someone else, then 409 and their folder is untouched', async () => {
    const { client, userId } = await signedIn();
    const other = await signedIn();
    const id = crypto.randomUUID();
    await createFolder(other.client, other.userId, { id, name: 'Theirs' });
    const res = await client.post('/api/bookmark-categories', { id, userId, name: 'Mine' });
    expect(res.status).toBe(409);
    expect(await app.db('bookmark_folders').where({ id })).toEqual([expect.objectContaining({ user_id: other.userId, name: 'Theirs' })]);
  });

  test.each([
    ['a blank name', { name: '   ' }, 'name: Folder name is required'],
    ['no name', {}, 'name: Folder name is required'],
    ['a numeric name', { name: 7 }, 'name: Folder name is required'],
    ['a name of 61 characters', { name: 'x'.repeat(61) }, 'name: Folder name must be at most 60 characters'],
    ['a colour word', { name: 'A', color: 'blue' }, 'color: Colour must be a hex colour like #3B82F6'],
    ['a short hex colour', { name: 'A', color: '#12345' }, 'color: Colour must be a hex colour like #3B82F6'],
    ['a non-UUID id', { name: 'A', id: '123' }, 'id: Expected a UUID'],
  ])('when given %s, then 400 with that message and nothing stored', async (_label, body, message) => {
    const { client, userId } = await signedIn();
    const res = await client.post('/api/bookmark-categories', { userId, ...body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await app.db('bookmark_folders').where({ user_id: userId })).toHaveLength(0);
  });

  test('when the userId is not a number, then 400', async () => {
    const { client } = await signedIn();
    const res = await client.post('/api/bookmark-categories', { userId: 'me', name: 'A' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/userId/);
  });

  test('when not signed in, then 401', async () => {
    expect((await app.client().post('/api/bookmark-categories', { userId: 1, name: 'A' })).status).toBe(401);
  });

  test("when the userId is another user's, then 403 and nothing stored", async () => {
    const { client } = await signedIn();
    const other = await signedIn();
    expect((await client.post('/api/bookmark-categories', { userId: other.userId, name: 'A' })).status).toBe(403);
    expect(await app.db('bookmark_folders').where({ user_id: other.userId })).toHaveLength(0);
  });
});

describe('DELETE /api/bookmark-categories/:id', () => {
  test('when the owner deletes a folder, then 204, the folder is gone and its bookmarks stay with categoryId null', async () => {
    const { client, userId } = await signedIn();
    const folder = await createFolder(client, userId);
    const keep = await createFolder(client, userId, { name: 'Keep' });
    const inFolder = await bookmark(client, userId, { categoryId: folder.id });
    const inOther = await bookmark(client, userId, { categoryId: keep.id });
    const res = await client.delete(`/api/bookmark-categories/${folder.id}`);
    expect(res.status).toBe(204);
    expect(await app.db('bookmark_folders').where({ id: folder.id })).toHaveLength(0);
    const list = await client.get(`/api/users/${userId}/bookmarks`);
    const byId = new Map(list.body.map((b: { id: string; categoryId: string | null }) => [b.id, b.categoryId]));
    expect(byId.get(inFolder.id)).toBeNull();
    expect(byId.get(inOther.id)).toBe(keep.id);
    expect(await rowsFor(userId)).toHaveLength(2);
  });

  test('when the folder does not exist, then 404', async () => {
    const { client } = await signedIn();
    const res = await client.delete(`/api/bookmark-categories/${crypto.randomUUID()}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/folder/i);
  });

  test('when the id is not a UUID, then 400', async () => {
    const { client } = await signedIn();
    expect((await client.delete('/api/bookmark-categories/42')).status).toBe(400);
  });

  test('when not signed in, then 401 and the folder stays', async () => {
    const { client, userId } = await signedIn();
    const folder = await createFolder(client, userId);
    expect((await app.client().delete(`/api/bookmark-categories/${folder.id}`)).status).toBe(401);
    expect(await app.db('bookmark_folders').where({ id: folder.id })).toHaveLength(1);
  });

  test("when the folder is another user's, then 403 and it stays with its bookmarks", async () => {
    const { client } = await signedIn();
    const other = await signedIn();
    const folder = await createFolder(other.client, other.userId);
    const b = await bookmark(other.client, other.userId, { categoryId: folder.id });
    expect((await client.delete(`/api/bookmark-categories/${folder.id}`)).status).toBe(403);
    expect(await app.db('bookmark_folders').where({ id: folder.id })).toHaveLength(1);
    expect((await app.db('bookmarks').where({ id: b.id }).first()).folder_id).toBe(folder.id);
  });
});
