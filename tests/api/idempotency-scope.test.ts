import crypto from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { insertLiveStream, insertVideo } from '../support/fixtures';
import { signUp, uniqueName, useTestApp } from '../support/test-app';

const app = useTestApp();

const PASSWORD = 'Password1!';
const keyed = () => ({ headers: { 'Idempotency-Key': crypto.randomUUID() } });

describe('Idempotency-Key: a key never replays across clients', () => {
  test('when a second anonymous client sends another one\'s key to ask a live question, then its own question is stored and answered', async () => {
    const liveStreamId = await insertLiveStream(app.db, { is_live: true });
    const opts = keyed();
    const a = app.client();
    const b = app.client();
    const first = await a.post('/api/questions', { liveStreamId, askedBy: 'Ann', question: 'Is faith reasonable?' }, opts);
    expect(first.status).toBe(201);
    const second = await b.post('/api/questions', { liveStreamId, askedBy: 'Ben', question: 'What about suffering?' }, opts);
    expect(second.status).toBe(201);
    expect(second.headers.get('Idempotent-Replayed')).toBeNull();
    expect(second.body).toMatchObject({ askedBy: 'Ben', question: 'What about suffering?' });
    expect(second.body.id).not.toBe(first.body.id);
    expect(await app.db('live_questions').where({ live_stream_id: liveStreamId })).toHaveLength(2);
  });

  test('when the first anonymous client repeats its key, then it still gets its first answer (its session, started by that write, scopes the key)', async () => {
    const liveStreamId = await insertLiveStream(app.db, { is_live: true });
    const opts = keyed();
    const a = app.client();
    const body = { liveStreamId, askedBy: 'Ann', question: 'Asked once on a bad signal' };
    const first = await a.post('/api/questions', body, opts);
    expect(first.status).toBe(201);
    expect(a.getCookie('cik.sid')).toBeTruthy();
    const again = await a.post('/api/questions', body, opts);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await app.db('live_questions').where({ live_stream_id: liveStreamId })).toHaveLength(1);
  });

  test('when a second anonymous client sends another one\'s key to subscribe, then it gets its own answer, not the first address', async () => {
    const opts = keyed();
    const first = await app.client().post('/api/newsletter', { email: `${uniqueName('first')}@example.com` }, opts);
    expect(first.status).toBeLessThan(300);
    const other = `${uniqueName('other')}@example.com`;
    const second = await app.client().post('/api/newsletter', { email: other }, opts);
    expect(second.status).toBeLessThan(300);
    expect(second.headers.get('Idempotent-Replayed')).toBeNull();
    expect(second.text).not.toContain('first_');
    expect(await app.db('newsletter_subscriptions').whereRaw('lower(email) = ?', [other])).toHaveLength(1);
  });

  test('when a signed-in user sends another user\'s key, then their own write runs', async () => {
    const videoId = await insertVideo(app.db);
    const opts = keyed();
    const a = app.client();
    const b = app.client();
    const alice = await signUp(a);
    const bob = await signUp(b);
    const first = await a.post('/api/comments', { userId: alice.id, contentType: 'video', contentId: videoId, comment: 'From Alice' }, opts);
    expect(first.status).toBe(201);
    const second = await b.post('/api/comments', { userId: bob.id, contentType: 'video', contentId: videoId, comment: 'From Bob' }, opts);
    expect(second.status).toBe(201);
    expect(second.headers.get('Idempotent-Replayed')).toBeNull();
    expect(second.body.comment).toBe('From Bob');
  });

  test('when an anonymous client sends a signed-in user\'s key, then it gets no replay of their answer', async () => {
    const videoId = await insertVideo(app.db);
    const opts = keyed();
    const a = app.client();
    const alice = await signUp(a);
    const body = { userId: alice.id, contentType: 'video', contentId: videoId, comment: 'Private to Alice' };
    expect((await a.post('/api/comments', body, opts)).status).toBe(201);
    const stranger = await app.client().post('/api/comments', body, opts);
    expect(stranger.status).toBe(401);
    expect(stranger.headers.get('Idempotent-Replayed')).toBeNull();
  });

  test('when a signed-in user signs in again (a new session cookie), then the outbox\'s replay of a key still gets the first answer, once', async () => {
    const videoId = await insertVideo(app.db);
    const opts = keyed();
    const phone = app.client();
    const user = await signUp(phone);
    const body = { userId: user.id, contentType: 'video', contentId: videoId, comment: 'Queued on the train' };
    const first = await phone.post('/api/comments', body, opts);
    expect(first.status).toBe(201);
    const before = phone.getCookie('cik.sid');
    await phone.post('/api/auth/logout');
    expect((await phone.post('/api/auth/login', { username: user.username, password: PASSWORD })).status).toBe(200);
    expect(phone.getCookie('cik.sid')).not.toBe(before);
    const replay = await phone.post('/api/comments', body, opts);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    // Another device of the same user (its own session) replays it too: the key is the user's.
    const laptop = app.client();
    expect((await laptop.post('/api/auth/login', { username: user.username, password: PASSWORD })).status).toBe(200);
    expect((await laptop.post('/api/comments', body, opts)).headers.get('Idempotent-Replayed')).toBe('true');
    expect(await app.db('comments').where({ user_id: user.id })).toHaveLength(1);
  });
});

describe('Idempotency-Key: paths are matched as the router matches them', () => {
  test('when a keyed write is sent under another spelling of /api (/API/Comments/), then its repeat still replays, once', async () => {
    const videoId = await insertVideo(app.db);
    const client = app.client();
    const user = await signUp(client);
    const opts = keyed();
    const body = { userId: user.id, contentType: 'video', contentId: videoId, comment: 'Spelt oddly' };
    const first = await client.post('/API/Comments/', body, opts);
    expect(first.status).toBe(201);
    const again = await client.post('/API/Comments/', body, opts);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await app.db('comments').where({ user_id: user.id })).toHaveLength(1);
  });
});

describe('Idempotency-Key: sign-in answers are never stored, however the path is spelt', () => {
  test.each(['/api/auth/login', '/api/auth/login/', '/api/Auth/Login', '/API/AUTH/LOGIN/'])(
    'when a second anonymous client sends another one\'s key to POST %s, then it never gets the first user\'s record',
    async (path) => {
      const owner = app.client();
      const user = await signUp(owner);
      await owner.post('/api/auth/logout');
      const opts = keyed();
      const first = await owner.post(path, { username: user.username, password: PASSWORD }, opts);
      const attacker = app.client();
      const second = await attacker.post(path, { username: 'nobody_at_all', password: 'wrong-password' }, opts);
      expect(second.headers.get('Idempotent-Replayed')).toBeNull();
      expect(second.text).not.toContain(user.email);
      expect(second.status).toBe(first.status === 200 ? 401 : first.status);
      expect(await app.db('idempotency_keys').where({ key: opts.headers['Idempotency-Key'] })).toEqual([]);
    },
  );

  test('when a sign-up is sent with a key under another spelling of its path, then nothing is stored', async () => {
    const username = uniqueName('spelt');
    const opts = keyed();
    const res = await app.client().post('/api/Auth/Signup/', { username, email: `${username}@example.com`, password: PASSWORD }, opts);
    expect([201, 404]).toContain(res.status);
    expect(await app.db('idempotency_keys').where({ key: opts.headers['Idempotency-Key'] })).toEqual([]);
  });
});
