// Migration 015 (docs/decisions/018-account-tokens-and-sessions.md) on a database that has data:
// sessions get their user_id from their JSON, and uploaded_objects (rebuilt on SQLite) keeps every
// row, byte, index and key, with a post's picture now outliving its uploader.
import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Db } from '#api/db';
import { insertBlogPost } from '../support/fixtures';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

let tdb: TestDatabase;
let db: Db;

beforeAll(async () => {
  tdb = await createTestDatabase();
  db = tdb.db;
});
afterAll(async () => {
  await tdb?.drop();
});

const idOf = (r: unknown) => Number(typeof r === 'object' && r ? (r as { id: unknown }).id : r);

test('when 015 runs over existing rows, then sessions name their user, uploads are kept whole, and a deleted uploader leaves the post its picture', async () => {
  await db.migrate.down({ name: '015-account-tokens' });
  expect(await db.schema.hasTable('account_tokens')).toBe(false);
  expect(await db.schema.hasColumn('sessions', 'user_id')).toBe(false);

  const now = new Date().toISOString();
  const [user] = await db('users').insert({ username: 'uploader', email: 'uploader@example.com', name: 'U', password_hash: 'x', role: 'editor', created_at: now, updated_at: now }).returning('id');
  const userId = idOf(user);
  await db('sessions').insert([
    { id: 'signed-in', data: JSON.stringify({ userId, _expire: 1 }), expires_at: Date.now() + 60_000 },
    { id: 'anonymous', data: JSON.stringify({ anonymous: true }), expires_at: Date.now() + 60_000 },
    { id: 'garbled', data: '{"userId":', expires_at: Date.now() + 60_000 },
  ]);
  const object = (id: string, token: string) => ({
    id,
    user_id: userId,
    upload_token: token,
    status: 'stored',
    content_type: 'image/png',
    size: 4,
    created_at: now,
    expires_at: now,
    body: Buffer.from([1, 2, 3, 4]),
    etag: '"e"',
  });
  const cover = crypto.randomUUID();
  const avatar = crypto.randomUUID();
  await db('uploaded_objects').insert([object(cover, 'token-cover'), object(avatar, 'token-avatar')]);
  const postId = await insertBlogPost(db);
  await db('post_objects').insert({ post_id: postId, object_id: cover });

  await db.migrate.up({ name: '015-account-tokens' });
  expect(await db('sessions').orderBy('id').select('id', 'user_id')).toEqual([
    { id: 'anonymous', user_id: null },
    { id: 'garbled', user_id: null },
    { id: 'signed-in', user_id: userId },
  ]);
  const kept = await db('uploaded_objects').where({ id: cover }).first();
  expect(Buffer.from(kept.body)).toEqual(Buffer.from([1, 2, 3, 4]));
  expect(Number(kept.user_id)).toBe(userId);
  // The unique token and the key to users still hold.
  await expect(db('uploaded_objects').insert(object(crypto.randomUUID(), 'token-cover'))).rejects.toThrow();
  await expect(db('uploaded_objects').insert({ ...object(crypto.randomUUID(), 'token-new'), user_id: 999_999 })).rejects.toThrow();
  // post_objects still refuses to lose a post's picture.
  await expect(db('uploaded_objects').where({ id: cover }).delete()).rejects.toThrow();

  await db('uploaded_objects').where({ id: avatar }).delete();
  await db('users').where({ id: userId }).delete();
  expect((await db('uploaded_objects').where({ id: cover }).first()).user_id).toBeNull();
  expect(await db('post_objects').where({ post_id: postId })).toHaveLength(1);
});
