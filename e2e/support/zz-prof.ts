import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
const url = process.argv[2]!;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await page.addInitScript(() => {
  (window as any).__lt = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) (window as any).__lt.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
});
await cdp.send('Profiler.start');
const t0 = Date.now();
await page.goto(url);
await page.waitForTimeout(Number(process.env.WAIT ?? 8000));
const { profile } = await cdp.send('Profiler.stop') as any;
console.log('longtasks', JSON.stringify(await page.evaluate(() => (window as any).__lt)));
const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
console.log('fcp', fcp);
await browser.close();
// self time per node
const nodes = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]));
const self = new Map<number, number>();
for (let i = 0; i < profile.samples.length; i++) self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
const maps = new Map<string, SourceMapConsumer | null>();
function mapOf(u: string) {
  if (!maps.has(u)) {
    const m = /\/assets\/(.*\.js)$/.exec(u);
    const f = m && `dist/assets/${m[1]}.map`;
    maps.set(u, f && fs.existsSync(f) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(f, 'utf8'))) : null);
  }
  return maps.get(u)!;
}
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const underEval = (id: number) => { for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) { const cf = nodes.get(x).callFrame; if (cf.functionName === '' && cf.lineNumber === 0 && cf.columnNumber === 0 && cf.url.endsWith('.js')) return true; } return false; };
const byFile = new Map<string, number>(); const byFn = new Map<string, number>();
for (const [id, us] of self) {
  if (process.env.EVAL && !underEval(id)) continue;
  const cf = nodes.get(id).callFrame;
  let file = cf.url ? cf.url.replace(/^https?:\/\/[^/]+/, '') : `(${cf.functionName || 'native'})`;
  let fn = cf.functionName;
  const m = cf.url && mapOf(cf.url);
  if (m) { const p = m.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber }); if (p.source) { file = p.source.replace(/.*node_modules\//, 'nm/').replace(/^\.\.\//, ''); fn = p.name ?? fn; } }
  byFile.set(file, (byFile.get(file) ?? 0) + us); byFn.set(`${fn} @ ${file}`, (byFn.get(`${fn} @ ${file}`) ?? 0) + us);
}
const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${(v / 1000).toFixed(1).padStart(7)} ms  ${k}`).join('\n');
console.log('== by file\n' + top(byFile, 25)); console.log('== by function\n' + top(byFn, 40));
