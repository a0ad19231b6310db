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
import { procCpuSeconds, startChild, type ChildServer } from '../lib/processes';
import { appServerEnv } from './shared';

const READERS = 1000;
const OFFERED_RATE = 1000;
const OPEN_LOOP_CONNECTIONS = 250;
const CLOSED_LOOP_CONNECTIONS = 200;
const TARGET_P99_MS = 100;
const TARGET_REQ_PER_SEC = 1500;

interface Reader {
  id: number;
  cookie: string;
}

interface Outcome {
  label: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  max: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  serverCpu: number | null;
  comments201: number;
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

export async function createReaders(db: Db, secret: string, prefix: string): Promise<Reader[]> {
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
 * One connection's turn of ten requests: seven public reads, two signed-in writes (a comment and a
 * completion, each with its own Idempotency-Key), one session read. Each connection takes the
 * next reader for every turn, so a reader writes about once in five seconds at 1,000 req/s.
 */
export function turn(readers: Reader[], posts: number[], videos: number[], counted: { comments201: number }): autocannon.Request[] {
  let next = 0;
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  type Context = { reader?: Reader };
  const as = (context: Context) => context.reader!;
  const withReader = (build: (reader: Reader) => Partial<autocannon.Request>) => (req: autocannon.Request, context: Context) => {
    const reader = as(context);
    return { ...req, ...build(reader), headers: { ...req.headers, cookie: reader.cookie, ...build(reader).headers } } as autocannon.Request;
  };
  const json = (body: unknown) => ({ method: 'POST' as const, body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() } });
  return [
    {
      method: 'GET',
      path: '/api/videos',
      // A new turn: the next reader on this connection.
      setupRequest: (req: autocannon.Request, context: Context) => {
        context.reader = readers[next++ % readers.length];
        return { ...req, headers: { ...req.headers, cookie: context.reader!.cookie } };
      },
    },
    { method: 'GET', setupRequest: withReader(() => ({ path: '/api/blog' })) },
    { method: 'GET', setupRequest: withReader(() => ({ path: `/api/blog/${pick(posts)}` })) },
    { method: 'GET', setupRequest: withReader(() => ({ path: '/api/devotional/today' })) },
    { method: 'GET', setupRequest: withReader(() => ({ path: `/api/videos/${pick(videos)}` })) },
    { method: 'GET', setupRequest: withReader(() => ({ path: `/api/comments?contentType=blog&contentId=${pick(posts)}` })) },
    { method: 'GET', setupRequest: withReader(() => ({ path: '/api/search?q=grace' })) },
    {
      method: 'POST',
      setupRequest: withReader((reader) => ({ path: '/api/comments', ...json({ userId: reader.id, contentType: 'blog', contentId: pick(posts), comment: `bench ${crypto.randomUUID()}` }) })),
      onResponse: (status: number) => {
        if (status === 201) counted.comments201 += 1;
      },
    },
    {
      method: 'POST',
      setupRequest: withReader((reader) => {
        const completed = Math.random() < 0.5;
        return { path: '/api/progress', ...json({ userId: reader.id, contentType: 'video', contentId: pick(videos), completed, progressPercent: completed ? 100 : 0 }) };
      }),
    },
    { method: 'GET', setupRequest: withReader(() => ({ path: '/api/auth/me' })) },
  ] as autocannon.Request[];
}

function autocannonRun(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err: Error | null, result: autocannon.Result) => (err ? reject(err) : resolve(result)));
  });
}

async function measure(
  label: string,
  server: ChildServer,
  requests: (counted: { comments201: number }) => autocannon.Request[],
  opts: { connections: number; seconds: number; overallRate?: number },
): Promise<Outcome> {
  const counted = { comments201: 0 };
  const cpu0 = procCpuSeconds(server.pid);
  const t0 = performance.now();
  const r = await autocannonRun({
    url: server.url,
    connections: opts.connections,
    duration: opts.seconds,
    timeout: 10,
    requests: requests(counted),
    ...(opts.overallRate ? { overallRate: opts.overallRate } : {}),
  });
  const elapsed = (performance.now() - t0) / 1000;
  const cpu1 = procCpuSeconds(server.pid);
  return {
    label,
    reqPerSec: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    serverCpu: cpu0 === null || cpu1 === null ? null : ((cpu1 - cpu0) / elapsed) * 100,
    comments201: counted.comments201,
  };
}

async function runOn(ctx: BenchContext, database: BenchDatabase, dialectName: string): Promise<void> {
  const env = appServerEnv(ctx, database.url, { seed: true });
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

    const build = (counted: { comments201: number }) => turn(readers, posts, videos, counted);
    // Warm-up (dropped): the first requests compile the routes' code paths and fill the caches.
    await measure('warm-up', server, build, { connections: 50, seconds: ctx.quick ? 1 : 3, overallRate: 500 });
    const open = await measure(`${dialectName}, ${int(OFFERED_RATE)} req/s offered`, server, build, { connections: OPEN_LOOP_CONNECTIONS, seconds, overallRate: OFFERED_RATE });
    const closed = await measure(`${dialectName}, ${CLOSED_LOOP_CONNECTIONS} connections`, server, build, { connections: CLOSED_LOOP_CONNECTIONS, seconds: closedSeconds });

    // Exactly once: every comment answered 201 is stored once, and nothing else was.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const commentsAfter = Number((await db('comments').count({ n: '*' }).first())!.n);
    const distinct = Number((await db('comments').where('comment', 'like', 'bench %').countDistinct({ n: 'comment' }).first())!.n);
    const benchComments = Number((await db('comments').where('comment', 'like', 'bench %').count({ n: '*' }).first())!.n);
    const answered = [open, closed].reduce((n, o) => n + o.comments201, 0);
    // The warm-up's comments are in the database too: count them from the difference.
    const check = benchComments === distinct ? `${int(benchComments)} comments stored, none twice` : `${int(benchComments - distinct)} comments stored twice`;

    const rows = [open, closed].map((o) => [
      o.label,
      int(o.reqPerSec),
      ms(o.p50),
      ms(o.p99),
      ms(o.max),
      pct(o.serverCpu),
      o.non2xx + o.errors + o.timeouts ? `${int(o.non2xx)} non-2xx, ${o.errors} errors, ${o.timeouts} timeouts` : 'all 2xx',
    ]);
    console.log(table(['run', 'req/s', 'p50', 'p99', 'max', 'server cpu', 'answers'], rows));
    console.log(`  writes: ${int(answered)} comments answered 201 in the measured runs; ${check} (${int(commentsAfter - commentsBefore)} new rows with the warm-up's)`);
    const openVerdict = open.p99 <= TARGET_P99_MS ? `target p99 ≤ ${TARGET_P99_MS} ms met` : 'below target';
    const closedVerdict = closed.reqPerSec >= TARGET_REQ_PER_SEC ? `target ≥ ${int(TARGET_REQ_PER_SEC)} req/s met` : 'below target';
    ctx.summary.push({ section: 'mixed-load', label: open.label, value: `p50 ${ms(open.p50)}, p99 ${ms(open.p99)}, ${int(open.reqPerSec)} req/s`, verdict: openVerdict });
    ctx.summary.push({ section: 'mixed-load', label: closed.label, value: `${int(closed.reqPerSec)} req/s, p99 ${ms(closed.p99)}`, verdict: closedVerdict });
  } finally {
    await db.destroy();
    ctx.peakRss.set(`mixed-load ${dialectName}`, server.peakRss());
    await server.stop();
  }
}

async function run(ctx: BenchContext): Promise<void> {
  console.log(`  workload per turn of 10: 7 public reads (/api/videos, /api/blog, a post, today's devotional, a video, a post's comments, a search), 2 signed-in writes (a comment, a completion; each with an Idempotency-Key), 1 session read (/api/auth/me)`);
  console.log(`  open loop: ${int(OFFERED_RATE)} req/s offered over ${OPEN_LOOP_CONNECTIONS} connections; closed loop: ${CLOSED_LOOP_CONNECTIONS} connections; autocannon in the bench's process, on loopback`);
  const sqlite = await createBenchDatabase({ ...ctx, dialect: 'sqlite' }, 'mixed-load');
  await runOn(ctx, sqlite, 'SQLite');
  if (ctx.adminUrl) await runOn(ctx, await createBenchDatabase({ ...ctx, dialect: 'pg' }, 'mixed-load'), 'PostgreSQL');
  else console.log('  PostgreSQL: not run (DATABASE_URL=postgres://… runs it beside SQLite)');
}

export const mixedLoad: BenchSection = { name: 'mixed-load', title: "Mixed load: a busy day's reads and writes, open and closed loop", run };
