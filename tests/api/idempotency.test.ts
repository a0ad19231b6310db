import crypto from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { nowIso } from '#api/lib/convert';
import { insertVideo } from '../support/fixtures';
import { signUp, uniqueName, useTestApp } from '../support/test-app';

const app = useTestApp();

const commentsBy = (userId: number) => app.db('comments').where({ user_id: userId });

describe('Idempotency-Key: a write and its remembered answer are one', () => {
  test('a claim left without its answer (a process stopped mid-request) does not strand the key: the retry runs, once', async () => {
    const client = app.client();
    const user = await signUp(client);
    const videoId = await insertVideo(app.db);
    const key = crypto.randomUUID();
    // What a server killed between claiming the key and answering left behind before this fix.
    await app.db('idempotency_keys').insert({ scope: `u:${user.id}`, key, method: 'POST', path: '/api/comments', status: null, body: null, created_at: nowIso() });

    const body = { userId: user.id, contentType: 'video', contentId: videoId, comment: 'Written on the train' };
    const first = await client.post('/api/comments', body, { headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(201);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    const again = await client.post('/api/comments', body, { headers: { 'Idempotency-Key': key } });
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await commentsBy(user.id)).toHaveLength(1);
  });

  test('the same key sent several times at once runs once: every answer is the first, none is "in progress"', async () => {
    const client = app.client();
    const user = await signUp(client);
    const videoId = await insertVideo(app.db);
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const body = { userId: user.id, contentType: 'video', contentId: videoId, comment: 'Sent five times on a bad signal' };
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.post('/api/comments', body, { headers })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(4);
    expect(await commentsBy(user.id)).toHaveLength(1);
  });

  test('the same key sent at once for a bookmark, whose repeats collide on its unique row, answers every repeat with the first answer', async () => {
    // On PostgreSQL the repeats run beside the first: each waits on the bookmark's unique index,
    // is refused once the first commits, and must then find the key taken and replay its answer.
    const client = app.client();
    const user = await signUp(client);
    const videoId = await insertVideo(app.db);
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.post('/api/bookmarks', { userId: user.id, contentType: 'video', contentId: videoId }, { headers })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(4);
    expect(await app.db('bookmarks').where({ user_id: user.id })).toHaveLength(1);
  });

  test('a refusal is remembered, and changes nothing', async () => {
    const client = app.client();
    const user = await signUp(client);
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const body = { userId: user.id, contentType: 'video', contentId: 2_000_000_000, comment: 'On a video that does not exist' };
    const first = await client.post('/api/comments', body, { headers });
    expect(first.status).toBe(404);
    const again = await client.post('/api/comments', body, { headers });
    expect(again.status).toBe(404);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await commentsBy(user.id)).toHaveLength(0);
  });

  test('a 401 is not remembered: after signing in, the same key really runs', async () => {
    const client = app.client();
    const videoId = await insertVideo(app.db);
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const signedOut = await client.post('/api/comments', { userId: 1, contentType: 'video', contentId: videoId, comment: 'Hello' }, { headers });
    expect(signedOut.status).toBe(401);
    const user = await signUp(client);
    const res = await client.post('/api/comments', { userId: user.id, contentType: 'video', contentId: videoId, comment: 'Hello' }, { headers });
    expect(res.status).toBe(201);
    expect(res.headers.get('Idempotent-Replayed')).toBeNull();
  });

  test('sign-in and sign-up answers are never stored: another client sending the same key gets its own answer', async () => {
    const a = app.client();
    const b = app.client();
    const alice = uniqueName('alice');
    const bob = uniqueName('bob');
    const key = crypto.randomUUID();
    const headers = { 'Idempotency-Key': key };
    expect((await a.post('/api/auth/signup', { username: alice, email: `${alice}@example.com`, password: 'Password1!' }, { headers })).status).toBe(201);
    expect((await b.post('/api/auth/signup', { username: bob, email: `${bob}@example.com`, password: 'Password1!' }, { headers })).status).toBe(201);
    await a.post('/api/auth/logout');
    await b.post('/api/auth/logout');
    const loginA = await a.post('/api/auth/login', { username: alice, password: 'Password1!' }, { headers });
    const loginB = await b.post('/api/auth/login', { username: bob, password: 'Password1!' }, { headers });
    expect(loginA.body.username).toBe(alice);
    expect(loginB.status).toBe(200);
    expect(loginB.body.username).toBe(bob);
    expect(loginB.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await app.db('idempotency_keys').where({ key })).toEqual([]);
  });

  test('a key reused for another path is still refused with 422', async () => {
    const client = app.client();
    const user = await signUp(client);
    const videoId = await insertVideo(app.db);
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    expect((await client.post('/api/comments', { userId: user.id, contentType: 'video', contentId: videoId, comment: 'One' }, { headers })).status).toBe(201);
    const other = await client.post('/api/progress', { userId: user.id, contentType: 'video', contentId: videoId, completed: true, progressPercent: 100 }, { headers });
    expect(other.status).toBe(422);
    expect(other.body.message).toBe('This Idempotency-Key was already used for a different request.');
  });
});
