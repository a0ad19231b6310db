import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
const url = process.argv[2]!;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.RATE ?? 4) });
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8.execute'] });
await page.goto(url);
await page.waitForTimeout(Number(process.env.WAIT ?? 8000));
const buf = await browser.stopTracing();
await browser.close();
const events = JSON.parse(buf.toString()).traceEvents as any[];
const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'TracingStartedInBrowser');
const t0 = Math.min(...events.filter((e) => e.ts > 0 && e.name === 'navigationStart').map((e) => e.ts));
// main thread = thread of the renderer with most RunTask
const counts = new Map<string, number>();
for (const e of events) if (e.name === 'RunTask' && e.dur > 1000) counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
const main = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
const mine = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X').sort((a, b) => a.ts - b.ts);
const tasks = mine.filter((e) => e.name === 'RunTask' && e.dur >= 50000 / 4 * (Number(process.env.RATE ?? 4) / 4) * 4 / 4);
let tbt = 0;
for (const t of tasks) {
  if (t.dur < 50000) continue;
  const inner = mine.filter((e) => e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e !== t);
  const sum = new Map<string, number>();
  for (const e of inner) {
    const k = e.name === 'FunctionCall' || e.name === 'EvaluateScript' || e.name === 'v8.compile' ? `${e.name} ${(e.args?.data?.url ?? '').replace(/^https?:\/\/[^/]+/, '')}${e.args?.data?.functionName ? ' ' + e.args.data.functionName : ''}` : e.name;
    sum.set(k, (sum.get(k) ?? 0) + e.dur);
  }
  const top = [...sum].filter(([k]) => !['RunTask'].includes(k)).sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k}=${(v / 1000).toFixed(0)}`).join(' | ');
  tbt += t.dur / 1000 - 50;
  console.log(`${((t.ts - t0) / 1000).toFixed(0).padStart(6)} ms  ${(t.dur / 1000).toFixed(0).padStart(4)} ms  ${top}`);
}
const fcp = events.find((e) => e.name === 'firstContentfulPaint');
console.log('FCP', fcp && ((fcp.ts - t0) / 1000).toFixed(0), 'sum(task-50) all long tasks', tbt.toFixed(0));
