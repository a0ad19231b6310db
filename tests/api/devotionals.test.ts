import { beforeEach, describe, expect, test } from 'vitest';
import { devotionalSchema, heartsInfoSchema } from '#contract';
import { signUp, useTestApp } from '../support/test-app';

const app = useTestApp();
// Every test states the whole devotionals table it needs (hearts go with their devotional).
beforeEach(async () => {
  await app.db('devotional_hearts').delete();
  await app.db('devotionals').delete();
});

async function insertDevotional(title: string, date: string | null = null): Promise<number> {
  const [row] = await app
    .db('devotionals')
    .insert({
      title,
      date,
      verse_text: 'For God so loved the world…',
      verse_reference: 'John 3:16',
      content: `Reflection for ${title}`,
      created_at: new Date().toISOString(),
    })
    .returning('id');
  return Number((row as { id: number }).id);
}

async function heartRows(devotionalId: number) {
  return app.db('devotional_hearts').where({ devotional_id: devotionalId });
}

describe('GET /api/devotional/today', () => {
  test('when a devotional is scheduled on the date, then that one comes back in the contract shape', async () => {
    await insertDevotional('Rotation A');
    const id = await insertDevotional('Easter', '2025-04-20');
    const res = await app.client().get('/api/devotional/today?date=2025-04-20');
    expect(res.status).toBe(200);
    expect(devotionalSchema.parse(res.body)).toEqual(res.body);
    expect(res.body).toEqual({
      id,
      devotionalTitle: 'Easter',
      verseText: 'For God so loved the world…',
      verseReference: 'John 3:16',
      devotionalContent: 'Reflection for Easter',
      date: '2025-04-20',
    });
  });

  test('when none is scheduled, then the undated ones rotate by day of the year', async () => {
    const a = await insertDevotional('A');
    const b = await insertDevotional('B');
    const c = await insertDevotional('C');
    await insertDevotional('Scheduled elsewhere', '2025-06-01');
    const on = async (date: string) => (await app.client().get(`/api/devotional/today?date=${date}`)).body.id;
    expect(await on('2025-01-01')).toBe(a); // day 1 → index 0
    expect(await on('2025-01-02')).toBe(b); // day 2 → index 1
    expect(await on('2025-01-03')).toBe(c); // day 3 → index 2
    expect(await on('2025-01-04')).toBe(a); // day 4 → index 0 again
    expect(await on('2025-03-01')).toBe(c); // day 60 → index 59 mod 3 = 2
    expect(await on('2024-12-31')).toBe(c); // leap year: day 366 → index 365 mod 3 = 2
  });

  test('when no date is sent, then the server uses its UTC date', async () => {
    const made = [await insertDevotional('A'), await insertDevotional('B'), await insertDevotional('C'), await insertDevotional('D')];
    const today = new Date();
    const dayOfYear = Math.round((Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - Date.UTC(today.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
    const res = await app.client().get('/api/devotional/today');
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(made[(dayOfYear - 1) % 4]);
  });

  test('when every devotional is scheduled and none matches, then they rotate among themselves', async () => {
    const x = await insertDevotional('X', '2025-02-01');
    const y = await insertDevotional('Y', '2025-02-02');
    expect((await app.client().get('/api/devotional/today?date=2025-01-01')).body.id).toBe(x);
    expect((await app.client().get('/api/devotional/today?date=2025-01-02')).body.id).toBe(y);
  });

  test('when there is no devotional at all, then 404 with a message', async () => {
    const res = await app.client().get('/api/devotional/today?date=2025-01-01');
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/being prepared/);
  });

  test.each(['2025-02-30', '2025-13-01', '20250101', '2025-1-1', 'today', '2025-01-01T00:00:00Z'])(
    'when the date is %s, then 400',
    async (date) => {
      await insertDevotional('A');
      const res = await app.client().get(`/api/devotional/today?date=${encodeURIComponent(date)}`);
      expect(res.status).toBe(400);
      expect(typeof res.body.message).toBe('string');
    },
  );
});

describe('GET /api/devotional/:id/hearts', () => {
  test('when signed out, then the count comes back and isHearted is false', async () => {
    const id = await insertDevotional('A');
    const reader = app.client();
    const user = await signUp(reader);
    await reader.post(`/api/devotional/${id}/heart`, { userId: user.id });
    const res = await app.client().get(`/api/devotional/${id}/hearts`);
    expect(res.status).toBe(200);
    expect(heartsInfoSchema.parse(res.body)).toEqual({ isHearted: false, count: 1 });
  });

  test('when signed in, then isHearted is the reader’s own state', async () => {
    const id = await insertDevotional('A');
    const hearted = app.client();
    const other = app.client();
    const heartedUser = await signUp(hearted);
    const otherUser = await signUp(other);
    await hearted.post(`/api/devotional/${id}/heart`, { userId: heartedUser.id });
    expect((await hearted.get(`/api/devotional/${id}/hearts`)).body).toEqual({ isHearted: true, count: 1 });
    expect((await hearted.get(`/api/devotional/${id}/hearts?userId=${heartedUser.id}`)).body).toEqual({ isHearted: true, count: 1 });
    expect((await other.get(`/api/devotional/${id}/hearts?userId=${otherUser.id}`)).body).toEqual({ isHearted: false, count: 1 });
  });

  test('when the userId is another user’s, then 403', async () => {
    const id = await insertDevotional('A');
    const client = app.client();
    const user = await signUp(client);
    const res = await client.get(`/api/devotional/${id}/hearts?userId=${user.id + 1000}`);
    expect(res.status).toBe(403);
  });

  test('when a userId is sent without a session, then 401', async () => {
    const id = await insertDevotional('A');
    const res = await app.client().get(`/api/devotional/${id}/hearts?userId=1`);
    expect(res.status).toBe(401);
  });

  test('when the userId is not a number, then 400', async () => {
    const id = await insertDevotional('A');
    const res = await app.client().get(`/api/devotional/${id}/hearts?userId=abc`);
    expect(res.status).toBe(400);
  });

  test.each(['999999', 'abc'])('when the devotional id is %s, then 404', async (id) => {
    const res = await app.client().get(`/api/devotional/${id}/hearts`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Devotional not found');
  });
});

describe('POST /api/devotional/:id/heart', () => {
  test('when hearted twice, then one row and the same answer', async () => {
    const id = await insertDevotional('A');
    const client = app.client();
    const user = await signUp(client);
    const first = await client.post(`/api/devotional/${id}/heart`, { userId: user.id });
    const second = await client.post(`/api/devotional/${id}/heart`, { userId: user.id });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ isHearted: true, count: 1 });
    expect(second.body).toEqual({ isHearted: true, count: 1 });
    expect(await heartRows(id)).toHaveLength(1);
  });

  test('when two readers heart, then the count is two', async () => {
    const id = await insertDevotional('A');
    for (let i = 0; i < 2; i++) {
      const client = app.client();
      const user = await signUp(client);
      await client.post(`/api/devotional/${id}/heart`, { userId: user.id });
    }
    expect((await app.client().get(`/api/devotional/${id}/hearts`)).body).toEqual({ isHearted: false, count: 2 });
  });

  test('when signed out, then 401 and nothing stored', async () => {
    const id = await insertDevotional('A');
    const res = await app.client().post(`/api/devotional/${id}/heart`, { userId: 1 });
    expect(res.status).toBe(401);
    expect(await heartRows(id)).toHaveLength(0);
  });

  test('when the userId is another user’s, then 403 and nothing stored', async () => {
    const id = await insertDevotional('A');
    const client = app.client();
    const user = await signUp(client);
    const victim = await signUp(app.client());
    const res = await client.post(`/api/devotional/${id}/heart`, { userId: victim.id });
    expect(res.status).toBe(403);
    expect(await heartRows(id)).toHaveLength(0);
    expect(user.id).not.toBe(victim.id);
  });

  test.each([
    ['a text userId', { userId: 'abc' }],
    ['a boolean userId', { userId: true }],
    ['a null userId', { userId: null }],
    ['an object userId', { userId: { id: 1 } }],
    ['no userId', {}],
  ])('when given %s, then 400 and nothing stored', async (_label, body) => {
    const id = await insertDevotional('A');
    const client = app.client();
    await signUp(client);
    const res = await client.post(`/api/devotional/${id}/heart`, body);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect(await heartRows(id)).toHaveLength(0);
  });

  test('when the userId comes as a string of digits, then it is accepted', async () => {
    const id = await insertDevotional('A');
    const client = app.client();
    const user = await signUp(client);
    const res = await client.post(`/api/devotional/${id}/heart`, { userId: String(user.id) });
    expect(res.body).toEqual({ isHearted: true, count: 1 });
  });

  test.each(['999999', 'abc'])('when the devotional id is %s, then 404', async (devId) => {
    const client = app.client();
    const user = await signUp(client);
    const res = await client.post(`/api/devotional/${devId}/heart`, { userId: user.id });
    expect(res.status).toBe(404);
  });

  test('when the same Idempotency-Key is replayed, then the first answer comes back and nothing runs again', async () => {
    const id = await insertDevotional('A');
    const client = app.client();
    const user = await signUp(client);
    const headers = { 'Idempotency-Key': `heart-${id}-${user.id}` };
    const first = await client.post(`/api/devotional/${id}/heart`, { userId: user.id }, { headers });
    await client.delete(`/api/devotional/${id}/heart`, { userId: user.id });
    const replay = await client.post(`/api/devotional/${id}/heart`, { userId: user.id }, { headers });
    expect(first.body).toEqual({ isHearted: true, count: 1 });
    expect(replay.status).toBe(first.status);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(await heartRows(id)).toHaveLength(0);
  });
});

describe('DELETE /api/devotional/:id/heart', () => {
  test('when hearted, then the heart is removed', async () => {
    const id = await insertDevotional('A');
    const client = app.client();
    const user = await signUp(client);
    await client.post(`/api/devotional/${id}/heart`, { userId: user.id });
    const res = await client.delete(`/api/devotional/${id}/heart`, { userId: user.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isHearted: false, count: 0 });
    expect(await heartRows(id)).toHaveLength(0);
    expect((await client.get(`/api/devotional/${id}/hearts`)).body).toEqual({ isHearted: false, count: 0 });
  });

  test('when not hearted, then it is harmless and other hearts stay', async () => {
    const id = await insertDevotional('A');
    const other = app.client();
    const otherUser = await signUp(other);
    await other.post(`/api/devotional/${id}/heart`, { userId: otherUser.id });
    const client = app.client();
    const user = await signUp(client);
    const res = await client.delete(`/api/devotional/${id}/heart`, { userId: user.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ isHearted: false, count: 1 });
  });

  test('when the userId comes in the query instead of the body, then it is accepted', async () => {
    const id = await insertDevotional('A');
    const client = app.client();
    const user = await signUp(client);
    await client.post(`/api/devotional/${id}/heart`, { userId: user.id });
    const res = await client.delete(`/api/devotional/${id}/heart?userId=${user.id}`);
    expect(res.body).toEqual({ isHearted: false, count: 0 });
  });

  test('when signed out, then 401; for another user, then 403; the heart stays', async () => {
    const id = await insertDevotional('A');
    const owner = app.client();
    const ownerUser = await signUp(owner);
    await owner.post(`/api/devotional/${id}/heart`, { userId: ownerUser.id });
    expect((await app.client().delete(`/api/devotional/${id}/heart`, { userId: ownerUser.id })).status).toBe(401);
    const intruder = app.client();
    await signUp(intruder);
    expect((await intruder.delete(`/api/devotional/${id}/heart`, { userId: ownerUser.id })).status).toBe(403);
    expect(await heartRows(id)).toHaveLength(1);
  });

  test('when the devotional does not exist, then 404', async () => {
    const client = app.client();
    const user = await signUp(client);
    const res = await client.delete('/api/devotional/999999/heart', { userId: user.id });
    expect(res.status).toBe(404);
  });
});
