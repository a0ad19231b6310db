// Many processes, one database (docs/decisions/009-uploads-and-jobs-in-the-database.md): two real
// API processes (`npm start`, each in its own process group) on two loopback ports share one
// database: PostgreSQL with TEST_DB=pg, one SQLite file otherwise. Nothing a request needs may live
// in one process's memory, so whatever one process did, the other sees: the session, the upload,
// the idempotent answer. Background jobs run on one process at a time (a lease in the database) and
// move to the other when their holder dies.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HttpClient, killGroup, until, type Host } from '../support/server-process';
import { testDialect, type TestDatabase } from '../support/test-db';
import { startServerOnTestDatabase, type ServerOnTestDatabase } from '../support/test-server';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** Jobs are tried every 100 ms; a lease outlives its holder by up to 3 s. */
const HOUSEKEEPING_INTERVAL_MS = 100;
const JOB_LEASE_MS = 3_000;

interface Node extends Host {
  name: 'A' | 'B';
  /** Lines this process logged for runs of a job (each names this process as the lease holder). */
  runsOf: (job: string) => string[];
}

let running: ServerOnTestDatabase<[Host, Host]> | undefined;
let tdb: TestDatabase;
let dir = '';
let a: Node;
let b: Node;
let userId = 0;
let contentId = 0;


/** The same browser (its cookies) talking to another process. */
function sameBrowserOn(node: Node, from: HttpClient): HttpClient {
  const port = Number(new URL(node.server.origin).port);
  const client = new HttpClient(port);
  for (const [k, v] of from.cookies) client.cookies.set(k, v);
  return client;
}

/** Failed sign-ins per account, across every process. */
const ACCOUNT_LIMIT = 6;

beforeAll(async () => {
  // Each host has its own disk: nothing may be shared through it.
  running = await startServerOnTestDatabase({
    name: 'multi',
    hosts: 2,
    env: {
      HOUSEKEEPING_INTERVAL_MS: String(HOUSEKEEPING_INTERVAL_MS),
      JOB_LEASE_MS: String(JOB_LEASE_MS),
      PUBLIC_CACHE_MS: '0',
      LOGIN_ACCOUNT_RATE_LIMIT: String(ACCOUNT_LIMIT),
    },
    startTimeoutMs: 45_000,
  });
  ({ tdb, dir } = running);
  [a, b] = running.hosts.map((host, i) => ({
    ...host,
    name: i === 0 ? ('A' as const) : ('B' as const),
    runsOf: (job: string) =>
      host.server
        .output()
        .split('\n')
        .filter((line) => line.includes(`[jobs] ${job} on `)),
  })) as [Node, Node];

  const username = `multi_${process.pid % 10000}`;
  const signup = await a.client.request('POST', '/api/auth/signup', { body: { username, email: `${username}@example.com`, password: 'Password1!' } });
  expect(signup.status, signup.text).toBe(201);
  userId = Number(signup.json.id);
  const videos = await a.client.request('GET', '/api/videos?limit=1');
  contentId = Number(videos.json[0].id);
}, 120_000);

afterAll(async () => {
  await running?.stop();
});

describe(`two API processes on one ${testDialect() === 'pg' ? 'PostgreSQL' : 'SQLite file'}`, () => {
  test('when a session is made on A, then B knows it', async () => {
    const onB = sameBrowserOn(b, a.client);
    const me = await onB.request('GET', '/api/auth/me');
    expect(me.status, me.text).toBe(200);
    expect(me.json.id).toBe(userId);
    onB.destroy();
  });

  test('when an avatar is uploaded through A, then B serves it, with the same ETag, and 304 to a copy that has it', async () => {
    const ticket = await a.client.request('POST', '/api/objects/upload');
    expect(ticket.status, ticket.text).toBe(201);
    const cookie = [...a.client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const put = await fetch(ticket.json.uploadURL as string, { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png', cookie, origin: a.server.origin } });
    expect(put.status).toBe(200);
    const { objectURL } = (await put.json()) as { objectURL: string };
    const avatar = await a.client.request('PUT', `/api/users/${userId}/avatar`, { body: { avatarUrl: objectURL } });
    expect(avatar.status, avatar.text).toBe(200);

    const objectPath = new URL(objectURL).pathname;
    const fromA = await fetch(a.server.origin + objectPath);
    const fromB = await fetch(b.server.origin + objectPath);
    expect(fromB.status).toBe(200);
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(PNG);
    expect(fromB.headers.get('content-type')).toBe('image/png');
    expect(fromB.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(fromB.headers.get('etag')).toBe(fromA.headers.get('etag'));
    const revalidated = await fetch(b.server.origin + objectPath, { headers: { 'if-none-match': fromA.headers.get('etag')!, 'cache-control': 'max-age=0' } });
    expect(revalidated.status).toBe(304);
    // A's disk holds nothing: B could not have read it from there.
    expect(fs.existsSync(path.join(dir, 'uploads-A'))).toBe(false);
  });

  test('when an Idempotency-Key was answered by A, then B replays that answer and writes nothing', async () => {
    const key = `multi-${Date.now()}`;
    const body = { userId, contentType: 'video', contentId, comment: `answered by A ${key}` };
    const first = await a.client.request('POST', '/api/comments', { body, headers: { 'Idempotency-Key': key } });
    expect(first.status, first.text).toBe(201);
    const onB = sameBrowserOn(b, a.client);
    const again = await onB.request('POST', '/api/comments', { body, headers: { 'Idempotency-Key': key } });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json).toEqual(first.json);
    expect(Number((await tdb.db('comments').where({ comment: body.comment }).count({ n: '*' }).first())?.n)).toBe(1);
    onB.destroy();
  });

  test('when writes that read before they write run on A and B at once, then every one succeeds', async () => {
    // Removing a folder checks its owner, then unfiles its bookmarks and deletes it, in one
    // transaction. On one SQLite file, two processes' such transactions collided (SQLITE_BUSY, a 500)
    // until transactions took the write lock as they began.
    const onB = sameBrowserOn(b, a.client);
    const ids: string[] = [];
    for (let i = 0; i < 16; i += 1) {
      const made = await a.client.request('POST', '/api/bookmark-categories', { body: { userId, name: `busy ${i}` } });
      expect(made.status, made.text).toBe(201);
      ids.push(String(made.json.id));
    }
    const answers = await Promise.all([
      ...ids.map((id, i) => (i % 2 ? a.client : onB).request('DELETE', `/api/bookmark-categories/${id}`)),
      ...ids.map((_, i) => (i % 2 ? onB : a.client).request('POST', '/api/bookmark-categories', { body: { userId, name: `busy again ${i}` } })),
    ]);
    expect(answers.filter((r) => r.status >= 300).map((r) => `${r.status} ${r.text}`)).toEqual([]);
    onB.destroy();
  });

  test('when sign-ins fail on A and on B, then the limit counts them together (rate-limit counters in the database)', async () => {
    const username = `limited_${process.pid % 10000}`;
    // A browser of its own: the shared one stays signed in as the other tests' user.
    const newcomer = new HttpClient(Number(new URL(a.server.origin).port));
    const signup = await newcomer.request('POST', '/api/auth/signup', { body: { username, email: `${username}@example.com`, password: 'Password1!' } });
    newcomer.destroy();
    expect(signup.status, signup.text).toBe(201);
    // Another browser each time, half on A and half on B: ACCOUNT_LIMIT wrong passwords in all.
    for (let i = 0; i < ACCOUNT_LIMIT; i += 1) {
      const node = i % 2 === 0 ? a : b;
      const client = new HttpClient(Number(new URL(node.server.origin).port));
      const attempt = await client.request('POST', '/api/auth/login', { body: { username, password: 'wrong-password' } });
      client.destroy();
      expect(attempt.status, `attempt ${i + 1} on ${node.name}: ${attempt.text}`).toBe(401);
    }
    // Each process alone has seen only half: with counters in one process's memory both would let the next one in.
    for (const node of [a, b]) {
      const client = new HttpClient(Number(new URL(node.server.origin).port));
      const refused = await client.request('POST', '/api/auth/login', { body: { username, password: 'wrong-password' } });
      client.destroy();
      expect(refused.status, `${node.name}: ${refused.text}`).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json.message).toMatch(/Too many sign-in attempts/);
    }
  });

  test('the upload sweep, the idempotency and session purges and the deletion of old mail each run on one process only', async () => {
    const jobs = ['upload-sweep', 'idempotency-purge', 'session-purge', 'mail-forget'];
    // Several runs of each, so the other process had as many chances to run them too.
    for (const job of jobs) await until(`3 runs of ${job}`, () => a.runsOf(job).length + b.runsOf(job).length >= 3);
    for (const job of jobs) {
      const [onA, onB] = [a.runsOf(job).length, b.runsOf(job).length];
      expect(Math.min(onA, onB), `${job}: ${onA} runs on A, ${onB} on B`).toBe(0);
      const holder = (await tdb.db('job_leases').where({ name: job }).first())?.holder as string;
      const runner = onA > 0 ? a : b;
      expect(runner.runsOf(job)[0]).toContain(holder);
    }
  });

  test('when the process holding the jobs is killed mid-request, then its keyed writes run once on the other, and the other takes the jobs over after the lease', async () => {
    const holder = a.runsOf('upload-sweep').length > 0 ? a : b;
    const other = holder === a ? b : a;
    const onHolder = sameBrowserOn(holder, a.client);
    const onOther = sameBrowserOn(other, a.client);
    const writes = Array.from({ length: 12 }, (_, i) => {
      const key = `killed-${Date.now()}-${i}`;
      return { key, body: { userId, contentType: 'video', contentId, comment: `sent to the killed process ${key}` } };
    });

    // Twelve keyed writes at once, and the process is killed (SIGKILL, no drain) while some still
    // run there, each holding its key's claim in an open transaction. On PostgreSQL that moment is
    // made certain: the test holds a lock on the comments table, so every write has claimed its key
    // and waits on that lock when the kill comes. On SQLite (one writer at a time) the kill comes
    // as the first answer arrives, with the others queued or mid-transaction behind it.
    const pg = testDialect() === 'pg';
    const blocker = pg ? await tdb.db.transaction() : null;
    if (blocker) await blocker.raw('LOCK TABLE comments IN EXCLUSIVE MODE');
    let firstAnswer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (firstAnswer = resolve));
    const attempts = writes.map((w) =>
      onHolder.request('POST', '/api/comments', { body: w.body, headers: { 'Idempotency-Key': w.key } }).then(
        (res) => {
          firstAnswer();
          return res.status;
        },
        () => null,
      ),
    );
    if (blocker) {
      const database = new URL((tdb.database as { connectionString: string }).connectionString).pathname.slice(1);
      await until('writes waiting on the lock, their keys claimed', async () => {
        const waiting = await tdb.db('pg_stat_activity').where({ datname: database, wait_event_type: 'Lock' }).count({ n: '*' }).first();
        return Number(waiting?.n) >= 6;
      });
      await killGroup(holder.server);
      await blocker.rollback();
    } else {
      await answered;
      await killGroup(holder.server);
    }
    const statuses = await Promise.all(attempts);
    expect(statuses.filter((s) => s !== null && s !== 201)).toEqual([]);
    expect(statuses.filter((s) => s === null).length, 'writes cut off by the kill').toBeGreaterThan(0);
    const answeredKeys = new Set(writes.filter((_, i) => statuses[i] === 201).map((w) => w.key));

    // The claims died with their process: each key runs (or replays what had committed) on the other, once.
    for (const w of writes) {
      const retry = await onOther.request('POST', '/api/comments', { body: w.body, headers: { 'Idempotency-Key': w.key } });
      expect(retry.status, retry.text).toBe(201);
      if (answeredKeys.has(w.key)) expect(retry.headers['idempotent-replayed']).toBe('true');
      const rows = await tdb.db('comments').where({ comment: w.body.comment }).count({ n: '*' }).first();
      expect(Number(rows?.n), w.key).toBe(1);
    }

    // The dead holder stops renewing its leases; once they lapse, the survivor runs the jobs.
    const before = other.runsOf('upload-sweep').length;
    expect(before).toBe(0);
    await until('the survivor to take the upload sweep over', () => other.runsOf('upload-sweep').length > 0, { timeoutMs: JOB_LEASE_MS + 15_000 });
    onHolder.destroy();
    onOther.destroy();
  }, 60_000);
});
