// Lighthouse 11 (mobile preset: simulated slow 4G and 4× CPU slowdown) on the production build,
// in Debian's chromium, a first visit: the home page, a post, /videos and a watch page. The
// headline is Lighthouse's plain run, as a reader's browser gets it: the median of 5 runs (by
// performance score), each started on idle cores (bench/lib/quiet-machine.ts), no process raised.
// The targets (docs/decisions/005): performance ≥ 0.95, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.02, SEO 1.00;
// accessibility and best practices 1.00 and every automated PWA audit passing. Printed, never
// asserted. Below the headline, as diagnostics: the TBT of 5 runs with the page's renderer ahead
// of the harness for the CPU (bench/lib/renderer-priority.ts: what a phone's dedicated cores would
// give, which this shared 2-core machine lacks), and the blocking time the page's own code causes,
// from thread CPU time rather than wall-clock time (bench/lib/cpu-blocking.ts). The server runs at
// nice 10 (see run()): a phone does not share its CPU with the site's server.
import path from 'node:path';
import type { Result } from 'lighthouse';
import { launchDebugChromium } from '#e2e/support/debug-chromium';
import { copyOfDist } from '#e2e/support/dist';
import { runLighthouse } from '#e2e/support/lighthouse';
import type { BenchContext, BenchSection } from '../lib/context';
import { cpuBlockingTime } from '../lib/cpu-blocking';
import { quietMachine } from '../lib/quiet-machine';
import { prioritizeRenderers } from '../lib/renderer-priority';
import { createBenchDatabase } from '../lib/database';
import { percentile, table } from '../lib/format';
import { startChild } from '../lib/processes';
import { appServerEnv } from './shared';

const PAGES = ['/', '/blog/1', '/videos', '/watch/1'];
const SERVER_NICENESS = 10;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo', 'pwa'];
/**
 * Runs after a failure of Lighthouse's own: NO_NAVSTART (no navigationStart in the trace) came in
 * 5 of 28 runs of one bench with the renderer first, 1 of 15 once the tracing service ran beside it
 * (renderer-priority.ts); two retries, as in the tests, would leave a page without a figure too often.
 */
const RETRIES = 4;

const score = (lhr: Result, category: string): number | null => lhr.categories[category]?.score ?? null;
const fmt = (value: number | null) => (value === null ? 'n/a' : value.toFixed(2));
const numeric = (lhr: Result, id: string): number | null => lhr.audits[id]?.numericValue ?? null;

/** Every automated PWA audit of Lighthouse 11 passes (manual ones have no weight). */
function pwaPasses(lhr: Result): string {
  const pwa = lhr.categories.pwa;
  if (!pwa) return 'n/a';
  const failing = pwa.auditRefs.map((ref) => lhr.audits[ref.id]!).filter((a) => a.scoreDisplayMode === 'binary' && a.score !== 1);
  return failing.length ? `fails: ${failing.map((a) => a.id).join(', ')}` : 'pass';
}

const tbtOf = (lhr: Result) => numeric(lhr, 'total-blocking-time');
const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 50);
/** How far one page's runs spread: on this shared machine the median alone hides it. */
const rangeOf = (values: number[]) => (values.length ? `${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))} ms` : 'n/a');

interface RunOutcome {
  lhr: Result;
  waitedMs: number;
  /** Whether the page's renderer ran ahead of the harness (asked for, and allowed). */
  rendererFirst: boolean;
}

/**
 * One Lighthouse run: a first visit in a browser of its own (no service worker or cache carries
 * over), started once the browser's own start, the previous run's teardown and the server's work
 * are over; with `rendererFirst`, the page's renderer is ahead of the harness for the CPU.
 */
async function lighthouseRun(url: string, rendererFirst: boolean): Promise<RunOutcome> {
  const chromium = await launchDebugChromium();
  try {
    const waitedMs = await quietMachine();
    const priority = rendererFirst ? prioritizeRenderers(chromium.pid) : null;
    try {
      const lhr = await runLighthouse(url, chromium.port, CATEGORIES, { retries: RETRIES });
      return { lhr, waitedMs, rendererFirst: priority?.applied ?? false };
    } finally {
      priority?.stop();
    }
  } finally {
    await chromium.close();
  }
}

async function run(ctx: BenchContext): Promise<void> {
  // The headline's plain runs, each started on idle cores; the renderer-first runs, interleaved
  // with them, are a diagnostic (on this shared machine one page's TBT once ranged 214-719 ms over
  // five runs, most of it the page waiting for a core behind the harness).
  const runs = ctx.quick ? 1 : 5;
  const prioritizedRuns = ctx.quick ? 1 : 5;
  let waitedMs = 0;
  let refused = 0;
  const distDir = path.join(ctx.tmpDir, 'lighthouse-dist');
  await copyOfDist(distDir);
  const database = await createBenchDatabase(ctx, 'lighthouse');
  // The server runs at a lower priority than the browser. A phone does not share its CPU with the
  // site's server, but here both share two cores with Lighthouse, and Lighthouse's simulated
  // blocking time is the wall-clock length of the page's tasks × 4: while the server answered the
  // page's requests (about 150 ms of its CPU per first visit), the page's main thread waited for a
  // core, and that wait was counted as the page's blocking time (interleaved, median of 5, the same
  // build: TBT 256 → 134 ms on / and 336 → 212 ms on a post with the server at nice 19).
  // The server's own speed is measured in the api-throughput and server-render sections.
  const app = await startChild('app', 'app-server.ts', { env: { ...appServerEnv(ctx, database.url, { seed: true }), DIST_DIR: distDir }, niceness: SERVER_NICENESS });
  try {
    const rows: string[][] = [];
    for (const page of PAGES) {
      const url = `${app.url}${page}`;
      const results: Result[] = [];
      const prioritized: number[] = [];
      for (let i = 0; i < Math.max(runs, prioritizedRuns); i += 1) {
        if (i < runs) {
          const outcome = await lighthouseRun(url, false);
          waitedMs += outcome.waitedMs;
          results.push(outcome.lhr);
        }
        if (i < prioritizedRuns) {
          const outcome = await lighthouseRun(url, true);
          waitedMs += outcome.waitedMs;
          if (!outcome.rendererFirst) refused += 1;
          const tbt = tbtOf(outcome.lhr);
          if (tbt !== null) prioritized.push(tbt);
        }
      }
      // Worst to best: by performance score, and among runs of the same score by blocking time (the
      // score is rounded, so most runs tie, and the median run was once the one of the highest TBT).
      results.sort((a, b) => (score(a, 'performance') ?? 0) - (score(b, 'performance') ?? 0) || (tbtOf(b) ?? 0) - (tbtOf(a) ?? 0));
      const cpu: number[] = [];
      for (let i = 0; i < prioritizedRuns; i += 1) cpu.push(await cpuBlockingTime(url));
      const lhr = results[Math.floor(results.length / 2)]!;
      const perf = score(lhr, 'performance');
      const lcp = numeric(lhr, 'largest-contentful-paint');
      const tbt = tbtOf(lhr);
      const tbtRange = rangeOf(results.map(tbtOf).filter((v): v is number => v !== null));
      const prioritizedTbt = prioritized.length ? `${Math.round(median(prioritized))} ms (${rangeOf(prioritized)})` : 'n/a';
      const cls = numeric(lhr, 'cumulative-layout-shift');
      const seo = score(lhr, 'seo');
      const met =
        (perf ?? 0) >= 0.95 && lcp !== null && lcp <= 2500 && tbt !== null && tbt <= 200 && cls !== null && cls <= 0.02 && seo === 1
          ? 'targets met'
          : 'below target';
      const a11y = score(lhr, 'accessibility');
      const bp = score(lhr, 'best-practices');
      const cpuTbt = `${Math.round(median(cpu))} ms`;
      rows.push([
        page,
        fmt(perf),
        lcp === null ? 'n/a' : `${(lcp / 1000).toFixed(1)} s`,
        tbt === null ? 'n/a' : `${Math.round(tbt)} ms`,
        tbtRange,
        prioritizedTbt,
        cls === null ? 'n/a' : cls.toFixed(3),
        fmt(seo),
        fmt(a11y),
        fmt(bp),
        pwaPasses(lhr),
        met,
        cpuTbt,
      ]);
      ctx.summary.push({
        section: 'lighthouse',
        label: `${page} (median of ${runs} plain runs)`,
        value: `performance ${fmt(perf)}, LCP ${lcp === null ? 'n/a' : `${(lcp / 1000).toFixed(1)} s`}, TBT ${tbt === null ? 'n/a' : `${Math.round(tbt)} ms`} (runs ${tbtRange}; diagnostic, renderer first: ${prioritizedTbt}), CLS ${cls?.toFixed(3) ?? 'n/a'}, SEO ${fmt(seo)}, TBT from CPU time ${cpuTbt}, a11y ${fmt(a11y)}, best practices ${fmt(bp)}, PWA ${pwaPasses(lhr)}`,
        verdict: met,
      });
    }
    console.log(`The app server ran at nice ${SERVER_NICENESS}, below the browser and Lighthouse (a phone does not share its CPU with the server).`);
    console.log(
      refused
        ? `Diagnostic: the page's renderer could not be put ahead of the harness in ${refused} of ${prioritizedRuns * PAGES.length} runs (raising a priority needs root or CAP_SYS_NICE): those ran as the machine is.`
        : "The figures are Lighthouse's plain runs, no process raised. Diagnostic only: in the 'renderer first' runs the page's renderer ran at nice -10, ahead of the harness (chromium's browser process, tracing and compositor, Lighthouse, the server), as a phone's dedicated cores would let it.",
    );
    console.log(`Each run started once the cores were 90 % idle over a second (waited ${(waitedMs / 1000).toFixed(0)} s in all).`);
    console.log(
      table(
        ['page', 'performance', 'LCP', 'TBT', 'TBT of the runs', 'TBT, renderer first (diagnostic)', 'CLS', 'SEO', 'a11y', 'best pr.', 'PWA audits', 'perf ≥ 0.95, LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.02, SEO 1', 'TBT from CPU time ×4'],
        rows,
      ),
    );
  } finally {
    await app.stop();
  }
}

export const lighthouseSection: BenchSection = { name: 'lighthouse', title: 'Lighthouse (mobile, first visit): performance, SEO, accessibility, best practices, PWA', run };
