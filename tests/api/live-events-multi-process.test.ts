// Live Q&A events fan out across API processes (docs/decisions/012-live-events.md). Two real API
// processes (`npm start`, each in its own process group) on one PostgreSQL: a question posted to A
// reaches an event stream open on B (LISTEN/NOTIFY), the viewer count adds up both processes'
// streams, and stopping a process ends its streams instead of waiting on them. On SQLite (one
// host), the same between the workers of WEB_CONCURRENCY=2, whose primary relays the events.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openEventStream, type OpenEventStream } from '../support/event-stream';
import { signalGroup, waitForGroupGone, type Host } from '../support/server-process';
import { testDialect } from '../support/test-db';
import { startServerOnTestDatabase, type ServerOnTestDatabase } from '../support/test-server';

const onPostgres = testDialect() === 'pg';

let a: Host;
let b: Host;
let streamId = 0;
const opened: OpenEventStream[] = [];

async function watch(node: Host): Promise<OpenEventStream> {
  const stream = await openEventStream(`${node.server.origin}/api/live-streams/${streamId}/events`);
  opened.push(stream);
  expect(stream.status).toBe(200);
  return stream;
}

describe.skipIf(!onPostgres)('live events on two API processes sharing one PostgreSQL', () => {
  let running: ServerOnTestDatabase<[Host, Host]> | undefined;

  beforeAll(async () => {
    running = await startServerOnTestDatabase({ name: 'live-multi', hosts: 2, env: { PUBLIC_CACHE_MS: '0' }, startTimeoutMs: 45_000 });
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

  test('the viewer count adds up the streams open on both processes', async () => {
    const onA = await watch(a);
    await onA.next((e) => e.event === 'viewers');
    const onB = await watch(b);
    // B opened one: A hears of it and tells its page 2; B counts A's one as soon as A repeats its count.
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
    running = await startServerOnTestDatabase({ name: 'live-cluster', env: { WEB_CONCURRENCY: '2', PUBLIC_CACHE_MS: '0' }, startTimeoutMs: 45_000 });
    [node] = running.hosts;
    const current = await node.client.request('GET', '/api/live-streams/current');
    expect(current.json?.id, 'the sample content has a live stream').toBeTypeOf('number');
    sqliteStream = current.json.id as number;
  }, 90_000);

  afterAll(async () => {
    for (const stream of opened) stream.close();
    await running?.stop();
  });

  test('a question reaches every open stream whichever worker holds it, and the viewer count adds up both workers', async () => {
    // Each stream is a connection of its own: the cluster hands them to the workers in turn.
    const streams = await Promise.all(Array.from({ length: 6 }, () => openEventStream(`${node.server.origin}/api/live-streams/${sqliteStream}/events`)));
    opened.push(...streams);
    // Every worker repeats its count with its heartbeat (20 s); a change is told at once.
    await Promise.all(streams.map((s) => s.next((e) => e.event === 'viewers' && e.json.count === 6, { timeoutMs: 5_000 })));
    const asked = await node.client.request('POST', '/api/questions', { body: { liveStreamId: sqliteStream, askedBy: 'Ann', question: 'Every worker?' } });
    expect(asked.status, asked.text).toBe(201);
    await Promise.all(streams.map((s) => s.next((e) => e.event === 'question' && e.json.id === asked.json.id, { timeoutMs: 2_000 })));
    for (const s of streams) s.close();
  });
});
