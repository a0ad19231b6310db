import crypto from 'node:crypto';
import { beforeEach, describe, expect, test } from 'vitest';
import { insertLiveStream } from '../support/fixtures';
import { useTestApp } from '../support/test-app';

const app = useTestApp();

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

const insertStream = (extra: Record<string, unknown> = {}) => insertLiveStream(app.db, extra);

async function insertQuestion(liveStreamId: number, extra: Record<string, unknown> = {}): Promise<number> {
  const [row] = await app
    .db('live_questions')
    .insert({ live_stream_id: liveStreamId, asked_by: 'Ann', question: 'Why?', is_highlighted: false, is_answered: false, created_at: new Date().toISOString(), ...extra })
    .returning('id');
  return Number(row.id);
}

describe('GET /api/live-streams/current', () => {
  beforeEach(async () => {
    await app.db('live_streams').delete();
  });

  test('when nothing is live, then JSON null', async () => {
    await insertStream();
    const res = await app.client().get('/api/live-streams/current');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(res.text).toBe('null');
  });

  test('when one stream is live, then that stream with JSON booleans, numbers and ISO times (the viewer count: pages watching now, none here)', async () => {
    const id = await insertStream({ title: 'Sunday Q&A', is_live: true, viewer_count: 42, thumbnail_url: 'https://i.ytimg.com/x.jpg', scheduled_for: '2025-03-02T18:00:00.000Z' });
    const res = await app.client().get('/api/live-streams/current');
    expect(res.body).toEqual({
      id,
      title: 'Sunday Q&A',
      description: 'Ask anything',
      isLive: true,
      viewerCount: 0,
      thumbnailUrl: 'https://i.ytimg.com/x.jpg',
      scheduledFor: '2025-03-02T18:00:00.000Z',
    });
  });

  test('when several are live, then the most recently scheduled one', async () => {
    await insertStream({ is_live: true, scheduled_for: null, title: 'Unscheduled' });
    await insertStream({ is_live: true, scheduled_for: inDays(-3), title: 'Older' });
    const newest = await insertStream({ is_live: true, scheduled_for: inDays(-1), title: 'Newer' });
    await insertStream({ is_live: false, scheduled_for: inDays(2), title: 'Upcoming' });
    const res = await app.client().get('/api/live-streams/current');
    expect(res.body).toMatchObject({ id: newest, title: 'Newer', isLive: true });
  });
});

describe('GET /api/live-streams/upcoming', () => {
  beforeEach(async () => {
    await app.db('live_streams').delete();
  });

  test('when streams are scheduled, then the future, not-live ones come soonest first', async () => {
    const later = await insertStream({ scheduled_for: inDays(10), title: 'Later' });
    const soon = await insertStream({ scheduled_for: inDays(1), title: 'Soon' });
    await insertStream({ scheduled_for: inDays(-1), title: 'Past' });
    await insertStream({ scheduled_for: null, title: 'Unscheduled' });
    await insertStream({ is_live: true, scheduled_for: inDays(3), title: 'Live now' });
    const res = await app.client().get('/api/live-streams/upcoming');
    expect(res.status).toBe(200);
    expect(res.body.map((s: { id: number }) => s.id)).toEqual([soon, later]);
    expect(res.body[0]).toMatchObject({ isLive: false, viewerCount: 0, scheduledFor: expect.stringMatching(/Z$/) });
  });

  test('when none are scheduled, then an empty list', async () => {
    expect((await app.client().get('/api/live-streams/upcoming')).body).toEqual([]);
  });
});

describe('GET /api/live-streams/:id/questions', () => {
  test('when the stream has questions, then highlighted first, then newest first', async () => {
    const streamId = await insertStream({ is_live: true });
    const otherStream = await insertStream();
    const old = await insertQuestion(streamId, { created_at: '2025-01-01T10:00:00.000Z', question: 'old' });
    const recent = await insertQuestion(streamId, { created_at: '2025-01-01T10:05:00.000Z', question: 'recent' });
    const starred = await insertQuestion(streamId, { created_at: '2025-01-01T09:00:00.000Z', question: 'starred', is_highlighted: true, is_answered: true });
    await insertQuestion(otherStream, { question: 'elsewhere' });
    const res = await app.client().get(`/api/live-streams/${streamId}/questions`);
    expect(res.status).toBe(200);
    expect(res.body.map((q: { id: number }) => q.id)).toEqual([starred, recent, old]);
    expect(res.body[0]).toEqual({
      id: starred,
      liveStreamId: streamId,
      askedBy: 'Ann',
      question: 'starred',
      isHighlighted: true,
      isAnswered: true,
      createdAt: '2025-01-01T09:00:00.000Z',
    });
  });

  test('when the stream has none, then an empty list', async () => {
    expect((await app.client().get(`/api/live-streams/${await insertStream()}/questions`)).body).toEqual([]);
  });

  test('when the stream does not exist, then 404', async () => {
    const res = await app.client().get('/api/live-streams/987654/questions');
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/live stream/i);
    expect((await app.client().get('/api/live-streams/99999999999/questions')).status).toBe(404);
  });

  test('when read a page at a time, then every question comes exactly once in order, ties in time included', async () => {
    const streamId = await insertStream({ is_live: true });
    const same = '2025-02-01T10:00:00.000Z';
    const ids: number[] = [];
    // Two highlighted (one sharing a timestamp with plain ones), and plain ones with ties.
    for (const [at, highlighted] of [
      [same, true],
      ['2025-02-01T08:00:00.000Z', true],
      [same, false],
      [same, false],
      ['2025-02-01T11:00:00.000Z', false],
      ['2025-02-01T09:00:00.000Z', false],
      [same, false],
    ] as const) {
      ids.push(await insertQuestion(streamId, { created_at: at, is_highlighted: highlighted }));
    }
    const all = (await app.client().get(`/api/live-streams/${streamId}/questions`)).body.map((q: { id: number }) => q.id);
    expect(all).toHaveLength(ids.length);
    expect(all.slice(0, 2)).toEqual([ids[0], ids[1]]);

    for (const limit of [1, 2, 3]) {
      const seen: number[] = [];
      let before: number | undefined;
      for (let page = 0; page < 10; page++) {
        const res = await app.client().get(`/api/live-streams/${streamId}/questions?limit=${limit}${before ? `&before=${before}` : ''}`);
        expect(res.status).toBe(200);
        expect(res.body.length).toBeLessThanOrEqual(limit);
        if (!res.body.length) break;
        seen.push(...res.body.map((q: { id: number }) => q.id));
        before = seen.at(-1);
      }
      expect(seen, `limit ${limit}`).toEqual(all);
    }
  });

  test('when no limit is given, then 50 at most', async () => {
    const streamId = await insertStream({ is_live: true });
    await app.db('live_questions').insert(
      Array.from({ length: 55 }, (_, i) => ({ live_stream_id: streamId, asked_by: 'Ann', question: `Q${i}`, is_highlighted: false, is_answered: false, created_at: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString() })),
    );
    const res = await app.client().get(`/api/live-streams/${streamId}/questions`);
    expect(res.body).toHaveLength(50);
    expect(res.body[0].question).toBe('Q54');
  });

  test.each([
    ['limit=0', /limit must be a whole number from 1 to 100/],
    ['limit=101', /limit must be a whole number from 1 to 100/],
    ['limit=ten', /limit must be a whole number from 1 to 100/],
    ['before=abc', /before/],
    ['before=99999999', /before must be the id of a question on this stream/],
    ['before=99999999999', /before must be the id of a question on this stream/],
  ])('when given %s, then 400 with a message', async (query, message) => {
    const streamId = await insertStream({ is_live: true });
    const res = await app.client().get(`/api/live-streams/${streamId}/questions?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  test("when before is another stream's question, then 400", async () => {
    const streamId = await insertStream({ is_live: true });
    const elsewhere = await insertQuestion(await insertStream());
    const res = await app.client().get(`/api/live-streams/${streamId}/questions?before=${elsewhere}`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('before must be the id of a question on this stream');
  });

  test('when the id is not a number, then 400', async () => {
    const res = await app.client().get('/api/live-streams/abc/questions');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^id: /);
  });
});

describe('POST /api/questions', () => {
  test('when anyone asks with a name, then 201 with the trimmed question, stored without sign-in', async () => {
    const liveStreamId = await insertStream({ is_live: true });
    const res = await app.client().post('/api/questions', { liveStreamId, askedBy: '  Sam  ', question: '  What about Romans 9?  ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      liveStreamId,
      askedBy: 'Sam',
      question: 'What about Romans 9?',
      isHighlighted: false,
      isAnswered: false,
      createdAt: expect.any(String),
    });
    const rows = await app.db('live_questions').where({ live_stream_id: liveStreamId });
    expect(rows).toEqual([expect.objectContaining({ id: res.body.id, asked_by: 'Sam', question: 'What about Romans 9?' })]);
  });

  test('when the same Idempotency-Key is replayed, then one question is stored and the same answer returned', async () => {
    const liveStreamId = await insertStream({ is_live: true });
    const client = app.client();
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const body = { liveStreamId, askedBy: 'Jo', question: 'Once?' };
    const first = await client.post('/api/questions', body, { headers });
    const replay = await client.post('/api/questions', body, { headers });
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(await app.db('live_questions').where({ live_stream_id: liveStreamId })).toHaveLength(1);
  });

  test.each([
    ['a blank name', { askedBy: '  ' }, 'askedBy: Please provide your name and question.'],
    ['no name', { askedBy: undefined }, 'askedBy: Please provide your name and question.'],
    ['a blank question', { question: '\n\t ' }, 'question: Please provide your name and question.'],
    ['no question', { question: undefined }, 'question: Please provide your name and question.'],
    ['a numeric question', { question: 12 }, 'question: Please provide your name and question.'],
    ['a 61-character name', { askedBy: 'n'.repeat(61) }, 'askedBy: Name must be at most 60 characters'],
    ['a 501-character question', { question: 'q'.repeat(501) }, 'question: A question can be at most 500 characters'],
    ['a non-numeric stream id', { liveStreamId: 'live' }, /^liveStreamId: /],
    ['no stream id', { liveStreamId: undefined }, /^liveStreamId: /],
  ])('when given %s, then 400 with that message and nothing stored', async (_label, patch, message) => {
    const liveStreamId = await insertStream({ is_live: true });
    const res = await app.client().post('/api/questions', { liveStreamId, askedBy: 'Sam', question: 'Why?', ...patch });
    expect(res.status).toBe(400);
    if (typeof message === 'string') expect(res.body.message).toBe(message);
    else expect(res.body.message).toMatch(message);
    expect(await app.db('live_questions').where({ live_stream_id: liveStreamId })).toHaveLength(0);
  });

  test('when the stream does not exist, then 404', async () => {
    const res = await app.client().post('/api/questions', { liveStreamId: 424_242, askedBy: 'Sam', question: 'Hello?' });
    expect(res.status).toBe(404);
    expect((await app.client().post('/api/questions', { liveStreamId: 2 ** 40, askedBy: 'Sam', question: 'Hello?' })).status).toBe(404);
  });
});
