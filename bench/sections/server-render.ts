// Server rendering throughput (docs/decisions/007): an anonymous /blog/{id} as HTML, answered from the
// render cache (the public cache, as the app runs by default) and rendered every time (the cache
// off), beside the same post's JSON from the API. Then the headline: `/` and a post's cached HTML
// asked compressed (gzip, then br) by 50 connections for several expiries of the cache, against a
// bare node:http server sending the very same compressed bytes, the two in turns. Printed, never
// asserted.
import fs from 'node:fs';
import path from 'node:path';
import { copyOfDist } from '#e2e/support/dist';
import type { RecordedResponse } from '../bare-server';
import type { BenchContext, BenchSection } from '../lib/context';
import { createBenchDatabase } from '../lib/database';
import { int, kb, ms, pct, table } from '../lib/format';
import { rawGet } from '../lib/http';
import { load, type LoadResult } from '../lib/load';
import { startChild, type ChildServer } from '../lib/processes';
import { appServerEnv } from './shared';

const POST = '/blog/1';
/** The compressed headline's pages, and what it aims for against the bare server. */
const PAGES = ['/', POST];
const AIM_RATIO = 0.8;
const AIM_P99_MS = 20;
/** App and bare server take turns this many times for each page and encoding (see `againstBare`). */
const ROUNDS = 3;

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
    await againstBare(ctx, cached);
  } finally {
    await cached.stop();
    await uncached.stop();
  }
}

/**
 * The cached pages as a browser asks for them (compressed), under 50 connections, against a bare
 * node:http server sending the bytes the app sent: what the app costs beyond writing them. Each
 * run of 4 s or more crosses several expiries of the cache (PUBLIC_CACHE_MS, 1 s by default), so
 * the renders that refill it are in the figures, p99 above all.
 *
 * The load generator shares the two cores with the server, and other work on the machine comes
 * and goes: one run of each side gave ratios from 0.7 to 1.3 for the same code. So the app and
 * the bare server take turns, `ROUNDS` runs each, and the figures are the medians of the runs
 * (the ratio is that of the medians), with the range of the per-round ratios beside them.
 */
async function againstBare(ctx: BenchContext, app: ChildServer): Promise<void> {
  const connections = 50;
  const rounds = ctx.quick ? 1 : ROUNDS;
  const seconds = ctx.quick ? 2 : 4;
  const warmupSeconds = ctx.quick ? 0.5 : 1;
  const encodings = ['gzip', 'br'];
  const recorded: RecordedResponse[] = [];
  console.log();
  for (const encoding of encodings) {
    for (const page of PAGES) {
      const headers = { accept: 'text/html', 'accept-encoding': encoding };
      // The second answer is the cache's own (the first may be a miss, compressed by koa-compress).
      await rawGet(app.url + page, headers);
      const res = await rawGet(app.url + page, headers);
      recorded.push({ path: `/${encoding}${page}`, status: res.status, contentType: res.contentType, contentEncoding: res.contentEncoding || undefined, bodyBase64: res.body.toString('base64') });
      console.log(`  ${page} with Accept-Encoding: ${encoding}: ${res.status}, ${res.contentEncoding || 'not encoded'}, ${kb(res.body.length)}`);
    }
  }
  const file = path.join(ctx.tmpDir, 'server-render-compressed.json');
  fs.writeFileSync(file, JSON.stringify(recorded));
  const bare = await startChild('bare', 'bare-server.ts', { args: [file], env: { HOST: '127.0.0.1', PORT: '0' } });
  try {
    console.log(
      `  autocannon: ${connections} connections, ${warmupSeconds} s warm-up + ${seconds} s per run, app and bare server in turns, ${rounds} runs each; the bare server sends the bytes recorded above`,
    );
    const rows: string[][] = [];
    for (const encoding of encodings) {
      for (const page of PAGES) {
        const opts = { connections, seconds, warmupSeconds, accept: 'text/html', acceptEncoding: encoding };
        const apps: LoadResult[] = [];
        const bares: LoadResult[] = [];
        for (let round = 0; round < rounds; round += 1) {
          apps.push(await load(app.url + page, { ...opts, serverPid: app.pid }));
          bares.push(await load(`${bare.url}/${encoding}${page}`, { ...opts, serverPid: bare.pid }));
        }
        const a = medianOf(apps);
        const b = medianOf(bares);
        const ratio = a.reqPerSec / b.reqPerSec;
        const ratios = apps.map((run, i) => run.reqPerSec / bares[i]!.reqPerSec).sort((x, y) => x - y);
        const spread = rounds > 1 ? `${ratios[0]!.toFixed(2)}-${ratios.at(-1)!.toFixed(2)}` : '';
        const worstP99 = Math.max(...apps.map((run) => run.p99));
        const met = [ratio >= AIM_RATIO ? `≥ ${AIM_RATIO}×` : '', a.p99 <= AIM_P99_MS ? `p99 ≤ ${AIM_P99_MS} ms` : ''].filter(Boolean).join(', ');
        const failed = apps.reduce((sum, run) => sum + run.non2xx + run.errors + run.timeouts, 0);
        const name = `${page} ${encoding}`;
        rows.push([name, int(a.reqPerSec), ms(a.p50), ms(a.p99), ms(worstP99), pct(a.serverCpuPercent), int(b.reqPerSec), ms(b.p50), ms(b.p99), ratio.toFixed(2), spread, met || 'neither', failed ? `${failed} failed` : 'all 2xx']);
        ctx.summary.push({
          section: 'server-render',
          label: `${name} HTML app/bare`,
          value: `${int(a.reqPerSec)} / ${int(b.reqPerSec)} req/s = ${ratio.toFixed(2)}${spread ? ` (rounds ${spread})` : ''}, app p50 ${ms(a.p50)} p99 ${ms(a.p99)} (worst run ${ms(worstP99)}), bare p99 ${ms(b.p99)}`,
          verdict: met || `below ${AIM_RATIO}× and p99 over ${AIM_P99_MS} ms`,
        });
      }
    }
    console.log();
    console.log(
      table(['page, encoding', 'app req/s', 'app p50', 'app p99', 'worst p99', 'app cpu', 'bare req/s', 'bare p50', 'bare p99', 'app/bare', 'per round', 'aims met', 'app answers'], rows),
    );
    console.log(`  medians of ${rounds} runs each; aims: app/bare ≥ ${AIM_RATIO}, app p99 ≤ ${AIM_P99_MS} ms (printed, not asserted).`);
  } finally {
    await bare.stop();
  }
}

/** The median run's figures, each taken on its own (req/s, p50, p99, CPU). */
function medianOf(runs: LoadResult[]): Pick<LoadResult, 'reqPerSec' | 'p50' | 'p99' | 'serverCpuPercent'> {
  const mid = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
  const cpu = runs.map((run) => run.serverCpuPercent).filter((v): v is number => v !== null);
  return { reqPerSec: mid(runs.map((run) => run.reqPerSec)), p50: mid(runs.map((run) => run.p50)), p99: mid(runs.map((run) => run.p99)), serverCpuPercent: cpu.length ? mid(cpu) : null };
}

export const serverRender: BenchSection = { name: 'server-render', title: 'Server rendering: a post as HTML, cached and not, beside its JSON', run };
