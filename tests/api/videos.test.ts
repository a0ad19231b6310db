import { beforeEach, describe, expect, test } from 'vitest';
import { videoSchema } from '#contract';
import { insertVideo as insertVideoRow } from '../support/fixtures';
import { useTestApp } from '../support/test-app';

const app = useTestApp();
// Every test here states the whole videos table it needs.
beforeEach(async () => {
  await app.db('videos').delete();
});

interface VideoInput {
  title?: string;
  description?: string | null;
  category?: string;
  duration?: string;
  views?: number;
  publishedAt?: string;
  youtubeId?: string;
  isShort?: boolean;
  featured?: boolean;
}

function insertVideo(v: VideoInput = {}): Promise<number> {
  return insertVideoRow(app.db, {
    title: v.title ?? 'A video',
    description: v.description === undefined ? 'About the faith' : v.description,
    category: v.category ?? 'theology',
    duration: v.duration ?? '10:00',
    views: v.views ?? 0,
    published_at: v.publishedAt ?? '2024-01-01T00:00:00.000Z',
    youtube_id: v.youtubeId ?? 'dQw4w9WgXcQ',
    is_short: v.isShort ?? false,
    featured: v.featured ?? false,
  });
}

const ids = (body: { id: number }[]) => body.map((v) => v.id);

describe('GET /api/videos', () => {
  test('when there are videos, then they come newest first in the contract shape', async () => {
    const old = await insertVideo({ title: 'Old', publishedAt: '2023-01-01T00:00:00.000Z' });
    const newest = await insertVideo({ title: 'Newest', publishedAt: '2025-03-01T10:00:00.000Z' });
    const middle = await insertVideo({ title: 'Middle', publishedAt: '2024-06-01T00:00:00.000Z' });
    const res = await app.client().get('/api/videos');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([newest, middle, old]);
    for (const v of res.body) expect(videoSchema.parse(v)).toEqual(v);
  });

  test('when a video is read, then booleans, numbers and ISO strings are JSON types on every database', async () => {
    await insertVideo({ title: 'Typed', views: 1234, isShort: true, featured: true, publishedAt: '2024-05-06T07:08:09.000Z', description: null });
    const res = await app.client().get('/api/videos');
    const [v] = res.body;
    expect(v.views).toBe(1234);
    expect(v.isShort).toBe(true);
    expect(v.featured).toBe(true);
    expect(v.publishedAt).toBe('2024-05-06T07:08:09.000Z');
    expect(v.description).toBeNull();
    expect(typeof v.id).toBe('number');
  });

  test('when filtered by type, then only shorts or only full-length videos come back', async () => {
    const short = await insertVideo({ isShort: true });
    const full = await insertVideo({ isShort: false });
    expect(ids((await app.client().get('/api/videos?type=short')).body)).toEqual([short]);
    expect(ids((await app.client().get('/api/videos?type=video')).body)).toEqual([full]);
  });

  test('when filtered by category, then only that category comes back', async () => {
    const apologetics = await insertVideo({ category: 'apologetics' });
    await insertVideo({ category: 'ministry' });
    const res = await app.client().get('/api/videos?category=apologetics');
    expect(ids(res.body)).toEqual([apologetics]);
  });

  test('when the limit is given, then at most that many come back', async () => {
    for (let i = 0; i < 5; i++) await insertVideo({ publishedAt: `2024-01-0${i + 1}T00:00:00.000Z` });
    const res = await app.client().get('/api/videos?limit=2');
    expect(res.body).toHaveLength(2);
  });

  test.each([
    ['an unknown type', '?type=long'],
    ['an unknown category', '?category=cooking'],
    ['a repeated type', '?type=short&type=video'],
    ['a zero limit', '?limit=0'],
    ['a text limit', '?limit=many'],
    ['a search text over 1000 characters', `?q=${'a'.repeat(1001)}`],
  ])('when given %s, then 400 with a message', async (_label, qs) => {
    const res = await app.client().get(`/api/videos${qs}`);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });

  test('when q is given, then matching videos come back ranked, title matches first', async () => {
    const inBody = await insertVideo({ title: 'Sunday sermon', description: 'On the resurrection of the body', publishedAt: '2025-01-01T00:00:00.000Z' });
    const inTitle = await insertVideo({ title: 'The Resurrection', description: 'An overview', publishedAt: '2020-01-01T00:00:00.000Z' });
    await insertVideo({ title: 'Prayer', description: 'How to pray' });
    const res = await app.client().get('/api/videos?q=resur');
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([inTitle, inBody]);
  });

  test('when q is combined with filters, then the search honours them', async () => {
    const short = await insertVideo({ title: 'Grace in a minute', isShort: true, category: 'theology' });
    await insertVideo({ title: 'Grace explained', isShort: false, category: 'theology' });
    await insertVideo({ title: 'Grace and ministry', isShort: true, category: 'ministry' });
    const res = await app.client().get('/api/videos?q=grace&type=short&category=theology');
    expect(ids(res.body)).toEqual([short]);
  });

  test('when q is blank, then the plain list comes back', async () => {
    const id = await insertVideo();
    const res = await app.client().get('/api/videos?q=%20%20');
    expect(ids(res.body)).toEqual([id]);
  });

  test('when q holds only punctuation, then 200 and nothing matches', async () => {
    await insertVideo();
    const res = await app.client().get(`/api/videos?q=${encodeURIComponent('"*%\'')}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});

describe('GET /api/videos/featured', () => {
  test('when a video is flagged featured, then that one comes back', async () => {
    await insertVideo({ title: 'Newer', publishedAt: '2025-01-01T00:00:00.000Z' });
    const flagged = await insertVideo({ title: 'Flagged', featured: true, publishedAt: '2023-01-01T00:00:00.000Z' });
    const res = await app.client().get('/api/videos/featured');
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(flagged);
    expect(res.body.featured).toBe(true);
  });

  test('when none is flagged, then the newest full-length video comes back, not a short', async () => {
    const full = await insertVideo({ title: 'Full', publishedAt: '2024-01-01T00:00:00.000Z' });
    await insertVideo({ title: 'Short', isShort: true, publishedAt: '2025-01-01T00:00:00.000Z' });
    const res = await app.client().get('/api/videos/featured');
    expect(res.body.id).toBe(full);
  });

  test('when there are only shorts, then the newest short comes back', async () => {
    const short = await insertVideo({ isShort: true });
    const res = await app.client().get('/api/videos/featured');
    expect(res.body.id).toBe(short);
  });

  test('when there are no videos, then 200 with JSON null', async () => {
    const res = await app.client().get('/api/videos/featured');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body).toBeNull();
  });
});

describe('GET /api/videos/popular', () => {
  test('when there are videos, then the most viewed come first, six by default', async () => {
    const made: number[] = [];
    for (const views of [5, 500, 50, 0, 5000, 1, 7, 70]) made.push(await insertVideo({ views }));
    const res = await app.client().get('/api/videos/popular');
    expect(res.status).toBe(200);
    expect(res.body.map((v: { views: number }) => v.views)).toEqual([5000, 500, 70, 50, 7, 5]);
  });

  test('when a limit is given, then at most that many come back', async () => {
    for (let i = 0; i < 4; i++) await insertVideo({ views: i });
    const res = await app.client().get('/api/videos/popular?limit=2');
    expect(res.body.map((v: { views: number }) => v.views)).toEqual([3, 2]);
  });

  test.each(['0', '25', 'x'])('when the limit is %s, then 400', async (limit) => {
    const res = await app.client().get(`/api/videos/popular?limit=${limit}`);
    expect(res.status).toBe(400);
  });
});

describe('GET /api/videos/:id', () => {
  test('when the video exists, then it comes back', async () => {
    const id = await insertVideo({ title: 'One', youtubeId: 'abcdefghijk' });
    const res = await app.client().get(`/api/videos/${id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, title: 'One', youtubeId: 'abcdefghijk' });
  });

  test.each([
    ['an unknown id', '999999'],
    ['a non-numeric id', 'abc'],
    ['a negative id', '-1'],
    ['a fractional id', '1.5'],
    ['an id beyond the column range', '99999999999999999999'],
  ])('when given %s, then 404 Video not found', async (_label, id) => {
    const res = await app.client().get(`/api/videos/${id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Video not found' });
  });
});

describe('POST /api/videos/:id/views', () => {
  test('when called twice, then views grow by two and the new count is answered', async () => {
    const id = await insertVideo({ views: 10 });
    const client = app.client();
    const first = await client.post(`/api/videos/${id}/views`);
    const second = await client.post(`/api/videos/${id}/views`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ id, views: 11 });
    expect(second.body).toEqual({ id, views: 12 });
    const row = await app.db('videos').where({ id }).first();
    expect(Number(row.views)).toBe(12);
  });

  test('when many views arrive at once, then none is lost', async () => {
    const id = await insertVideo();
    await Promise.all(Array.from({ length: 20 }, () => app.client().post(`/api/videos/${id}/views`)));
    const res = await app.client().get(`/api/videos/${id}`);
    expect(res.body.views).toBe(20);
  });

  test('when the video does not exist, then 404 and nothing changes', async () => {
    const res = await app.client().post('/api/videos/424242/views');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Video not found');
    expect((await app.client().post('/api/videos/nope/views')).status).toBe(404);
  });

  test('when the same Idempotency-Key is replayed, then the view is counted once', async () => {
    const id = await insertVideo();
    const client = app.client();
    const headers = { 'Idempotency-Key': `view-${id}` };
    const first = await client.post(`/api/videos/${id}/views`, undefined, { headers });
    const second = await client.post(`/api/videos/${id}/views`, undefined, { headers });
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect((await client.get(`/api/videos/${id}`)).body.views).toBe(1);
  });
});
