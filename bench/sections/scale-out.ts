// Read throughput of the real server with WEB_CONCURRENCY=1 (one process) and 2 (a primary and two
// workers on one port, api/cluster.ts), same seeded database, same default settings (public cache
// on). What a second worker buys depends on the cores left over: autocannon shares this machine.
import type { BenchContext, BenchSection } from '../lib/context';
import { createBenchDatabase } from '../lib/database';
import { int, ms, table } from '../lib/format';
import { load } from '../lib/load';
import { startChild } from '../lib/processes';
import { appServerEnv } from './shared';

const ENDPOINTS = ['/api/videos', '/api/blog'];
const CONCURRENCY = [1, 2];

async function run(ctx: BenchContext): Promise<void> {
  const connections = 50;
  const seconds = ctx.quick ? 2 : 5;
  const warmupSeconds = ctx.quick ? 0.5 : 1;
  const database = await createBenchDatabase(ctx, 'scaleout');
  console.log(`  autocannon: ${connections} connections, ${warmupSeconds} s warm-up + ${seconds} s per run; ${ctx.dialect === 'pg' ? 'PostgreSQL' : 'one SQLite file'}`);
  const results = new Map<string, { reqPerSec: number; p99: number; failed: number }>();
  for (const n of CONCURRENCY) {
    const started = performance.now();
    const server = await startChild(`web-${n}`, 'cluster-server.ts', { env: { ...appServerEnv(ctx, database.url, { seed: true }), WEB_CONCURRENCY: String(n) } });
    try {
      console.log(`  WEB_CONCURRENCY=${n}: serving at ${server.url} after ${((performance.now() - started) / 1000).toFixed(1)} s`);
      for (const endpoint of ENDPOINTS) {
        const r = await load(server.url + endpoint, { connections, seconds, warmupSeconds });
        results.set(`${n} ${endpoint}`, { reqPerSec: r.reqPerSec, p99: r.p99, failed: r.non2xx + r.errors + r.timeouts });
      }
    } finally {
      await server.stop();
    }
  }
  const rows = ENDPOINTS.map((endpoint) => {
    const one = results.get(`1 ${endpoint}`)!;
    const two = results.get(`2 ${endpoint}`)!;
    const gain = two.reqPerSec / one.reqPerSec;
    ctx.summary.push({ section: 'scale-out', label: `${endpoint} WEB_CONCURRENCY 1 → 2`, value: `${int(one.reqPerSec)} → ${int(two.reqPerSec)} req/s (×${gain.toFixed(2)}), p99 ${ms(one.p99)} → ${ms(two.p99)}` });
    const failures = one.failed + two.failed ? `${one.failed} / ${two.failed}` : '0';
    return [endpoint, int(one.reqPerSec), ms(one.p99), int(two.reqPerSec), ms(two.p99), `×${gain.toFixed(2)}`, failures];
  });
  console.log();
  console.log(table(['endpoint', '1 process req/s', 'p99', '2 workers req/s', 'p99', '2 vs 1', 'failed (1 / 2)'], rows));
}

export const scaleOut: BenchSection = { name: 'scale-out', title: 'Read throughput with WEB_CONCURRENCY=1 and 2', run };
