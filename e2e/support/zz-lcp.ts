import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
const url = process.argv[2]!;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
const page = await ctx.newPage();
await page.addInitScript(() => {
  (window as any).__lcp = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries() as any[]) (window as any).__lcp.push(`${Math.round(e.startTime)} size=${e.size} ${e.element?.tagName}.${String(e.element?.className).slice(0, 60)} "${String(e.element?.textContent).slice(0, 50)}" ${e.url ?? ''}`); }).observe({ type: 'largest-contentful-paint', buffered: true });
});
await page.goto(url);
await page.waitForTimeout(6000);
console.log((await page.evaluate(() => (window as any).__lcp)).join('\n'));
await page.screenshot({ path: '/tmp/lh/shot.png' });
await browser.close();
