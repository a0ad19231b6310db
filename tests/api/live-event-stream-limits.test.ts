// Live event streams per client address, and viewers rather than sockets
// (docs/decisions/012-live-events.md). One address holds at most EVENT_STREAMS_PER_ADDRESS (6)
// open event streams, over both event routes and every process; past it, a 429 with Retry-After
// and a {message}. The viewer count counts a reader once however many tabs they have open: the
// signed-in user, else the address. Runs on SQLite and, with TEST_DB=pg, on PostgreSQL; the
// processes are two `npm start` hosts on one PostgreSQL, or on SQLite the two workers of
// WEB_CONCURRENCY=2.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '#api/config';
import { insertLiveStream } from '../support/fixtures';
import { openEventStream, type OpenEventStream } from '../support/event-stream';
import { until, type Host } from '../support/server-process';
import { signUp, startTestApp, useTestApp } from '../support/test-app';
import { testDialect } from '../support/test-db';
import { startServerOnTestDatabase, type ServerOnTestDatabase } from '../support/test-server';

const onPostgres = testDialect() === 'pg';
const REFUSAL = 'Too many live pages are open from your address. Close one and try again.';

const opened: OpenEventStream[] = [];
afterEach(() => {
  for (const stream of opened.splice(0)) stream.close();
});

/** An event stream that the test expects to be let in. */
async function watch(url: string, headers: Record<string, string> = {}): Promise<OpenEventStream> {
  const stream = await openEventStream(url, headers);
  opened.push(stream);
  expect(stream.status, `${url} ${JSON.stringify(headers)}`).toBe(200);
  return stream;
}

/** Asks for an event stream; the refusal as answered, or null (and the stream closed again) when it was let in. */
async function refusal(url: string, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: abort.signal });
  if (res.status === 200) {
    abort.abort();
    return null;
  }
  return { status: res.status, retryAfter: res.headers.get('retry-after'), type: res.headers.get('content-type'), body: (await res.json()) as { message?: string } };
}

function expectRefused(answer: Awaited<ReturnType<typeof refusal>>) {
  expect(answer, 'let in, expected a 429').not.toBeNull();
  expect(answer!.status).toBe(429);
  expect(answer!.type).toMatch(/json/);
  expect(answer!.body).toEqual({ message: REFUSAL });
  expect(answer!.retryAfter).toMatch(/^[1-9]\d*$/);
}

/**
 * Waits until the server lets a stream in (a page's leaving reaches it a moment after the page
 * closes), and keeps it open.
 */
async function watchOnceFree(url: string, headers: Record<string, string> = {}): Promise<OpenEventStream> {
  return until(`a place for ${url}`, async () => {
    const stream = await openEventStream(url, headers);
    if (stream.status === 200) {
      opened.push(stream);
      return stream;
    }
    stream.close();
    return null;
  });
}

const viewersOf = async (stream: OpenEventStream, count: number) => stream.next((e) => e.event === 'viewers' && e.json.count === count, { timeoutMs: 5_000 });

describe('one process', () => {
  const app = useTestApp();
  let streamId = 0;
  const events = () => `${app.url}/api/live-streams/${streamId}/events`;
  const siteWide = () => `${app.url}/api/live-streams/events`;

  beforeAll(async () => {
    streamId = await insertLiveStream(app.db, { is_live: true, title: 'Capped' });
  });

  test('an address holds 6 event streams, both routes together; the 7th, of either route, is a 429 with Retry-After and a message; closing one lets one more in', async () => {
    expect(app.config.eventStreamsPerAddress).toBe(6);
    const held = [];
    for (let i = 0; i < 4; i += 1) held.push(await watch(events()));
    for (let i = 0; i < 2; i += 1) held.push(await watch(siteWide()));
    expectRefused(await refusal(events()));
    expectRefused(await refusal(siteWide()));
    // A refusal takes no place: after two of them, one closed stream still makes room for exactly one.
    held[0]!.close();
    await watchOnceFree(siteWide());
    expectRefused(await refusal(events()));
  });

  test('what is checked first still answers first: an unknown stream is 404 and a bad id 400 whether or not the address has room', async () => {
    for (let i = 0; i < 6; i += 1) await watchOnceFree(events());
    const missing = await refusal(`${app.url}/api/live-streams/987654/events`);
    expect(missing?.status).toBe(404);
    expect(missing?.body.message).toBe('That live stream does not exist.');
    expect((await refusal(`${app.url}/api/live-streams/abc/events`))?.status).toBe(400);
    expectRefused(await refusal(events()));
  });

  test('pages that go away while their stream is being opened keep no place', async () => {
    // The live streams are held (SQLite's one connection, or a lock on PostgreSQL) while eight
    // pages ask for a stream and leave; then the server reads on, and finds them gone.
    let letGo = () => undefined as void;
    const holding = new Promise<void>((resolve) => (letGo = resolve));
    let held = () => undefined as void;
    const isHeld = new Promise<void>((resolve) => (held = resolve));
    const hold = app.db.transaction(async (trx) => {
      if (onPostgres) await trx.raw('LOCK TABLE live_streams IN ACCESS EXCLUSIVE MODE');
      else await trx('live_streams').where({ id: streamId }).update({ title: 'Capped' });
      held();
      await holding;
    });
    await isHeld;
    const leaving = Array.from({ length: 8 }, () => new AbortController());
    const asked = leaving.map((abort) => fetch(events(), { headers: { accept: 'text/event-stream' }, signal: abort.signal }).catch(() => undefined));
    // Time for the requests to reach the server and wait on the database (nothing is measured).
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const abort of leaving) abort.abort();
    await Promise.all(asked);
    await new Promise((resolve) => setTimeout(resolve, 100));
    letGo();
    await hold;
    for (let i = 0; i < 6; i += 1) await watchOnceFree(events());
    expectRefused(await refusal(events()));
  });

  test('the viewer count: many tabs of one reader, by address or by one signed-in session, count once; two readers count two', async () => {
    const id = await insertLiveStream(app.db, { is_live: true, title: 'Counted once' });
    const url = `${app.url}/api/live-streams/${id}/events`;
    const tabs = [];
    for (let i = 0; i < 3; i += 1) tabs.push(await watchOnceFree(url));
    for (const tab of tabs) await viewersOf(tab, 1);
    const reader = app.client();
    await signUp(reader);
    const signedIn = [await watchOnceFree(url, { cookie: reader.cookieHeader }), await watchOnceFree(url, { cookie: reader.cookieHeader })];
    for (const tab of [...tabs, ...signedIn]) await viewersOf(tab, 2);
    expect((await app.client().get('/api/live-streams/current')).body).toMatchObject({ id, viewerCount: 2 });
  });
});

describe('TRUST_PROXY and X-Forwarded-For', () => {
  const behind = (address: string) => ({ 'X-Forwarded-For': address });

  test('when TRUST_PROXY=1, then two addresses the proxy names each have their own allowance, and one signed-in reader on both counts once', async () => {
    const app = await startTestApp({ env: { TRUST_PROXY: '1', EVENT_STREAMS_PER_ADDRESS: '2' } });
    try {
      const id = await insertLiveStream(app.db, { is_live: true, title: 'Behind a proxy' });
      const url = `${app.url}/api/live-streams/${id}/events`;
      const first = [await watch(url, behind('203.0.113.1')), await watch(url, behind('203.0.113.1'))];
      expectRefused(await refusal(url, behind('203.0.113.1')));
      // What the client wrote left of the proxy's entry is not believed.
      expectRefused(await refusal(url, behind('198.51.100.9, 203.0.113.1')));
      const second = [await watch(url, behind('203.0.113.2')), await watch(`${app.url}/api/live-streams/events`, behind('203.0.113.2'))];
      expectRefused(await refusal(url, behind('203.0.113.2')));
      await viewersOf(first[0]!, 2);
      await viewersOf(second[0]!, 2);

      // One reader, signed in, on a phone and a laptop (two addresses): one viewer more, not two.
      const reader = app.client();
      await signUp(reader);
      const phone = await watch(url, { ...behind('203.0.113.3'), cookie: reader.cookieHeader });
      const laptop = await watch(url, { ...behind('203.0.113.4'), cookie: reader.cookieHeader });
      for (const stream of [phone, laptop, first[0]!]) await viewersOf(stream, 3);
    } finally {
      for (const stream of opened.splice(0)) stream.close();
      await app.close();
    }
  });

  test('when TRUST_PROXY=0, then X-Forwarded-For is ignored: a new one per request is still the one connection address', async () => {
    const app = await startTestApp({ env: { TRUST_PROXY: '0', EVENT_STREAMS_PER_ADDRESS: '2' } });
    try {
      const id = await insertLiveStream(app.db, { is_live: true, title: 'No proxy' });
      const url = `${app.url}/api/live-streams/${id}/events`;
      const streams = [await watch(url, behind('203.0.113.1')), await watch(url, behind('203.0.113.2'))];
      expectRefused(await refusal(url, behind('203.0.113.3')));
      // And the two are one reader.
      for (const stream of streams) await viewersOf(stream, 1);
    } finally {
      for (const stream of opened.splice(0)) stream.close();
      await app.close();
    }
  });

  test('when EVENT_STREAMS_PER_ADDRESS is not a whole number of at least 1, then the settings are refused at boot', () => {
    for (const value of ['0', '-1', 'six', '2.5']) {
      expect(() => loadConfig({ NODE_ENV: 'test', EVENT_STREAMS_PER_ADDRESS: value }), value).toThrow(/EVENT_STREAMS_PER_ADDRESS/);
    }
    expect(loadConfig({ NODE_ENV: 'test', EVENT_STREAMS_PER_ADDRESS: '20' }).eventStreamsPerAddress).toBe(20);
  });
});

describe(onPostgres ? 'two API processes on one PostgreSQL' : 'the two workers of WEB_CONCURRENCY=2 on one SQLite file', () => {
  let running: ServerOnTestDatabase<Host[]> | undefined;
  /** Where streams are opened, in turn: host A and B, or the one host whose primary hands connections to its workers in turn. */
  let origins: string[] = [];
  let streamId = 0;
  const eventsOn = (i: number) => `${origins[i % origins.length]}/api/live-streams/${streamId}/events`;

  beforeAll(async () => {
    running = onPostgres
      ? await startServerOnTestDatabase({ name: 'stream-cap', hosts: 2, env: { EVENT_STREAMS_PER_ADDRESS: '4' }, startTimeoutMs: 45_000 })
      : await startServerOnTestDatabase({ name: 'stream-cap', env: { EVENT_STREAMS_PER_ADDRESS: '4', WEB_CONCURRENCY: '2' }, startTimeoutMs: 45_000 });
    origins = running.hosts.map((h) => h.server.origin);
    streamId = await insertLiveStream(running.tdb.db, { is_live: true, title: 'Across processes' });
  }, 120_000);
  afterAll(async () => {
    await running?.stop();
  });

  test('the cap holds across the processes: with 4 open over both, the next is refused on each; one closed anywhere lets one in again', async () => {
    const held = [];
    for (let i = 0; i < 4; i += 1) held.push(await watch(eventsOn(i)));
    // Both processes know of all four (each tells the others as its streams open).
    for (let i = 0; i < 4; i += 1) await until(`a refusal on ${eventsOn(i)}`, async () => (await refusal(eventsOn(i)))?.status === 429);
    expectRefused(await refusal(eventsOn(0)));
    expectRefused(await refusal(eventsOn(1)));
    held[1]!.close();
    await watchOnceFree(eventsOn(0));
    for (let i = 0; i < 4; i += 1) await until(`a refusal on ${eventsOn(i)}`, async () => (await refusal(eventsOn(i)))?.status === 429);
  });

  test('a reader with tabs on both processes counts once; a second reader makes two on every page', async () => {
    const tabs = [];
    for (let i = 0; i < 4; i += 1) tabs.push(await watchOnceFree(eventsOn(i)));
    for (const tab of tabs) await viewersOf(tab, 1);
    // A second reader: signed in (a session of its own), from the same machine.
    const host = running!.hosts[0]!;
    const signup = await host.client.request('POST', '/api/auth/signup', { body: { username: `cap_${Date.now().toString(36)}`, email: `cap_${Date.now().toString(36)}@example.com`, password: 'Password1!' } });
    expect(signup.status, signup.text).toBe(201);
    const cookie = [...host.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    // Its own allowance is the same address's: one of the first reader's tabs makes way.
    tabs.shift()!.close();
    const second = await watchOnceFree(eventsOn(1), { cookie });
    for (const tab of [...tabs, second]) await viewersOf(tab, 2);
  });
});
