// A busy day's mixed load on the real server (own process, seeded sample content, default
// settings): 70 % public reads, 20 % signed-in writes, 10 % session reads, from 1,000 readers with
// their own sessions. Two runs per database: a steady 1,000 req/s offered (open loop: enough
// connections that a slow answer holds back no request behind it) for p50/p99, and 200
// connections as fast as they go (closed loop) for req/s. Then the writes are checked: every
// comment answered 201 is in the database once, and no other. Printed, never asserted.
import crypto from 'node:crypto';
import autocannon from 'autocannon';
import { createDb, type Db } from '#api/db';
import type { DatabaseConfig } from '#api/config';
import { hashPassword } from '#api/lib/password';
import { SESSION_COOKIE } from '#api/middleware/session';
import type { BenchContext, BenchSection } from '../lib/context';
import { createBenchDatabase, type BenchDatabase } from '../lib/database';
import { int, ms, pct, table } from '../lib/format';
import { once, percent } from '../lib/load';
import { openLoop, type OpenLoopRequest } from '../lib/open-loop';
import { procCpuSeconds, startChild, type ChildServer } from '../lib/processes';
import { appServerEnv } from './shared';

const READERS = 1000;
/** BENCH_MIXED_RATE=600 offers another steady rate (to find where the tail starts). */
const OFFERED_RATE = Number(process.env.BENCH_MIXED_RATE ?? 1000);
/** Sockets the steady run may open: at 1,000 req/s, enough for answers up to 0.4 s without waiting. */
const OPEN_LOOP_SOCKETS = 400;
const CLOSED_LOOP_CONNECTIONS = 200;
const TARGET_P99_MS = 100;
const TARGET_REQ_PER_SEC = 1500;

interface Reader {
  id: number;
  cookie: string;
}

/**
 * The session cookie of a session row written straight into the database, signed as koa-session
 * signs it (keygrip: HMAC-SHA1 of `name=value`, base64url): a thousand sign-ins through the API
 * would each pay for scrypt, and that is the sign-in bench's figure, not this one's.
 */
function sessionCookie(key: string, secret: string): string {
  const signature = crypto.createHmac('sha1', secret).update(`${SESSION_COOKIE}=${key}`).digest('base64url');
  return `${SESSION_COOKIE}=${key}; ${SESSION_COOKIE}.sig=${signature}`;
}

async function createReaders(db: Db, secret: string, prefix: string): Promise<Reader[]> {
  const passwordHash = await hashPassword('Bench-password1');
  const now = new Date().toISOString();
  const rows = Array.from({ length: READERS }, (_, i) => ({
    username: `${prefix}${i}`,
    email: `${prefix}${i}@bench.example`,
    name: `Reader ${i}`,
    password_hash: passwordHash,
    role: 'user',
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < rows.length; i += 200) await db('users').insert(rows.slice(i, i + 200));
  const users: { id: number }[] = await db('users').where('username', 'like', `${prefix}%`).orderBy('id').select('id');
  const readers = users.map(({ id }) => ({ id: Number(id), key: crypto.randomBytes(24).toString('base64url') }));
  const expires = Date.now() + 24 * 60 * 60 * 1000;
  const sessions = readers.map((r) => ({ id: r.key, data: JSON.stringify({ userId: r.id, _expire: expires, _maxAge: expires - Date.now() }), expires_at: expires, user_id: r.id }));
  for (let i = 0; i < sessions.length; i += 200) await db('sessions').insert(sessions.slice(i, i + 200));
  return readers.map((r) => ({ id: r.id, cookie: sessionCookie(r.key, secret) }));
}

/**
 * The n-th request of the load: turns of ten, seven public reads, two signed-in writes (a
 * completion on every turn; a comment on one turn in five, a second completion on the others;
 * each write with its own Idempotency-Key), one session read. Turn t is reader t mod 1,000's, so
 * at 1,000 req/s a reader writes about once in five seconds, within the per-user write limit.
 */
function mixedWorkload(readers: Reader[], posts: number[], videos: number[]): (n: number) => OpenLoopRequest {
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const read = (path: string, reader: Reader): OpenLoopRequest => ({ method: 'GET', path, headers: { cookie: reader.cookie }, kind: 'read' });
  const write = (path: string, reader: Reader, body: unknown, kind: string): OpenLoopRequest => ({
    method: 'POST',
    path,
    headers: { cookie: reader.cookie, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
    body: JSON.stringify(body),
    kind,
  });
  const complete = (reader: Reader, contentType: 'blog' | 'video', contentId: number) => {
    const completed = Math.random() < 0.5;
    return write('/api/progress', reader, { userId: reader.id, contentType, contentId, completed, progressPercent: completed ? 100 : 0 }, 'write');
  };
  return (n) => {
    const turn = Math.floor(n / 10);
    const reader = readers[turn % readers.length]!;
    switch (n % 10) {
      case 0:
        return read('/api/videos', reader);
      case 1:
        return read('/api/blog', reader);
      case 2:
        return read(`/api/blog/${pick(posts)}`, reader);
      case 3:
        return read('/api/devotional/today', reader);
      case 4:
        return read(`/api/videos/${pick(videos)}`, reader);
      case 5:
        return read(`/api/comments?contentType=blog&contentId=${pick(posts)}`, reader);
      case 6:
        return read('/api/search?q=grace', reader);
      case 7:
        return turn % 5 === 0
          ? write('/api/comments', reader, { userId: reader.id, contentType: 'blog', contentId: pick(posts), comment: `bench ${crypto.randomUUID()}` }, 'write')
          : complete(reader, 'blog', pick(posts));
      case 8:
        return complete(reader, 'video', pick(videos));
      default:
        return { ...read('/api/auth/me', reader), kind: 'session' };
    }
  };
}

/** Asks the server for its pool waits since the last ask (bench/lib/pool-waits.ts), under a heading. */
async function poolWaits(server: ChildServer, run: string): Promise<void> {
  console.log(`  connection waits in the run at ${run}:`);
  process.kill(server.pid, 'SIGUSR2');
  // Its stderr is passed through as it comes; give the lines time to arrive before the next output.
  await new Promise((resolve) => setTimeout(resolve, 300));
}

/** Closed loop: `connections` clients, each sending its next request when the last is answered. */
async function closedLoop(server: ChildServer, next: (n: number) => OpenLoopRequest, opts: { connections: number; seconds: number; overallRate?: number }) {
  let n = 0;
  let comments201 = 0;
  const cpu0 = procCpuSeconds(server.pid);
  const t0 = performance.now();
  const r = await once({
    url: server.url,
    connections: opts.connections,
    duration: opts.seconds,
    timeout: 10,
    ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
    requests: [
      {
        setupRequest: (req: autocannon.Request) => {
          const { method, path, headers, body } = next(n++);
          return { ...req, method, path, headers: { accept: 'application/json', ...headers }, body };
        },
        // Only a new comment answers 201 (a completion answers 200).
        onResponse: (status: number) => void (status === 201 && (comments201 += 1)),
      },
    ] as autocannon.Request[],
  });
  const elapsed = (performance.now() - t0) / 1000;
  const cpu1 = procCpuSeconds(server.pid);
  return { result: r, comments201, serverCpu: percent(cpu0, cpu1, elapsed) };
}

async function runOn(ctx: BenchContext, database: BenchDatabase, dialectName: string): Promise<void> {
  // The server prints how long queries waited for a connection: after each run (poolWaits), and the rest as it stops.
  const env: Record<string, string> = { ...appServerEnv(ctx, database.url, { seed: true }), BENCH_POOL_WAITS: '1' };
  const server = await startChild('app', 'app-server.ts', { env });
  const db = createDb(database.config as DatabaseConfig);
  try {
    const readers = await createReaders(db, env.SESSION_SECRET!, `mx${crypto.randomBytes(2).toString('hex')}`);
    const posts = ((await (await fetch(`${server.url}/api/blog?limit=100`)).json()) as { id: number }[]).map((p) => p.id);
    const videos = ((await (await fetch(`${server.url}/api/videos`)).json()) as { id: number }[]).map((v) => v.id);
    const seconds = ctx.quick ? 5 : 30;
    const closedSeconds = ctx.quick ? 5 : 60;
    const commentsBefore = Number((await db('comments').count({ n: '*' }).first())!.n);
    console.log(`  ${dialectName}: server pid ${server.pid}, ${readers.length} readers with sessions, ${posts.length} posts, ${videos.length} videos`);

    const next = mixedWorkload(readers, posts, videos);
    // Warm-up (dropped): the first requests compile the routes' code paths and fill the caches.
    await closedLoop(server, next, { connections: 50, seconds: ctx.quick ? 1 : 3 });

    let comments201 = 0;
    const cpu0 = procCpuSeconds(server.pid);
    const t0 = performance.now();
    const open = await openLoop({
      url: server.url,
      rate: OFFERED_RATE,
      seconds,
      maxSockets: OPEN_LOOP_SOCKETS,
      next,
      onResponse: (_request, status) => void (status === 201 && (comments201 += 1)),
    });
    const openCpu = percent(cpu0, procCpuSeconds(server.pid), (performance.now() - t0) / 1000);
    await poolWaits(server, `the steady ${int(OFFERED_RATE)} req/s`);
    const closed = await closedLoop(server, next, { connections: CLOSED_LOOP_CONNECTIONS, seconds: closedSeconds });
    await poolWaits(server, `${CLOSED_LOOP_CONNECTIONS} connections`);
    // autocannon's overallRate, for comparison: it sends each second's share as one burst.
    const bursts = await closedLoop(server, next, { connections: OPEN_LOOP_SOCKETS, seconds: ctx.quick ? 3 : 10, overallRate: OFFERED_RATE });
    comments201 += closed.comments201 + bursts.comments201;

    // Exactly once: every comment answered 201 is stored once, and nothing else was.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const commentsAfter = Number((await db('comments').count({ n: '*' }).first())!.n);
    const distinct = Number((await db('comments').where('comment', 'like', 'bench %').countDistinct({ n: 'comment' }).first())!.n);
    const benchComments = Number((await db('comments').where('comment', 'like', 'bench %').count({ n: '*' }).first())!.n);
    const check = benchComments === distinct ? `${int(benchComments)} stored, none twice` : `${int(benchComments - distinct)} stored twice`;

    const failedOpen = open.errors + [...open.statuses].filter(([status]) => status >= 400).reduce((sum, [, count]) => sum + count, 0);
    const closedAnswers = (r: autocannon.Result) => (r.non2xx + r.errors + r.timeouts ? `${int(r.non2xx)} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts` : 'all 2xx');
    const kinds = ['read', 'write', 'session'].map((k) => {
      const figures = open.byKind.get(k);
      return figures ? `${k}s p50 ${ms(figures.p50)} p99 ${ms(figures.p99)}` : '';
    });
    console.log(
      table(
        ['run', 'req/s', 'p50', 'p99', 'max', 'server cpu', 'answers'],
        [
          [`${int(OFFERED_RATE)} req/s offered, steady`, int(open.achieved), ms(open.p50), ms(open.p99), ms(open.max), pct(openCpu), failedOpen ? `${int(failedOpen)} failed` : 'all 2xx'],
          [`${CLOSED_LOOP_CONNECTIONS} connections`, int(closed.result.requests.average), ms(closed.result.latency.p50), ms(closed.result.latency.p99), ms(closed.result.latency.max), pct(closed.serverCpu), closedAnswers(closed.result)],
        ],
      ),
    );
    console.log(`  steady run by kind: ${kinds.filter(Boolean).join('; ')}`);
    console.log(`  comments: ${int(comments201)} answered 201 in the measured runs; ${check} (${int(commentsAfter - commentsBefore)} new rows with the warm-up's)`);
    console.log(
      `  diagnostic, autocannon overallRate ${int(OFFERED_RATE)} over ${OPEN_LOOP_SOCKETS} connections (each second's requests sent as one burst): ${int(bursts.result.requests.average)} req/s, p50 ${ms(bursts.result.latency.p50)}, p99 ${ms(bursts.result.latency.p99)}`,
    );
    const openVerdict = open.p99 <= TARGET_P99_MS && !failedOpen ? `target p99 ≤ ${TARGET_P99_MS} ms met` : 'below target';
    const closedVerdict = closed.result.requests.average >= TARGET_REQ_PER_SEC ? `target ≥ ${int(TARGET_REQ_PER_SEC)} req/s met` : 'below target';
    ctx.summary.push({ section: 'mixed-load', label: `${dialectName}, ${int(OFFERED_RATE)} req/s offered`, value: `p50 ${ms(open.p50)}, p99 ${ms(open.p99)}`, verdict: openVerdict });
    ctx.summary.push({ section: 'mixed-load', label: `${dialectName}, ${CLOSED_LOOP_CONNECTIONS} connections`, value: `${int(closed.result.requests.average)} req/s, p99 ${ms(closed.result.latency.p99)}`, verdict: closedVerdict });
  } finally {
    await db.destroy();
    ctx.peakRss.set(`mixed-load ${dialectName}`, server.peakRss());
    await server.stop();
  }
}

async function run(ctx: BenchContext): Promise<void> {
  console.log(`  workload per turn of 10: 7 public reads (/api/videos, /api/blog, a post, today's devotional, a video, a post's comments, a search), 2 signed-in writes (completions; a comment on one turn in five; each with an Idempotency-Key), 1 session read (/api/auth/me)`);
  console.log(`  steady: ${int(OFFERED_RATE)} req/s offered open loop (bench/lib/open-loop.ts, up to ${OPEN_LOOP_SOCKETS} sockets, latency from each request's due time); closed: autocannon, ${CLOSED_LOOP_CONNECTIONS} connections; both in the bench's process, on loopback`);
  const sqlite = await createBenchDatabase({ ...ctx, dialect: 'sqlite' }, 'mixed-load');
  await runOn(ctx, sqlite, 'SQLite');
  if (ctx.adminUrl) await runOn(ctx, await createBenchDatabase({ ...ctx, dialect: 'pg' }, 'mixed-load'), 'PostgreSQL');
  else console.log('  PostgreSQL: not run (DATABASE_URL=postgres://… runs it beside SQLite)');
}

export const mixedLoad: BenchSection = { name: 'mixed-load', title: "Mixed load: a busy day's reads and writes, open and closed loop", run };
