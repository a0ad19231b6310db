// Proxy of Lighthouse's simulated TBT, robust to a busy machine: each main-thread task's CPU time
// (tdur, not wall time) × 4, over tasks after the first contentful paint; median of N loads.
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
const url = process.argv[2]!;
const n = Number(process.argv[3] ?? 3);
const results: number[] = [];
for (let run = 0; run < n; run++) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await ctx.newPage();
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'] });
  await page.goto(url);
  await page.waitForTimeout(Number(process.env.WAIT ?? 7000));
  const buf = await browser.stopTracing();
  await browser.close();
  const events = JSON.parse(buf.toString()).traceEvents as any[];
  const t0 = Math.min(...events.filter((e) => e.name === 'navigationStart').map((e) => e.ts));
  const counts = new Map<string, number>();
  for (const e of events) if (e.name === 'RunTask' && e.dur > 1000) counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
  const main = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
  const mine = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const fcpEv = events.find((e) => e.name === 'firstContentfulPaint');
  const fcp = fcpEv ? fcpEv.ts : t0;
  let tbt = 0;
  const lines: string[] = [];
  for (const t of mine.filter((e) => e.name === 'RunTask' && e.ts >= fcp)) {
    const cpu = (t.tdur ?? t.dur) / 1000 * 4;
    if (cpu <= 50) continue;
    tbt += cpu - 50;
    if (process.env.DETAIL) {
      const inner = mine.filter((e) => e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e !== t);
      const sum = new Map<string, number>();
      for (const e of inner) {
        const k = e.name === 'FunctionCall' || e.name === 'EvaluateScript' ? `${e.name} ${(e.args?.data?.url ?? '').replace(/^https?:\/\/[^/]+/, '').slice(0, 40)}${e.args?.data?.functionName ? ' ' + e.args.data.functionName : ''}` : e.name;
        sum.set(k, (sum.get(k) ?? 0) + (e.tdur ?? e.dur) * 4);
      }
      lines.push(`${((t.ts - t0) / 1000).toFixed(0).padStart(6)} ${cpu.toFixed(0).padStart(4)}  ${[...sum].filter(([k]) => !/^V8\.|RunTask/.test(k)).sort((a, b) => b[1] - a[1]).slice(0, 5).map(([k, v]) => `${k}=${(v / 1000).toFixed(0)}`).join(' | ')}`);
    }
  }
  if (process.env.DETAIL) console.log(lines.join('\n'));
  results.push(tbt);
  console.log(`run ${run + 1}: FCP ${((fcp - t0) / 1000).toFixed(0)} ms, TBT×4 (CPU time) ${tbt.toFixed(0)} ms`);
}
results.sort((a, b) => a - b);
console.log(`median TBT×4 ${results[Math.floor(results.length / 2)]!.toFixed(0)} ms`);
