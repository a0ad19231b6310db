// Live streams as the editor's desk runs them: schedule, edit, go live, end, and hide a question,
// each refused to someone signed out and to a reader, in the API's order (401, 400, 403, 404, 409).
// The public cache is on here (as in production), so every read after a write shows that the write
// dropped what it made stale. Runs on SQLite and, with TEST_DB=pg, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { liveStreamSchema } from '#contract';
import { editorClient } from '../support/fixtures';
import { openEventStream, type OpenEventStream } from '../support/event-stream';
import { signUp, uniqueName, useTestApp, type ApiClient } from '../support/test-app';

// A long-lived public cache: an answer read before a write is still there after it unless the write dropped it.
const app = useTestApp({ env: { PUBLIC_CACHE_MS: '60000' } });
let editor: ApiClient;
let member: ApiClient;
const opened: OpenEventStream[] = [];

beforeAll(async () => {
  editor = (await editorClient(app)).client;
  member = app.client();
  await signUp(member, uniqueName('reader'));
});
afterAll(async () => {
  for (const stream of opened) stream.close();
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
let counter = 0;
const aStream = (overrides: Record<string, unknown> = {}) => ({
  title: `Ask us anything ${++counter}`,
  description: 'An hour of questions.',
  url: 'https://www.youtube.com/live/dQw4w9WgXcQ',
  scheduledFor: inDays(3),
  ...overrides,
});

async function schedule(overrides: Record<string, unknown> = {}) {
  const res = await editor.post('/api/live-streams', aStream(overrides));
  expect(res.status, res.text).toBe(201);
  return liveStreamSchema.parse(res.body);
}

/** Ends whatever is live, so each test starts with nothing on air. */
async function endAll() {
  await app.db('live_streams').update({ is_live: false });
}

async function watch(streamId: number, query = '?hidden=1') {
  const stream = await openEventStream(`${app.url}/api/live-streams/${streamId}/events${query}`);
  opened.push(stream);
  expect(stream.status).toBe(200);
  return stream;
}

describe('POST /api/live-streams', () => {
  test('when an editor schedules a stream, then 201 with it, not live, its YouTube id read from the link, and it is upcoming at once', async () => {
    const before = await app.client().get('/api/live-streams/upcoming');
    expect(before.status).toBe(200);
    const scheduledFor = '2031-05-04T18:30:00+02:00';
    const stream = await schedule({ scheduledFor, url: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(stream).toMatchObject({
      isLive: false,
      viewerCount: 0,
      description: 'An hour of questions.',
      youtubeId: 'dQw4w9WgXcQ',
      thumbnailUrl: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
      scheduledFor: '2031-05-04T16:30:00.000Z',
    });
    const upcoming = await app.client().get('/api/live-streams/upcoming');
    expect(upcoming.body.map((s: { id: number }) => s.id)).toContain(stream.id);
  });

  test('every form of YouTube link, a bare id, or none at all', async () => {
    for (const [url, youtubeId] of [
      ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10', 'dQw4w9WgXcQ'],
      ['youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
      ['dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
      ['', null],
      [null, null],
      [undefined, null],
    ] as const) {
      const stream = await schedule({ url });
      expect(stream.youtubeId ?? null, String(url)).toBe(youtubeId);
    }
  });

  test('when nobody is signed in, then 401; a reader, 403; nothing is added', async () => {
    const signedOut = await app.client().post('/api/live-streams', aStream({ title: 'Nobody' }));
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.message).toBe('Please sign in as an editor.');
    // A bad body from a reader is still a 400 first, then a good one a 403.
    expect((await member.post('/api/live-streams', aStream({ title: '' }))).status).toBe(400);
    const reader = await member.post('/api/live-streams', aStream({ title: 'Reader' }));
    expect(reader.status).toBe(403);
    expect(reader.body.message).toBe('Only editors can manage live streams.');
    expect((await app.db('live_streams').whereIn('title', ['Nobody', 'Reader'])).length).toBe(0);
  });

  test('each bad field is a 400 naming it', async () => {
    for (const [body, field] of [
      [aStream({ title: '   ' }), 'title'],
      [aStream({ title: 'x'.repeat(201) }), 'title'],
      [aStream({ title: 5 }), 'title'],
      [aStream({ description: 'x'.repeat(5001) }), 'description'],
      [aStream({ url: 'https://vimeo.com/12345' }), 'url'],
      [aStream({ url: 'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ' }), 'url'],
      [aStream({ url: 7 }), 'url'],
      [aStream({ scheduledFor: 'tomorrow' }), 'scheduledFor'],
      [aStream({ scheduledFor: undefined }), 'scheduledFor'],
    ] as const) {
      const res = await editor.post('/api/live-streams', body);
      expect(res.status, `${field}: ${res.text}`).toBe(400);
      expect(res.body.message, res.text).toMatch(new RegExp(`^${field}: `));
    }
  });
});

describe('PUT /api/live-streams/:id', () => {
  test('an edit changes the stream, whole; upcoming shows it at once', async () => {
    const stream = await schedule();
    await app.client().get('/api/live-streams/upcoming');
    const res = await editor.put(`/api/live-streams/${stream.id}`, { title: 'Renamed', scheduledFor: inDays(5) });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: stream.id, title: 'Renamed', description: null, isLive: false });
    expect(res.body).not.toHaveProperty('youtubeId');
    const upcoming = await app.client().get('/api/live-streams/upcoming');
    expect(upcoming.body.find((s: { id: number }) => s.id === stream.id)).toMatchObject({ title: 'Renamed' });
  });

  test('go live: current is it at once; a second go-live is 409 naming the first; end: current is null; then the second may go live', async () => {
    await endAll();
    const first = await schedule({ title: 'Sunday night Q&A' });
    const second = await schedule({ title: 'Monday Q&A' });
    expect((await app.client().get('/api/live-streams/current')).body).toBeNull();

    const live = await editor.put(`/api/live-streams/${first.id}`, { ...aStream({ title: 'Sunday night Q&A' }), isLive: true });
    expect(live.status, live.text).toBe(200);
    expect(live.body).toMatchObject({ id: first.id, isLive: true });
    const current = await app.client().get('/api/live-streams/current');
    expect(current.body).toMatchObject({ id: first.id, title: 'Sunday night Q&A', isLive: true, youtubeId: 'dQw4w9WgXcQ' });
    // Going live again, or editing it while live, is fine.
    expect((await editor.put(`/api/live-streams/${first.id}`, { ...aStream({ title: 'Sunday night Q&A' }), isLive: true })).status).toBe(200);

    const clash = await editor.put(`/api/live-streams/${second.id}`, { ...aStream({ title: 'Monday Q&A' }), isLive: true });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe('"Sunday night Q&A" is live now. End it before going live with another stream.');
    expect(clash.body.liveStream).toMatchObject({ id: first.id });
    expect((await app.db('live_streams').where({ id: second.id }).first()).title).toBe(second.title);

    const ended = await editor.put(`/api/live-streams/${first.id}`, { ...aStream({ title: 'Sunday night Q&A' }), isLive: false });
    expect(ended.status).toBe(200);
    expect(ended.body.isLive).toBe(false);
    expect((await app.client().get('/api/live-streams/current')).body).toBeNull();
    // Ending a stream that is not live is fine too.
    expect((await editor.put(`/api/live-streams/${first.id}`, { ...aStream({ title: 'Sunday night Q&A' }), isLive: false })).status).toBe(200);

    const next = await editor.put(`/api/live-streams/${second.id}`, { ...aStream({ title: 'Monday Q&A' }), isLive: true });
    expect(next.status).toBe(200);
    expect((await app.client().get('/api/live-streams/current')).body).toMatchObject({ id: second.id });
    await endAll();
  });

  test('two editors going live with two streams at once: one wins, the other gets 409', async () => {
    await endAll();
    const [a, b] = [await schedule(), await schedule()];
    const answers = await Promise.all([a, b].map((s) => editor.put(`/api/live-streams/${s.id}`, { ...aStream({ title: s.title }), isLive: true })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await app.db('live_streams').where({ is_live: true })).length).toBe(1);
    await endAll();
  });

  test('401 signed out, 400 a bad id or field, 403 a reader, 404 no such stream', async () => {
    const stream = await schedule();
    const body = { ...aStream(), isLive: true };
    expect((await app.client().put(`/api/live-streams/${stream.id}`, body)).status).toBe(401);
    expect((await member.put('/api/live-streams/abc', body)).status).toBe(400);
    expect((await member.put(`/api/live-streams/${stream.id}`, { ...body, isLive: 'yes' })).status).toBe(400);
    const reader = await member.put(`/api/live-streams/${stream.id}`, body);
    expect(reader.status).toBe(403);
    for (const [bad, field] of [
      [{ ...body, isLive: 'yes' }, 'isLive'],
      [{ ...body, title: '' }, 'title'],
      [{ ...body, url: 'https://youtu.be/short' }, 'url'],
      [{ ...body, scheduledFor: '2031-13-01T00:00:00Z' }, 'scheduledFor'],
    ] as const) {
      const res = await editor.put(`/api/live-streams/${stream.id}`, bad);
      expect(res.status, field).toBe(400);
      expect(res.body.message).toMatch(new RegExp(`^${field}: `));
    }
    expect((await editor.put('/api/live-streams/abc', body)).status).toBe(400);
    for (const id of [987654, 99999999999]) {
      const res = await editor.put(`/api/live-streams/${id}`, body);
      expect(res.status, String(id)).toBe(404);
      expect(res.body.message).toBe('That live stream does not exist.');
    }
    expect(Boolean((await app.db('live_streams').where({ id: stream.id }).first()).is_live)).toBe(false);
  });
});

describe('stream-changed: /live-qa follows the desk at once', () => {
  test('the site-wide event stream is an uncompressed, uncached event stream that counts no viewer', async () => {
    const site = await openEventStream(`${app.url}/api/live-streams/events`, { 'accept-encoding': 'gzip' });
    opened.push(site);
    expect(site.status).toBe(200);
    expect(site.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(site.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(site.headers.get('content-encoding')).toBeNull();
    site.close();
  });

  test('schedule, edit, go live and end each tell the site-wide streams and every live stream’s pages `stream-changed` with the stream’s id; a refused write tells nobody', async () => {
    await endAll();
    const site = await openEventStream(`${app.url}/api/live-streams/events`);
    opened.push(site);
    const stream = await schedule({ title: 'Heard everywhere' });
    expect((await site.next((e) => e.event === 'stream-changed')).json).toEqual({ id: stream.id });
    // A page watching another stream hears of it too (it shows the schedule as well).
    const elsewhere = await schedule();
    // Its own news reaches the site-wide stream in its time: wait, so it is not taken for the edit's.
    await site.next((e) => e.event === 'stream-changed' && e.json?.id === elsewhere.id);
    const page = await watch(elsewhere.id);
    await page.next((e) => e.event === 'viewers');

    for (const [body, what] of [
      [{ ...aStream({ title: 'Heard everywhere, renamed' }) }, 'an edit'],
      [{ ...aStream({ title: 'Heard everywhere, renamed' }), isLive: true }, 'going live'],
      [{ ...aStream({ title: 'Heard everywhere, renamed' }), isLive: false }, 'ending'],
    ] as const) {
      const from = site.events.length;
      const pageFrom = page.events.length;
      expect((await editor.put(`/api/live-streams/${stream.id}`, body)).status, what).toBe(200);
      const heard = await site.next((e) => e.event === 'stream-changed', { from, timeoutMs: 2_000 });
      expect(heard.json, what).toEqual({ id: stream.id });
      // No id: a page reads what is live again whenever its stream reopens, nothing is replayed.
      expect(heard.id, what).toBeUndefined();
      expect((await page.next((e) => e.event === 'stream-changed', { from: pageFrom, timeoutMs: 2_000 })).json, what).toEqual({ id: stream.id });
    }

    const from = site.events.length;
    expect((await member.put(`/api/live-streams/${stream.id}`, { ...aStream(), isLive: true })).status).toBe(403);
    expect((await editor.put(`/api/live-streams/${stream.id}`, { ...aStream(), title: '' })).status).toBe(400);
    expect((await editor.put(`/api/live-streams/${elsewhere.id}`, { ...aStream(), isLive: true })).status).toBe(200);
    expect((await editor.put(`/api/live-streams/${stream.id}`, { ...aStream(), isLive: true })).status).toBe(409);
    expect((await editor.put(`/api/live-streams/${elsewhere.id}`, { ...aStream(), isLive: false })).status).toBe(200);
    // The writes that were made were told, in order; the refused ones were not.
    const told = () => site.events.slice(from).filter((e) => e.event === 'stream-changed').map((e) => e.json.id as number);
    await expect.poll(told, { timeout: 2_000 }).toEqual([elsewhere.id, elsewhere.id]);
    await endAll();
  });
});

describe('DELETE /api/questions/:id', () => {
  test('hides the question: gone from the list, and open pages hear `hidden` (older pages `resync`); a second hide is 404', async () => {
    const stream = await schedule();
    const ask = async (question: string) => (await app.client().post('/api/questions', { liveStreamId: stream.id, askedBy: 'Ann', question })).body as { id: number };
    const kept = await ask('Stay?');
    const page = await watch(stream.id);
    const olderPage = await watch(stream.id, '');
    const gone = await ask('Rude words');
    const asked = await page.next((e) => e.event === 'question' && e.json?.id === gone.id);
    await olderPage.next((e) => e.event === 'question' && e.json?.id === gone.id);

    const res = await editor.delete(`/api/questions/${gone.id}`);
    expect(res.status, res.text).toBe(204);
    const list = await app.client().get(`/api/live-streams/${stream.id}/questions`);
    expect(list.body.map((q: { id: number }) => q.id)).toEqual([kept.id]);

    const hidden = await page.next((e) => e.event === 'hidden');
    expect(hidden.json).toEqual({ id: gone.id, liveStreamId: stream.id });
    const resync = await olderPage.next((e) => e.event === 'resync');
    expect(resync.id).toBe(hidden.id);
    expect(olderPage.events.some((e) => e.event === 'hidden')).toBe(false);

    // A page that reconnects after the hide gets it replayed, in the form it knows.
    const back = await openEventStream(`${app.url}/api/live-streams/${stream.id}/events?hidden=1`, { 'Last-Event-ID': asked.id! });
    opened.push(back);
    expect((await back.next((e) => e.event === 'hidden')).json).toEqual({ id: gone.id, liveStreamId: stream.id });
    const olderBack = await openEventStream(`${app.url}/api/live-streams/${stream.id}/events`, { 'Last-Event-ID': asked.id! });
    opened.push(olderBack);
    expect((await olderBack.next((e) => e.event === 'resync')).id).toBe(hidden.id);
    expect(olderBack.events.some((e) => e.event === 'hidden')).toBe(false);

    expect((await editor.delete(`/api/questions/${gone.id}`)).status).toBe(404);
    // A hidden question cannot be marked either.
    expect((await editor.patch(`/api/questions/${gone.id}`, { isAnswered: true })).status).toBe(404);
  });

  test('401 signed out, 400 a bad id, 403 a reader, 404 no such question; nothing is hidden', async () => {
    const stream = await schedule();
    const { id } = (await app.client().post('/api/questions', { liveStreamId: stream.id, askedBy: 'Ann', question: 'Still here?' })).body as { id: number };
    const signedOut = await app.client().delete(`/api/questions/${id}`);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body.message).toBe('Please sign in as an editor.');
    expect((await member.delete('/api/questions/abc')).status).toBe(400);
    const reader = await member.delete(`/api/questions/${id}`);
    expect(reader.status).toBe(403);
    expect(reader.body.message).toBe('Only editors can moderate live questions.');
    expect((await editor.delete('/api/questions/abc')).status).toBe(400);
    for (const missing of [987654, 99999999999]) {
      const res = await editor.delete(`/api/questions/${missing}`);
      expect(res.status, String(missing)).toBe(404);
      expect(res.body.message).toBe('That question does not exist.');
    }
    const list = await app.client().get(`/api/live-streams/${stream.id}/questions`);
    expect(list.body.map((q: { id: number }) => q.id)).toEqual([id]);
  });
});
