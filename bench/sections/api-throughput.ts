// API throughput: the real server (own process, seeded sample content) against a bare node:http
// server (own process) that answers the very same bytes from memory. The ratio app/bare says how
// much of the machine's HTTP capacity the app keeps after routing, middleware and the database.
import fs from 'node:fs';
import path from 'node:path';
import type { RecordedResponse } from '../bare-server';
import type { BenchContext, BenchSection } from '../lib/context';
import { createBenchDatabase } from '../lib/database';
import { int, kb, ms, pct, table } from '../lib/format';
import { rawGet } from '../lib/http';
import { load, type LoadResult } from '../lib/load';
import { startChild, type ChildServer } from '../lib/processes';
import { appServerEnv } from './shared';

const DEFAULT_ENDPOINTS = ['/api/videos', '/api/blog', '/api/devotional/today'];
const TARGET = 0.5;
const AIM = 0.8;

async function run(ctx: BenchContext): Promise<void> {
  // BENCH_ENDPOINTS=/api/a,/api/b overrides the list (to try the harness on other routes).
  const endpoints = process.env.BENCH_ENDPOINTS ? process.env.BENCH_ENDPOINTS.split(',').map((s) => s.trim()) : DEFAULT_ENDPOINTS;
  const connections = 50;
  const seconds = ctx.quick ? 2 : 8;
  const warmupSeconds = ctx.quick ? 0.5 : 1.5;

  const database = await createBenchDatabase(ctx, 'throughput');
  const started = performance.now();
  const app = await startChild('app', 'app-server.ts', { env: appServerEnv(ctx, database.url, { seed: true }) });
  let bare: ChildServer | null = null;
  try {
    console.log(`  app server pid ${app.pid} at ${app.url} (migrated and seeded in ${((performance.now() - started) / 1000).toFixed(1)} s)`);

    const recorded: RecordedResponse[] = [];
    for (const endpoint of endpoints) {
      const res = await rawGet(app.url + endpoint);
      recorded.push({ path: endpoint, status: res.status, contentType: res.contentType, bodyBase64: res.body.toString('base64') });
      const note = res.status === 200 ? '' : '  <- not 200: route missing or failing?';
      console.log(`  ${endpoint}: ${res.status} ${res.contentType || '(no content-type)'}, ${kb(res.body.length)}${note}`);
    }
    const file = path.join(ctx.tmpDir, 'recorded-responses.json');
    fs.writeFileSync(file, JSON.stringify(recorded));
    bare = await startChild('bare', 'bare-server.ts', { args: [file], env: { HOST: '127.0.0.1', PORT: '0' } });
    console.log(`  bare server pid ${bare.pid} at ${bare.url}`);
    console.log(`  autocannon: ${connections} connections, ${warmupSeconds} s warm-up + ${seconds} s per run; no Accept-Encoding sent to either server`);

    const rows: string[][] = [];
    for (const [i, endpoint] of endpoints.entries()) {
      const a = await load(app.url + endpoint, { connections, seconds, warmupSeconds, serverPid: app.pid });
      const b = await load(bare.url + endpoint, { connections, seconds, warmupSeconds, serverPid: bare.pid });
      const ratio = a.reqPerSec / b.reqPerSec;
      const verdict = ratio >= AIM ? `target ${TARGET} met (aim ${AIM} met)` : ratio >= TARGET ? `target ${TARGET} met` : 'below target';
      const status = recorded[i]!.status;
      const name = status === 200 ? endpoint : `${endpoint} (${status})`;
      rows.push([name, int(a.reqPerSec), ms(a.p99), pct(a.serverCpuPercent), int(b.reqPerSec), ms(b.p99), pct(b.clientCpuPercent), ratio.toFixed(2), verdict]);
      warnIfFailed('app', endpoint, a, status);
      warnIfFailed('bare', endpoint, b, status);
      ctx.summary.push({ section: 'api-throughput', label: `${name} app/bare`, value: `${int(a.reqPerSec)} / ${int(b.reqPerSec)} req/s = ${ratio.toFixed(2)}, app p99 ${ms(a.p99)}`, verdict });
    }
    console.log();
    console.log(table(['endpoint', 'app req/s', 'app p99', 'app cpu', 'bare req/s', 'bare p99', 'client cpu', 'app/bare', `target ≥ ${TARGET}`], rows));
    console.log('  app cpu: the app process during its run (100% = one core); client cpu: autocannon (this process) during the');
    console.log('  bare run: near 100% means the bare figure is capped by the load generator sharing the machine.');
    ctx.peakRss.set('api-throughput (seeded, under load)', app.peakRss());
  } finally {
    await Promise.all([app.stop(), bare?.stop()]);
  }
}

function warnIfFailed(server: string, endpoint: string, r: LoadResult, expectedStatus: number) {
  const unexpected = expectedStatus >= 200 && expectedStatus < 300 ? r.non2xx : 0;
  if (unexpected || r.errors || r.timeouts) {
    console.log(`  ! ${server} ${endpoint}: ${unexpected} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts of ${int(r.total)} requests`);
  }
}

export const apiThroughput: BenchSection = { name: 'api-throughput', title: 'API throughput: app vs bare node:http', run };
