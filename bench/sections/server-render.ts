// Server rendering throughput (docs/decisions/007): an anonymous /blog/{id} as HTML, answered from the
// render cache (the public cache, as the app runs by default) and rendered every time (the cache
// off), beside the same post's JSON from the API. Printed, never asserted.
import path from 'node:path';
import { copyOfDist } from '#e2e/support/dist';
import type { BenchContext, BenchSection } from '../lib/context';
import { createBenchDatabase } from '../lib/database';
import { int, kb, ms, pct, table } from '../lib/format';
import { rawGet } from '../lib/http';
import { load } from '../lib/load';
import { startChild } from '../lib/processes';
import { appServerEnv } from './shared';

const POST = '/blog/1';

async function run(ctx: BenchContext): Promise<void> {
  const connections = 20;
  const seconds = ctx.quick ? 2 : 8;
  const warmupSeconds = ctx.quick ? 0.5 : 1.5;
  const distDir = path.join(ctx.tmpDir, 'server-render-dist');
  await copyOfDist(distDir);
  const database = await createBenchDatabase(ctx, 'server-render');
  const env = { ...appServerEnv(ctx, database.url, { seed: true }), DIST_DIR: distDir };
  const cached = await startChild('app', 'app-server.ts', { env });
  const uncached = await startChild('app', 'app-server.ts', { env: { ...env, PUBLIC_CACHE_MS: '0' } });
  try {
    const page = await rawGet(cached.url + POST, { accept: 'text/html' });
    const json = await rawGet(`${cached.url}/api${POST}`);
    console.log(`  ${POST}: ${page.status} ${page.contentType}, ${kb(page.body.length)}; /api${POST}: ${json.status}, ${kb(json.body.length)}`);
    console.log(`  autocannon: ${connections} connections, ${warmupSeconds} s warm-up + ${seconds} s per run`);
    const runs = [
      { name: `${POST} HTML, render cache hit`, server: cached, url: cached.url + POST, accept: 'text/html' },
      { name: `${POST} HTML, rendered each time`, server: uncached, url: uncached.url + POST, accept: 'text/html' },
      { name: `/api${POST} JSON (cached)`, server: cached, url: `${cached.url}/api${POST}`, accept: 'application/json' },
    ];
    const rows: string[][] = [];
    for (const r of runs) {
      const result = await load(r.url, { connections, seconds, warmupSeconds, serverPid: r.server.pid, accept: r.accept });
      const failed = result.non2xx + result.errors + result.timeouts;
      rows.push([r.name, int(result.reqPerSec), ms(result.p50), ms(result.p99), pct(result.serverCpuPercent), failed ? `${failed} failed` : 'all 2xx']);
      ctx.summary.push({ section: 'server-render', label: r.name, value: `${int(result.reqPerSec)} req/s, p99 ${ms(result.p99)}` });
    }
    console.log();
    console.log(table(['request', 'req/s', 'p50', 'p99', 'server cpu', 'answers'], rows));
  } finally {
    await cached.stop();
    await uncached.stop();
  }
}

export const serverRender: BenchSection = { name: 'server-render', title: 'Server rendering: a post as HTML, cached and not, beside its JSON', run };
