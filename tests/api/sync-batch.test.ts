// POST /api/sync/batch (docs/decisions/020-queued-writes-in-one-request.md): the outbox's queued
// writes in one request, applied in order through the same routes, checks and Idempotency-Keys as
// when each comes alone.
import crypto from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { SYNC_BATCH_MAX } from '#contract/sync';
import { insertVideo } from '../support/fixtures';
import { signUp, startTestApp, useTestApp, type ApiClient } from '../support/test-app';

const app = useTestApp();

interface Write {
  key: string;
  method: string;
  path: string;
  body?: unknown;
}
interface Result {
  key: string;
  status: number;
  body?: any;
  retryAfter?: string;
  replayed?: boolean;
}

const key = () => crypto.randomUUID();
const batch = (client: ApiClient, writes: Write[]) => client.post<{ results: Result[] }>('/api/sync/batch', { writes });

async function signedIn() {
  const client = app.client();
  const user = await signUp(client);
  return { client, userId: user.id };
}

async function insertDevotional(): Promise<number> {
  const [row] = await app
    .db('devotionals')
    .insert({ title: 'Batch', date: null, verse_text: 'For God so loved the world…', verse_reference: 'John 3:16', content: 'Reflection', created_at: new Date().toISOString() })
    .returning('id');
  return Number((row as { id: number }).id);
}

describe('POST /api/sync/batch', () => {
  test('applies the writes in order, each through its own route: a folder made offline takes a bookmark made offline, as the outbox queued them', async () => {
    const { client, userId } = await signedIn();
    const videoId = await insertVideo(app.db);
    const devotionalId = await insertDevotional();
    const folderId = crypto.randomUUID();
    const bookmarkId = crypto.randomUUID();
    const writes: Write[] = [
      { key: key(), method: 'POST', path: '/api/bookmark-categories', body: { id: folderId, userId, name: 'Train reading', color: '#2563eb' } },
      { key: key(), method: 'POST', path: '/api/bookmarks', body: { id: bookmarkId, userId, contentType: 'video', contentId: videoId, categoryId: null } },
      { key: key(), method: 'PATCH', path: `/api/bookmarks/${bookmarkId}`, body: { categoryId: folderId } },
      { key: key(), method: 'POST', path: '/api/progress', body: { userId, contentType: 'video', contentId: videoId, completed: true, progressPercent: 100 } },
      { key: key(), method: 'POST', path: '/api/comments', body: { userId, contentType: 'video', contentId: videoId, comment: 'Written offline' } },
      { key: key(), method: 'POST', path: `/api/devotional/${devotionalId}/heart`, body: { userId } },
      { key: key(), method: 'DELETE', path: `/api/devotional/${devotionalId}/heart`, body: { userId } },
      { key: key(), method: 'POST', path: `/api/devotional/${devotionalId}/heart`, body: { userId } },
    ];
    const res = await batch(client, writes);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { results } = res.body;
    expect(results.map((r) => r.key)).toEqual(writes.map((w) => w.key));
    expect(results.map((r) => r.status)).toEqual([201, 201, 200, 200, 201, 200, 200, 200]);
    expect(results[2]!.body).toMatchObject({ id: bookmarkId, categoryId: folderId, contentId: videoId });
    expect(results[4]!.body).toMatchObject({ comment: 'Written offline', userId });
    expect(results[7]!.body).toMatchObject({ count: 1, isHearted: true });
    expect(results.some((r) => r.replayed)).toBe(false);

    // What the single routes now read back.
    expect((await client.get(`/api/users/${userId}/bookmarks`)).body).toEqual([expect.objectContaining({ id: bookmarkId, categoryId: folderId })]);
    expect((await client.get(`/api/users/${userId}/progress`)).body).toEqual([expect.objectContaining({ contentId: videoId, completed: true })]);
    expect(await app.db('comments').where({ user_id: userId })).toHaveLength(1);
    expect(await app.db('devotional_hearts').where({ user_id: userId })).toHaveLength(1);
  });

  test('a full batch of writes is kept whole and in order, and sent again changes nothing', async () => {
    const { client, userId } = await signedIn();
    const videoId = await insertVideo(app.db);
    const writes: Write[] = Array.from({ length: SYNC_BATCH_MAX }, (_, i) => ({
      key: key(),
      method: 'POST',
      path: '/api/comments',
      body: { userId, contentType: 'video', contentId: videoId, comment: `Comment ${i + 1}` },
    }));
    const first = await batch(client, writes);
    expect(first.body.results.map((r) => r.status)).toEqual(writes.map(() => 201));
    const again = await batch(client, writes);
    expect(again.body.results.every((r) => r.replayed)).toBe(true);
    const stored = await app.db('comments').where({ user_id: userId }).orderBy('id');
    expect(stored.map((c) => c.comment)).toEqual(writes.map((_, i) => `Comment ${i + 1}`));
  });

  test('exactly once: the batch sent again answers each write with its first answer, replayed, and so does a write of it sent alone', async () => {
    const { client, userId } = await signedIn();
    const videoId = await insertVideo(app.db);
    const writes: Write[] = [
      { key: key(), method: 'POST', path: '/api/comments', body: { userId, contentType: 'video', contentId: videoId, comment: 'Once' } },
      { key: key(), method: 'POST', path: '/api/comments', body: { userId, contentType: 'video', contentId: videoId, comment: 'Twice' } },
    ];
    const first = await batch(client, writes);
    const again = await batch(client, writes);
    expect(again.status).toBe(200);
    expect(again.body.results.map((r) => [r.status, r.body, r.replayed])).toEqual(first.body.results.map((r) => [r.status, r.body, true]));
    const alone = await client.post('/api/comments', writes[1]!.body, { headers: { 'Idempotency-Key': writes[1]!.key } });
    expect(alone.status).toBe(201);
    expect(alone.headers.get('Idempotent-Replayed')).toBe('true');
    expect(alone.body).toEqual(first.body.results[1]!.body);
    expect((await app.db('comments').where({ user_id: userId }).orderBy('id')).map((c) => c.comment)).toEqual(['Once', 'Twice']);
  });

  test('a write first sent alone, whose answer was lost, is replayed inside a later batch', async () => {
    const { client, userId } = await signedIn();
    const videoId = await insertVideo(app.db);
    const write: Write = { key: key(), method: 'POST', path: '/api/comments', body: { userId, contentType: 'video', contentId: videoId, comment: 'Sent alone first' } };
    const alone = await client.post('/api/comments', write.body, { headers: { 'Idempotency-Key': write.key } });
    const res = await batch(client, [write, { key: key(), method: 'POST', path: '/api/comments', body: { userId, contentType: 'video', contentId: videoId, comment: 'Then this' } }]);
    expect(res.body.results.map((r) => [r.status, r.replayed ?? false])).toEqual([
      [201, true],
      [201, false],
    ]);
    expect(res.body.results[0]!.body).toEqual(alone.body);
    expect(await app.db('comments').where({ user_id: userId })).toHaveLength(2);
  });

  test('a write refused is answered with its own status and {message}, is remembered, and the writes after it still run', async () => {
    const { client, userId } = await signedIn();
    const videoId = await insertVideo(app.db);
    const writes: Write[] = [
      { key: key(), method: 'POST', path: '/api/comments', body: { userId, contentType: 'video', contentId: 2_000_000_000, comment: 'On nothing' } },
      { key: key(), method: 'POST', path: '/api/progress', body: { userId, contentType: 'video', contentId: videoId, completed: 'yes' } },
      { key: key(), method: 'PATCH', path: '/api/bookmarks/not-a-uuid', body: { categoryId: null } },
      { key: key(), method: 'POST', path: '/api/comments', body: { userId, contentType: 'video', contentId: videoId, comment: 'After the refusals' } },
    ];
    const res = await batch(client, writes);
    expect(res.status).toBe(200);
    const { results } = res.body;
    expect(results.map((r) => r.status)).toEqual([404, 400, 400, 201]);
    for (const refused of results.slice(0, 3)) expect(refused.body).toEqual(expect.objectContaining({ message: expect.any(String) }));
    // The same write alone is refused in the same words.
    const alone = await client.post('/api/comments', writes[0]!.body);
    expect(results[0]!.body.message).toBe(alone.body.message);
    // Remembered under its key, as alone.
    const replay = await batch(client, [writes[0]!]);
    expect(replay.body.results).toEqual([{ ...results[0], replayed: true }]);
    expect(await app.db('comments').where({ user_id: userId })).toHaveLength(1);
  });

  test("another user's data: that write is a 403, as alone, and the others run", async () => {
    const owner = await signedIn();
    const other = await signedIn();
    const videoId = await insertVideo(app.db);
    const theirs = await owner.client.post('/api/bookmarks', { userId: owner.userId, contentType: 'video', contentId: videoId, categoryId: null });
    expect(theirs.status).toBe(201);
    const writes: Write[] = [
      { key: key(), method: 'POST', path: '/api/bookmarks', body: { userId: owner.userId, contentType: 'video', contentId: videoId, categoryId: null } },
      { key: key(), method: 'PATCH', path: `/api/bookmarks/${theirs.body.id}`, body: { categoryId: null } },
      { key: key(), method: 'POST', path: '/api/progress', body: { userId: owner.userId, contentType: 'video', contentId: videoId, completed: true, progressPercent: 100 } },
      { key: key(), method: 'POST', path: '/api/progress', body: { userId: other.userId, contentType: 'video', contentId: videoId, completed: true, progressPercent: 100 } },
    ];
    const res = await batch(other.client, writes);
    expect(res.body.results.map((r) => r.status)).toEqual([403, 403, 403, 200]);
    expect(res.body.results[0]!.body).toEqual({ message: "You can only act on your own account's data." });
    expect(await app.db('progress').where({ user_id: owner.userId })).toHaveLength(0);
    expect(await app.db('progress').where({ user_id: other.userId })).toHaveLength(1);
  });

  test('the first write the server keeps no answer for (429 here) ends the batch: it says when to retry, and the writes after it are not run', async () => {
    const limited = await startTestApp({ env: { USER_WRITE_RATE_LIMIT: '2' } });
    try {
      const client = limited.client();
      const user = await signUp(client);
      const videoId = await insertVideo(limited.db);
      const comment = (n: number): Write => ({ key: key(), method: 'POST', path: '/api/comments', body: { userId: user.id, contentType: 'video', contentId: videoId, comment: `Comment ${n}` } });
      const res = await client.post<{ results: Result[] }>('/api/sync/batch', { writes: [comment(1), comment(2), comment(3), comment(4)] });
      expect(res.status).toBe(200);
      expect(res.body.results.map((r) => r.status)).toEqual([201, 201, 429]);
      expect(res.body.results[2]!.retryAfter).toMatch(/^\d+$/);
      expect(res.body.results[2]!.body.message).toMatch(/Too many requests/);
      expect(await limited.db('comments').where({ user_id: user.id })).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });

  describe('the batch itself', () => {
    test('401 without a session, before anything is read', async () => {
      const res = await app.client().post('/api/sync/batch', { writes: 'nonsense' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: expect.any(String) });
    });

    test.each([
      ['no writes field', {}],
      ['writes not a list', { writes: { key: 'a' } }],
      ['no writes', { writes: [] }],
      ['too many writes', { writes: Array.from({ length: SYNC_BATCH_MAX + 1 }, () => ({ key: key(), method: 'POST', path: '/api/comments', body: {} })) }],
      ['a bad key', { writes: [{ key: 'not a key!', method: 'POST', path: '/api/comments', body: {} }] }],
      ['a missing key', { writes: [{ method: 'POST', path: '/api/comments', body: {} }] }],
      ['a read', { writes: [{ key: key(), method: 'GET', path: '/api/comments' }] }],
      ['a path outside the API', { writes: [{ key: key(), method: 'POST', path: '/blog/1', body: {} }] }],
      ['a sign-out', { writes: [{ key: key(), method: 'POST', path: '/api/auth/logout' }] }],
      ['a batch in a batch', { writes: [{ key: key(), method: 'POST', path: '/api/sync/batch', body: { writes: [] } }] }],
      ['an upload', { writes: [{ key: key(), method: 'POST', path: '/api/objects/upload', body: {} }] }],
      ['an editor write', { writes: [{ key: key(), method: 'POST', path: '/api/blog', body: {} }] }],
    ])('400 {message} for %s, and nothing is run', async (_name, body) => {
      const { client, userId } = await signedIn();
      const videoId = await insertVideo(app.db);
      const withValid = 'writes' in body && Array.isArray(body.writes) && body.writes.length === 1;
      const writes = withValid
        ? [{ key: key(), method: 'POST', path: '/api/comments', body: { userId, contentType: 'video', contentId: videoId, comment: 'Not run' } }, ...(body.writes as Write[])]
        : (body as { writes?: unknown }).writes;
      const res = await client.post('/api/sync/batch', writes === undefined ? {} : { writes });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(expect.objectContaining({ message: expect.any(String) }));
      expect(await app.db('comments').where({ user_id: userId })).toHaveLength(0);
    });

    test('a body that is not JSON is a 400, one that is not sent as JSON a 415, a cross-site one a 403', async () => {
      const { client } = await signedIn();
      expect((await client.post('/api/sync/batch', undefined, { raw: '{"writes": [', headers: { 'content-type': 'application/json' } })).status).toBe(400);
      expect((await client.post('/api/sync/batch', undefined, { raw: 'writes', headers: { 'content-type': 'text/plain' } })).status).toBe(415);
      const crossSite = await client.post('/api/sync/batch', { writes: [] }, { headers: { Origin: 'https://evil.example' } });
      expect(crossSite.status).toBe(403);
    });

    test('a body past the API limit is a 413', async () => {
      const { client, userId } = await signedIn();
      const writes = Array.from({ length: 60 }, () => ({ key: key(), method: 'POST', path: '/api/comments', body: { userId, contentType: 'video', contentId: 1, comment: 'x'.repeat(5000) } }));
      const res = await client.post('/api/sync/batch', { writes });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ message: expect.any(String) });
    });

    test('only POST: other methods are a 405 naming it', async () => {
      const { client } = await signedIn();
      const res = await client.get('/api/sync/batch');
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
      expect(res.body).toEqual({ message: expect.stringContaining('POST') });
    });
  });
});
