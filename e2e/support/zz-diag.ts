import { launchDebugChromium } from './debug-chromium';
import { runLighthouse } from './lighthouse';
const url = process.argv[2]!;
const n = Number(process.argv[3] ?? 1);
for (let i = 0; i < n; i++) {
  const c = await launchDebugChromium();
  try {
    const lhr = await runLighthouse(url, c.port, ['performance']);
    const a = lhr.audits;
    const num = (id: string) => a[id]?.numericValue;
    console.log(`bi ${lhr.environment.benchmarkIndex} perf ${lhr.categories.performance!.score} FCP ${Math.round(num('first-contentful-paint')!)} LCP ${Math.round(num('largest-contentful-paint')!)} TBT ${Math.round(num('total-blocking-time')!)} SI ${Math.round(num('speed-index')!)} CLS ${num('cumulative-layout-shift')?.toFixed(3)}`);
    if (process.env.DETAIL) {
      const lt = a['long-tasks']?.details as any;
      for (const it of lt?.items ?? []) console.log('  long task', Math.round(it.duration), it.startTime && Math.round(it.startTime), it.url);
      const bt = a['bootup-time']?.details as any;
      for (const it of (bt?.items ?? []).slice(0, 8)) console.log('  bootup', Math.round(it.total), Math.round(it.scripting), it.url);
      const mt = a['mainthread-work-breakdown']?.details as any;
      for (const it of mt?.items ?? []) console.log('  main', it.group, Math.round(it.duration));
      const lcpEl = (a["largest-contentful-paint-element"] as any)?.details;
      console.log("  audits", Object.keys(a).filter((k) => /largest|lcp/.test(k)).join(","), String(JSON.stringify(a["largest-contentful-paint-element"])).slice(0, 900));
      if (0) console.log("  LCP breakdown", JSON.stringify((a['lcp-lazy-loaded'] as any)?.score), JSON.stringify((lhr.audits['largest-contentful-paint-element'] as any)?.details?.items?.[1]).slice(0, 500));
      const rb = a['render-blocking-resources']?.details as any;
      for (const it of rb?.items ?? []) console.log('  blocking', it.url, Math.round(it.wastedMs));
      const nr = a['network-requests']?.details as any;
      for (const it of nr?.items ?? []) console.log('  req', Math.round(it.networkRequestTime ?? it.startTime), Math.round(it.networkEndTime ?? it.endTime), it.transferSize, it.url.replace(/^http:\/\/[^/]+/, ''));
    }
  } finally { await c.close(); }
}
