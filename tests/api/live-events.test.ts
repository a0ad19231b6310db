// Live Q&A that updates itself (docs/decisions/012-live-events.md). Editors moderate questions
// (PATCH /api/questions/:id), and every change reaches the open event streams (Server-Sent Events)
// of the live stream. Runs on SQLite (in-process bus) and, with TEST_DB=pg, on PostgreSQL (NOTIFY).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { editorClient, insertLiveStream } from '../support/fixtures';
import { openEventStream, type OpenEventStream } from '../support/event-stream';
import { signUp, startTestApp, useTestApp, type ApiClient } from '../support/test-app';

const app = useTestApp();
let streamId = 0;
let otherStreamId = 0;
let editor: ApiClient;
let reader: ApiClient;
const opened: OpenEventStream[] = [];

beforeAll(async () => {
  streamId = await insertLiveStream(app.db, { is_live: true, title: 'On air' });
  otherStreamId = await insertLiveStream(app.db, { is_live: true, title: 'Another' });
  editor = (await editorClient(app)).client;
  reader = app.client();
  await signUp(reader);
});

afterAll(async () => {
  for (const stream of opened) stream.close();
});

async function watch(id = streamId, headers: Record<string, string> = {}): Promise<OpenEventStream> {
  const stream = await openEventStream(`${app.url}/api/live-streams/${id}/events`, headers);
  opened.push(stream);
  return stream;
}

const ask = async (question: string, id = streamId) => {
  const res = await app.client().post('/api/questions', { liveStreamId: id, askedBy: 'Ann', question });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number };
};

describe('PATCH /api/questions/:id', () => {
  test('when an editor highlights then answers a question, then 200 with the question as stored', async () => {
    const { id } = await ask('Highlight me?');
    const highlighted = await editor.patch(`/api/questions/${id}`, { isHighlighted: true });
    expect(highlighted.status, highlighted.text).toBe(200);
    expect(highlighted.body).toMatchObject({ id, liveStreamId: streamId, isHighlighted: true, isAnswered: false });
    const answered = await editor.patch(`/api/questions/${id}`, { isAnswered: true });
    expect(answered.body).toMatchObject({ id, isHighlighted: true, isAnswered: true });
    const unhighlighted = await editor.patch(`/api/questions/${id}`, { isHighlighted: false });
    expect(unhighlighted.body).toMatchObject({ isHighlighted: false, isAnswered: true });
    const list = await app.client().get(`/api/live-streams/${streamId}/questions`);
    expect(list.body.find((q: { id: number }) => q.id === id)).toMatchObject({ isHighlighted: false, isAnswered: true });
  });

  test('when nobody is signed in, then 401 and nothing changes', async () => {
    const { id } = await ask('Signed out?');
    const res = await app.client().patch(`/api/questions/${id}`, { isHighlighted: true });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Please sign in as an editor.');
    const row = await app.db('live_questions').where({ id }).first();
    expect(Boolean(row.is_highlighted)).toBe(false);
  });

  test('when a signed-in reader who is not an editor tries, then 403 and nothing changes', async () => {
    const { id } = await ask('Not an editor?');
    const res = await reader.patch(`/api/questions/${id}`, { isAnswered: true });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only editors can moderate live questions.');
    const row = await app.db('live_questions').where({ id }).first();
    expect(Boolean(row.is_answered)).toBe(false);
  });

  test('when the question does not exist (or the id is out of range), then 404', async () => {
    for (const id of [987654, 99999999999]) {
      const res = await editor.patch(`/api/questions/${id}`, { isAnswered: true });
      expect(res.status, String(id)).toBe(404);
      expect(res.body.message).toBe('That question does not exist.');
    }
  });

  test('when the body sets no mark, or a mark that is not a boolean, or the id is not a number, then 400', async () => {
    const { id } = await ask('Bad bodies?');
    for (const body of [{}, { isHighlighted: 'yes' }, { isAnswered: 1 }]) {
      const res = await editor.patch(`/api/questions/${id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect((await editor.patch(`/api/questions/${id}`, {})).body.message).toBe('Send isHighlighted or isAnswered');
    expect((await editor.patch('/api/questions/abc', { isAnswered: true })).status).toBe(400);
  });
});

describe('GET /api/live-streams/:id/events', () => {
  test('the answer is an uncompressed, uncached event stream that starts with the viewer count', async () => {
    const stream = await watch(streamId, { 'accept-encoding': 'gzip, br' });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(stream.headers.get('cache-control')).toMatch(/no-cache/);
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    const viewers = await stream.next((e) => e.event === 'viewers');
    expect(viewers.json.count).toBeGreaterThanOrEqual(1);
    stream.close();
  });

  test('when someone asks a question, then every open stream of that live stream gets it within 2 s, and other streams do not', async () => {
    const [first, second, other] = await Promise.all([watch(), watch(), watch(otherStreamId)]);
    await Promise.all([first, second, other].map((s) => s.next((e) => e.event === 'viewers')));
    const started = performance.now();
    const asked = await ask('Does this reach everyone?');
    for (const stream of [first, second]) {
      const event = await stream.next((e) => e.event === 'question' && e.json.id === asked.id, { timeoutMs: 2_000 });
      expect(event.json).toMatchObject({ id: asked.id, liveStreamId: streamId, askedBy: 'Ann', question: 'Does this reach everyone?', isHighlighted: false });
      expect(event.id).toMatch(/\S/);
      expect(event.at - started).toBeLessThan(2_000);
    }
    await ask('Only for the other one?', otherStreamId);
    await other.next((e) => e.event === 'question' && e.json.question === 'Only for the other one?');
    expect(other.events.some((e) => e.event === 'question' && e.json.id === asked.id)).toBe(false);
    for (const s of [first, second, other]) s.close();
  });

  test('a question sent with an Idempotency-Key (stored in one transaction with its answer) is announced once it is committed, and its replay is not announced again', async () => {
    const stream = await watch();
    await stream.next((e) => e.event === 'viewers');
    const client = app.client();
    const key = `live-${Date.now()}`;
    const body = { liveStreamId: streamId, askedBy: 'Ann', question: 'Sent from the outbox?' };
    const first = await client.post('/api/questions', body, { headers: { 'Idempotency-Key': key } });
    expect(first.status, first.text).toBe(201);
    await stream.next((e) => e.event === 'question' && e.json.id === first.body.id, { timeoutMs: 2_000 });
    const replay = await client.post('/api/questions', body, { headers: { 'Idempotency-Key': key } });
    expect(replay.body.id).toBe(first.body.id);
    // A later question is announced; the replay in between was not.
    const later = await ask('After the replay?');
    await stream.next((e) => e.event === 'question' && e.json.id === later.id);
    expect(stream.events.filter((e) => e.event === 'question' && e.json.id === first.body.id)).toHaveLength(1);
    stream.close();
  });

  test('when an editor highlights or answers a question, then open streams get the changed question', async () => {
    const { id } = await ask('Moderate me live?');
    const stream = await watch();
    await stream.next((e) => e.event === 'viewers');
    await editor.patch(`/api/questions/${id}`, { isHighlighted: true });
    await stream.next((e) => e.event === 'question' && e.json.id === id && e.json.isHighlighted === true, { timeoutMs: 2_000 });
    await editor.patch(`/api/questions/${id}`, { isAnswered: true });
    await stream.next((e) => e.event === 'question' && e.json.id === id && e.json.isAnswered === true, { timeoutMs: 2_000 });
    stream.close();
  });

  test('the viewer count counts viewers: a second tab of the same reader leaves it as it is, another reader adds one, and it falls back as they leave', async () => {
    const id = await insertLiveStream(app.db, { is_live: true, title: 'Counted' });
    const first = await watch(id);
    expect((await first.next((e) => e.event === 'viewers')).json.count).toBe(1);
    // The same reader (not signed in: the same address) in a second tab.
    const secondTab = await watch(id);
    expect((await secondTab.next((e) => e.event === 'viewers')).json.count).toBe(1);
    // A signed-in reader from the same address is someone else: two, on every page.
    const from = first.events.length;
    const other = await watch(id, { cookie: reader.cookieHeader });
    expect((await other.next((e) => e.event === 'viewers')).json.count).toBe(2);
    expect((await first.next((e) => e.event === 'viewers', { from })).json.count).toBe(2);
    const before = first.events.length;
    other.close();
    expect((await first.next((e) => e.event === 'viewers', { from: before })).json.count).toBe(1);
    // One of the first reader's tabs closes: the reader is still watching.
    secondTab.close();
    const again = await watch(id, { cookie: reader.cookieHeader });
    expect((await again.next((e) => e.event === 'viewers')).json.count).toBe(2);
    again.close();
    first.close();
  });

  test('GET /api/live-streams/current counts the viewers watching the stream, as the events do', async () => {
    // The most recently scheduled live stream is the current one: a new one, that nobody watches yet.
    const id = await insertLiveStream(app.db, { is_live: true, title: 'Current', scheduled_for: new Date(Date.now() + 30 * 86_400_000).toISOString() });
    const viewersNow = async () => {
      const current = (await app.client().get('/api/live-streams/current')).body;
      expect(current.id).toBe(id);
      return current.viewerCount as number;
    };
    expect(await viewersNow()).toBe(0);
    const stream = await watch(id);
    const told = await stream.next((e) => e.event === 'viewers');
    expect(told.json.count).toBe(1);
    expect(await viewersNow()).toBe(1);
    stream.close();
  });

  test('a page that reconnects with Last-Event-ID gets the events it missed; an id this server cannot place gets "resync"', async () => {
    const stream = await watch();
    const first = await ask('Seen before the cut?');
    const seen = await stream.next((e) => e.event === 'question' && e.json.id === first.id);
    stream.close();
    const missed = await ask('Asked while away?');

    const again = await watch(streamId, { 'last-event-id': seen.id! });
    const replayed = await again.next((e) => e.event === 'question' && e.json.id === missed.id);
    expect(replayed.json.question).toBe('Asked while away?');
    expect(again.events.some((e) => e.event === 'question' && e.json.id === first.id)).toBe(false);
    expect(again.events.some((e) => e.event === 'resync')).toBe(false);
    again.close();

    const stranger = await watch(streamId, { 'last-event-id': 'another-process-17' });
    await stranger.next((e) => e.event === 'resync');
    stranger.close();
  });

  test('an unknown stream is 404 and a bad id 400, as JSON', async () => {
    const missing = await app.client().get('/api/live-streams/987654/events');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('That live stream does not exist.');
    expect((await app.client().get('/api/live-streams/abc/events')).status).toBe(400);
  });

  test('when the app stops, then its open streams end (they do not keep the server up)', async () => {
    const own = await startTestApp({ sameDatabaseAs: app });
    const stream = await openEventStream(`${own.url}/api/live-streams/${streamId}/events`);
    await stream.next((e) => e.event === 'viewers');
    const closing = own.close();
    await stream.ended;
    await closing;
  });
});
