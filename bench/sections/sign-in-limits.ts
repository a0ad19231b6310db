// The cost of database-backed rate limiting on sign-in (docs/decisions/009): POST /api/auth/login against
// the real server with its limiter (limits set out of reach, so nothing is refused and every
// attempt pays for its counter updates: one per address, one per account), beside the same server
// without the limiter (BENCH_RATE_LIMITS=off), in the same run. Two workloads: a wrong password
// (the whole sign-in, scrypt included: what a guesser costs) and a request without a password
// (400 before any hashing: what is left is mostly the limiter and the framework).
import autocannon from 'autocannon';
import type { BenchContext, BenchSection } from '../lib/context';
import { createBenchDatabase } from '../lib/database';
import { int, ms, pct, table } from '../lib/format';
import { procCpuSeconds, startChild, type ChildServer } from '../lib/processes';
import { appServerEnv } from './shared';

const WORKLOADS = [
  { name: 'wrong password (401)', body: { username: 'bench_guess', password: 'Wrong-password1' }, status: 401 },
  { name: 'no password (400)', body: { username: 'bench_guess' }, status: 400 },
];

interface Figures {
  reqPerSec: number;
  p99: number;
  unexpected: number;
  serverCpuPercent: number | null;
}

function once(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err: Error | null, result: autocannon.Result) => (err ? reject(err) : resolve(result)));
  });
}

async function post(server: ChildServer, body: unknown, expected: number, opts: { connections: number; seconds: number; warmupSeconds: number }): Promise<Figures> {
  const base: autocannon.Options = {
    url: `${server.url}/api/auth/login`,
    method: 'POST',
    connections: opts.connections,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    timeout: 10,
  };
  if (opts.warmupSeconds > 0) await once({ ...base, duration: opts.warmupSeconds });
  const cpu0 = procCpuSeconds(server.pid);
  const t0 = performance.now();
  const r = await once({ ...base, duration: opts.seconds });
  const elapsed = (performance.now() - t0) / 1000;
  const cpu1 = procCpuSeconds(server.pid);
  // autocannon stops with attempts still queued in the server; one more answers after them, so the
  // next run (or the stop) starts idle.
  await fetch(base.url!, { method: 'POST', headers: { 'content-type': 'application/json' }, body: base.body as string }).then((res) => res.arrayBuffer());
  const matching = (r.statusCodeStats as Record<string, { count: number } | undefined>)[String(expected)]?.count ?? 0;
  return {
    reqPerSec: r.requests.average,
    p99: r.latency.p99,
    unexpected: r.requests.total - matching + r.errors + r.timeouts,
    serverCpuPercent: cpu0 === null || cpu1 === null ? null : ((cpu1 - cpu0) / elapsed) * 100,
  };
}

async function run(ctx: BenchContext): Promise<void> {
  const connections = 10;
  const seconds = ctx.quick ? 2 : 5;
  const warmupSeconds = ctx.quick ? 0.5 : 1;
  const limitsOutOfReach = { AUTH_RATE_LIMIT: '1000000000', LOGIN_ACCOUNT_RATE_LIMIT: '1000000000' };

  const limitedDb = await createBenchDatabase(ctx, 'signin_limited');
  const plainDb = await createBenchDatabase(ctx, 'signin_plain');
  const limited = await startChild('limited', 'app-server.ts', { env: { ...appServerEnv(ctx, limitedDb.url, { seed: false }), ...limitsOutOfReach } });
  const plain = await startChild('plain', 'app-server.ts', { env: { ...appServerEnv(ctx, plainDb.url, { seed: false }), BENCH_RATE_LIMITS: 'off' } });
  try {
    console.log(`  with limiter: pid ${limited.pid} at ${limited.url}; without: pid ${plain.pid} at ${plain.url}`);
    console.log(`  autocannon: ${connections} connections, ${warmupSeconds} s warm-up + ${seconds} s per run, one address and one account (every attempt updates the same two rows)`);
    const rows: string[][] = [];
    for (const workload of WORKLOADS) {
      const off = await post(plain, workload.body, workload.status, { connections, seconds, warmupSeconds });
      const on = await post(limited, workload.body, workload.status, { connections, seconds, warmupSeconds });
      const ratio = on.reqPerSec / off.reqPerSec;
      rows.push([workload.name, int(off.reqPerSec), ms(off.p99), pct(off.serverCpuPercent), int(on.reqPerSec), ms(on.p99), pct(on.serverCpuPercent), ratio.toFixed(2)]);
      for (const [label, f] of [['without', off], ['with', on]] as const) {
        if (f.unexpected) console.log(`  ! ${workload.name} ${label} limiter: ${int(f.unexpected)} answers other than ${workload.status} (or errors)`);
      }
      ctx.summary.push({
        section: 'sign-in-limits',
        label: `login ${workload.name}`,
        value: `${int(on.reqPerSec)} req/s p99 ${ms(on.p99)} with the limiter, ${int(off.reqPerSec)} req/s p99 ${ms(off.p99)} without (${ratio.toFixed(2)})`,
      });
    }
    console.log();
    console.log(table(['POST /api/auth/login', 'no limiter req/s', 'p99', 'cpu', 'limiter req/s', 'p99', 'cpu', 'with/without'], rows));
    console.log('  limiter: two counter upserts per attempt in the database (address and account); cpu: the server process (100% = one core).');
  } finally {
    await Promise.all([limited.stop(), plain.stop()]);
  }
}

export const signInLimits: BenchSection = { name: 'sign-in-limits', title: 'Sign-in with and without the database rate limiter', run };
