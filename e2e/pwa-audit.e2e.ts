import type { Result } from 'lighthouse';
import { runLighthouse } from './support/lighthouse';
import { launchDebugChromium, type DebugChromium } from './support/debug-chromium';
import { startOwnServer, type OwnServer } from './support/own-server';

// Lighthouse 11 (the last with the PWA category) on the built app, mobile: every automated PWA
// audit passes. Performance and accessibility are printed, never asserted (a shared 2-core
// machine makes their timings noise). Its own server over a copy of dist/, so a rebuild of dist/
// by someone else cannot land in the middle of an audit.
let server: OwnServer | undefined;
let chromium: DebugChromium | undefined;
beforeAll(async () => {
  server = await startOwnServer();
  chromium = await launchDebugChromium();
});
afterAll(async () => {
  await chromium?.close();
  await server?.close();
});

/** What Lighthouse 11 lists as automated in the PWA category (manual audits have no weight). */
const EXPECTED_PWA_AUDITS = ['installable-manifest', 'splash-screen', 'themed-omnibox', 'content-width', 'viewport', 'maskable-icon'];

function audit(path: string, categories: string[]): Promise<Result> {
  return runLighthouse(`${server!.url}${path}`, chromium!.port, categories);
}

function automatedPwaAudits(lhr: Result): { id: string; score: number | null; title: string; detail: string }[] {
  const pwa = lhr.categories.pwa;
  if (!pwa) throw new Error('no PWA category in the result');
  return pwa.auditRefs
    .map((ref) => lhr.audits[ref.id]!)
    .filter((a) => a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable')
    .map((a) => ({ id: a.id, score: a.score, title: a.title, detail: a.explanation ?? a.errorMessage ?? failureReasons(a.details) }));
}

/** installable-manifest says why in its details' items (e.g. "No matching service worker detected"). */
function failureReasons(details: unknown): string {
  const items = (details as { items?: { reason?: string }[] } | undefined)?.items ?? [];
  return items.map((i) => i.reason ?? '').filter(Boolean).join('; ');
}

function printScores(path: string, lhr: Result): void {
  const scores = Object.values(lhr.categories).map((c) => `${c.title} ${c.score === null ? 'n/a' : Math.round(c.score * 100)}`);
  console.log(`[lighthouse ${lhr.lighthouseVersion}] ${path} (mobile): ${scores.join(', ')}`);
  for (const a of automatedPwaAudits(lhr)) console.log(`  ${a.score === 1 ? 'pass' : 'FAIL'}  ${a.id}${a.score === 1 ? '' : `: ${a.detail}`}`);
  if (lhr.categories.performance) {
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
    console.log(`  performance (simulated slow 4G, 4× CPU slowdown): ${metrics.map((id) => `${id} ${lhr.audits[id]?.displayValue ?? 'n/a'}`).join(', ')}`);
  }
  const a11y = lhr.categories.accessibility;
  if (a11y) {
    const failing = a11y.auditRefs.filter((ref) => lhr.audits[ref.id]?.score === 0).map((ref) => ref.id);
    if (failing.length) console.log(`  accessibility audits not passed: ${failing.join(', ')}`);
  }
}

describe('Lighthouse', () => {
  test('home: every automated PWA audit passes (performance and accessibility printed)', async () => {
    const lhr = await audit('/', ['pwa', 'performance', 'accessibility']);
    printScores('/', lhr);
    expect(lhr.lighthouseVersion).toMatch(/^11\./);
    const audits = automatedPwaAudits(lhr);
    expect(audits.map((a) => a.id).sort()).toEqual([...EXPECTED_PWA_AUDITS].sort());
    expect(audits.filter((a) => a.score !== 1).map((a) => `${a.id}: ${a.detail}`)).toEqual([]);
    expect(lhr.categories.pwa!.score).toBe(1);
  }, 180_000);

  test('a blog post (a deep link opened first): every automated PWA audit passes', async () => {
    const lhr = await audit('/blog/1', ['pwa']);
    printScores('/blog/1', lhr);
    const audits = automatedPwaAudits(lhr);
    expect(audits.filter((a) => a.score !== 1).map((a) => `${a.id}: ${a.detail}`)).toEqual([]);
    expect(lhr.categories.pwa!.score).toBe(1);
  }, 180_000);
});
