// Live Q&A events fan out across API processes (docs/decisions/012-live-events.md). Two real API
// processes (`npm start`, each in its own process group) on one PostgreSQL: a question posted to A
// reaches an event stream open on B (LISTEN/NOTIFY), the viewer count adds up both processes'
// readers, an editor going live or ending on B is heard on A's streams and answered at once by A's
// current (its cached answer dropped), and stopping a process ends its streams instead of waiting
// on them. On SQLite (one host), the same between the workers of WEB_CONCURRENCY=2, whose primary
// relays the events. The public cache is on for a minute: only the events can make A answer anew.
// Each page comes from an address of its own (TRUST_PROXY=1 and X-Forwarded-For), as readers
// do: the viewer count counts readers, and one address may hold only a few streams.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openEventStream, type OpenEventStream } from '../support/event-stream';
import { grantEditor, insertLiveStream } from '../support/fixtures';
import type { TestDatabase } from '../support/test-db';
import { signalGroup, waitForGroupGone, type Host } from '../support/server-process';
import { testDialect } from '../support/test-db';
import { startServerOnTestDatabase, type ServerOnTestDatabase } from '../support/test-server';

const onPostgres = testDialect() === 'pg';

let a: Host;
let b: Host;
let streamId = 0;
const opened: OpenEventStream[] = [];
let readers = 0;
/** A reader of their own: the address a trusted proxy would name. */
const newReader = () => ({ 'X-Forwarded-For': `203.0.113.${(readers += 1) % 250}` });
const env = { PUBLIC_CACHE_MS: '60000', TRUST_PROXY: '1' };

/** Signs up on `node` and becomes an editor (as `npm run editor -- grant` makes one). */
async function signInEditor(node: Host, tdb: TestDatabase): Promise<void> {
  const username = `ed_${Date.now().toString(36)}`;
  const signup = await node.client.request('POST', '/api/auth/signup', { body: { username, email: `${username}@example.com`, password: 'Password1!' } });
  expect(signup.status, signup.text).toBe(201);
  await grantEditor(tdb.db, username);
}

/** The desk's "Go live" (true) or "End stream" (false) of `id`, sent to `node`. */
async function setLive(node: Host, id: number, isLive: boolean): Promise<void> {
  const res = await node.client.request('PUT', `/api/live-streams/${id}`, { body: { title: 'Going live elsewhere', scheduledFor: new Date().toISOString(), isLive } });
  expect(res.status, res.text).toBe(200);
}

const currentId = async (node: Host) => ((await node.client.request('GET', '/api/live-streams/current')).json as { id: number } | null)?.id ?? null;

async function watch(node: Host): Promise<OpenEventStream> {
  const stream = await openEventStream(`${node.server.origin}/api/live-streams/${streamId}/events`, newReader());
  opened.push(stream);
  expect(stream.status).toBe(200);
  return stream;
}

describe.skipIf(!onPostgres)('live events on two API processes sharing one PostgreSQL', () => {
  let running: ServerOnTestDatabase<[Host, Host]> | undefined;

  beforeAll(async () => {
    running = await startServerOnTestDatabase({ name: 'live-multi', hosts: 2, env, startTimeoutMs: 45_000 });
    [a, b] = running.hosts;
    const [row] = await running.tdb.db('live_streams').insert({ title: 'Across processes', description: null, is_live: true, viewer_count: 0 }).returning('id');
    streamId = Number((row as { id: number }).id);
  }, 120_000);

  afterAll(async () => {
    for (const stream of opened) stream.close();
    await running?.stop();
  });

  test('when a question is posted to A, then a stream open on B gets it within 2 s; so does one on A', async () => {
    const [onB, onA] = await Promise.all([watch(b), watch(a)]);
    await Promise.all([onB.next((e) => e.event === 'viewers'), onA.next((e) => e.event === 'viewers')]);
    const started = performance.now();
    const asked = await a.client.request('POST', '/api/questions', { body: { liveStreamId: streamId, askedBy: 'Ann', question: 'Heard on B?' } });
    expect(asked.status, asked.text).toBe(201);
    for (const stream of [onB, onA]) {
      const event = await stream.next((e) => e.event === 'question' && e.json.id === asked.json.id, { timeoutMs: 2_000 });
      expect(event.json.question).toBe('Heard on B?');
      expect(event.at - started).toBeLessThan(2_000);
    }
    onA.close();
    onB.close();
  });

  test('when an editor goes live on B, then the site-wide stream and a live page on A hear it within 2 s and A answers it as current at once; so when it ends', async () => {
    // The pages are on A: B is stopped below, and the stop test counts on what B holds open.
    await running!.tdb.db('live_streams').update({ is_live: false });
    const scheduled = await insertLiveStream(running!.tdb.db, { title: 'Going live elsewhere' });
    await signInEditor(b, running!.tdb);
    // A has nothing live in its cache (for a minute): only the event can change its answer.
    expect(await currentId(a)).toBeNull();
    const site = await openEventStream(`${a.server.origin}/api/live-streams/events`, newReader());
    opened.push(site);
    const page = await watch(a);
    await page.next((e) => e.event === 'viewers');

    await setLive(b, scheduled, true);
    for (const stream of [site, page]) expect((await stream.next((e) => e.event === 'stream-changed', { timeoutMs: 2_000 })).json).toEqual({ id: scheduled });
    expect(await currentId(a)).toBe(scheduled);

    const from = site.events.length;
    await setLive(b, scheduled, false);
    await site.next((e) => e.event === 'stream-changed', { from, timeoutMs: 2_000 });
    expect(await currentId(a)).toBeNull();
    site.close();
    page.close();
  });

  test('the viewer count adds up the readers watching on both processes', async () => {
    const onA = await watch(a);
    await onA.next((e) => e.event === 'viewers');
    const onB = await watch(b);
    // B opened one: A hears of it and tells its page 2 (B knew of A's reader since A's page opened).
    await onA.next((e) => e.event === 'viewers' && e.json.count === 2);
    onB.close();
    await onA.next((e) => e.event === 'viewers' && e.json.count === 1, { from: onA.events.length });
    onA.close();
  });

  test('when B stops (SIGTERM) with a stream open, then the stream ends, B exits promptly (not after its 10 s forced stop), and A stops counting it at once', async () => {
    const onA = await watch(a);
    const onB = await watch(b);
    await onA.next((e) => e.event === 'viewers' && e.json.count === 2);
    const from = onA.events.length;
    signalGroup(b.server.pgid, 'SIGTERM');
    await onB.ended;
    const took = await waitForGroupGone(b.server.pgid, 9_000);
    expect(took, b.server.output()).not.toBeNull();
    expect(b.server.output()).not.toContain('did not finish within 10 s');
    // Not after three heartbeats (60 s): B said so as it stopped.
    await onA.next((e) => e.event === 'viewers' && e.json.count === 1, { from, timeoutMs: 5_000 });
    onA.close();
  });
});

describe.skipIf(onPostgres)('live events between the workers of WEB_CONCURRENCY=2 on one SQLite file', () => {
  let running: ServerOnTestDatabase<[Host]> | undefined;
  let node: Host;
  let sqliteStream = 0;

  beforeAll(async () => {
    running = await startServerOnTestDatabase({ name: 'live-cluster', env: { ...env, WEB_CONCURRENCY: '2' }, startTimeoutMs: 45_000 });
    [node] = running.hosts;
    const current = await node.client.request('GET', '/api/live-streams/current');
    expect(current.json?.id, 'the sample content has a live stream').toBeTypeOf('number');
    sqliteStream = current.json.id as number;
  }, 90_000);

  afterAll(async () => {
    for (const stream of opened) stream.close();
    await running?.stop();
  });

  test('a question reaches every open stream whichever worker holds it, and the viewer count adds up the readers on both workers', async () => {
    // Each stream is a connection of its own: the cluster hands them to the workers in turn.
    const streams = await Promise.all(Array.from({ length: 6 }, () => openEventStream(`${node.server.origin}/api/live-streams/${sqliteStream}/events`, newReader())));
    opened.push(...streams);
    // Every worker repeats its count with its heartbeat (20 s); a change is told at once.
    await Promise.all(streams.map((s) => s.next((e) => e.event === 'viewers' && e.json.count === 6, { timeoutMs: 5_000 })));
    const asked = await node.client.request('POST', '/api/questions', { body: { liveStreamId: sqliteStream, askedBy: 'Ann', question: 'Every worker?' } });
    expect(asked.status, asked.text).toBe(201);
    await Promise.all(streams.map((s) => s.next((e) => e.event === 'question' && e.json.id === asked.json.id, { timeoutMs: 2_000 })));
    for (const s of streams) s.close();
  });

  test('when an editor goes live, then site-wide streams on both workers hear it, and both answer it as current at once', async () => {
    // Six connections at once: the cluster hands them to both workers, which each cache their answer.
    const currents = () => Promise.all(Array.from({ length: 6 }, () => currentId(node)));
    expect(new Set(await currents())).toEqual(new Set([sqliteStream]));
    const streams = await Promise.all(Array.from({ length: 6 }, () => openEventStream(`${node.server.origin}/api/live-streams/events`, newReader())));
    opened.push(...streams);
    await signInEditor(node, running!.tdb);
    await setLive(node, sqliteStream, false);
    await Promise.all(streams.map((s) => s.next((e) => e.event === 'stream-changed' && e.json.id === sqliteStream, { timeoutMs: 2_000 })));
    expect(new Set(await currents())).toEqual(new Set([null]));
    for (const s of streams) s.close();
  });
});
