import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
const url = process.argv[2]!;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'blink.console'] });
await page.goto(url);
await page.waitForTimeout(Number(process.env.WAIT ?? 8000));
const buf = await browser.stopTracing();
await browser.close();
const events = JSON.parse(buf.toString()).traceEvents as any[];
const t0 = Math.min(...events.filter((e) => e.name === 'navigationStart').map((e) => e.ts));
const counts = new Map<string, number>();
for (const e of events) if (e.name === 'RunTask' && e.dur > 1000) counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
const main = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
const mine = events.filter((e) => `${e.pid}:${e.tid}` === main);
const stamps = mine.filter((e) => e.name === 'TimeStamp');
if (process.env.RAW) console.log(JSON.stringify(stamps.slice(0, 5)));
const tasks = mine.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.dur >= 50000).sort((a, b) => a.ts - b.ts);
const off = (() => { const s = stamps.find((x) => x.args?.data?.end); return s ? 0 : 0; })();
for (const t of tasks) {
  const inside = stamps.filter((s) => s.ts >= t.ts && s.ts <= t.ts + t.dur + 2000);
  const labels = new Map<string, number>();
  for (const s of inside) { const d = s.args?.data ?? {}; const k = `${d.track === 'Components ⚛' ? '' : d.track + ':'}${d.message ?? d.name}`; labels.set(k, (labels.get(k) ?? 0) + (d.track === 'Components ⚛' ? (d.end - d.start) / 1000 : 0)); }
  console.log(`${((t.ts - t0) / 1000).toFixed(0).padStart(6)} ${(t.dur / 1000).toFixed(0).padStart(4)} ms  ${[...labels].filter(([k]) => !/Track$/.test(k)).sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, n]) => `${k} ${n.toFixed(0)}`).join(', ')}`);
}
