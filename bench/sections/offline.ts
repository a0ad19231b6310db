// Offline figures of the PWA in headless chromium against the real server (own process, seeded,
// serving a private copy of the production build):
// (a) reload → article text visible, offline, on a blog post seen before (the rendered page the
//     service worker kept; without one, its shell and the persisted query cache); aim ≤ 100 ms;
// (b) reconnect → 100 writes queued offline all answered 2xx by the server (outbox drain in the
//     page, in order, in batches of up to 100 through POST /api/sync/batch, each write with its own
//     Idempotency-Key: docs/decisions/020-queued-writes-in-one-request.md); aim ≤ 500 ms. The 100
//     entries are put into the app's IndexedDB outbox with the very shape the app writes (OutboxEntry
//     of pwa/offline/outbox-entry.ts), as 100 taps on Bookmark / Mark Complete / Post Comment would,
//     then the connection returns.
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#e2e/support/browser';
import { copyOfDist } from '#e2e/support/dist';
import { readStore, signUpInPage, waitForServiceWorker, type SignedInUser } from '#e2e/support/offline';
import type { OutboxEntry } from '#pwa/offline';
import type { BenchContext, BenchSection } from '../lib/context';
import { createBenchDatabase } from '../lib/database';
import { ms, percentile, table } from '../lib/format';
import { startChild } from '../lib/processes';
import { appServerEnv } from './shared';

// docs/decisions/005-what-loads-first.md: a post the service worker kept opens from its HTML.
const RELOAD_AIM_MS = 100;
const DRAIN_AIM_MS = 500;
const QUEUED = 100;

async function run(ctx: BenchContext): Promise<void> {
  const distDir = path.join(ctx.tmpDir, 'offline-dist');
  const copied = performance.now();
  await copyOfDist(distDir);
  console.log(`  production build copied to the run's temp folder (${((performance.now() - copied) / 1000).toFixed(1)} s)`);

  const database = await createBenchDatabase(ctx, 'offline');
  const app = await startChild('app', 'app-server.ts', { env: { ...appServerEnv(ctx, database.url, { seed: true }), DIST_DIR: distDir } });
  let browser: Browser | null = null;
  try {
    console.log(`  app server pid ${app.pid} at ${app.url}; chromium ${CHROMIUM_PATH}`);
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    const context = await browser.newContext({ baseURL: app.url, viewport: { width: 390, height: 844 } });
    context.setDefaultTimeout(30_000);
    // tsx compiles with esbuild's keepNames, which wraps named functions in a __name() helper that
    // exists in Node but not in the page: the functions handed to page.evaluate need it there too.
    await context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
    const page = await context.newPage();
    const user = await signUpInPage(page, `bench_${Date.now().toString(36)}`.slice(0, 20));
    await waitForServiceWorker(page);

    await reloadToArticle(ctx, context, page);
    await reconnectToDelivered(ctx, context, page, user);
    ctx.peakRss.set('offline (browser journeys)', app.peakRss());
  } finally {
    await browser?.close();
    await app.stop();
  }
}

/** (a): reload a cached blog post with the network off, until its body text is on screen. */
async function reloadToArticle(ctx: BenchContext, context: BrowserContext, page: Page): Promise<void> {
  const reloads = ctx.quick ? 4 : 10;
  await page.goto('/blog/1');
  const paragraph = page.locator('.blog-prose p').first();
  await paragraph.waitFor();
  const text = ((await paragraph.textContent()) ?? '').trim();
  // Online once more, so the answers are in the service worker's cache, then until the persisted
  // query cache (IndexedDB, written a moment after a change) holds the article.
  await page.reload();
  await paragraph.waitFor();
  await page.waitForFunction(
    (expected) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('context-is-key');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const request = open.result.transaction('queryCache').objectStore('queryCache').getAll();
          request.onsuccess = () => {
            open.result.close();
            resolve(JSON.stringify(request.result).includes(expected.slice(0, 60)));
          };
          request.onerror = () => resolve(false);
        };
      }),
    text,
  );

  // In each new document: the time since the navigation began (performance.now()) at the first
  // frame after the post's title, then its first paragraph, appeared. The reload starts the
  // navigation, so this is reload → text painted, service worker start-up and IndexedDB restore
  // included. The title is printed beside it: the gap between the two is the body's own wait.
  await context.addInitScript((expected: string) => {
    const w = window as unknown as { __titleShownAt?: number; __articleShownAt?: number };
    const found = () => [...document.querySelectorAll('.blog-prose p')].some((p) => p.textContent?.trim() === expected);
    const observer = new MutationObserver(() => {
      if (w.__titleShownAt === undefined && document.querySelector('main h1')) requestAnimationFrame(() => (w.__titleShownAt ??= performance.now()));
      if (w.__articleShownAt !== undefined || !found()) return;
      observer.disconnect();
      requestAnimationFrame(() => {
        w.__articleShownAt = performance.now();
      });
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  }, text);

  await context.setOffline(true);
  const times: number[] = [];
  const titles: number[] = [];
  try {
    for (let i = 0; i <= reloads; i += 1) {
      await page.reload({ waitUntil: 'commit' });
      const shown = await page.waitForFunction(
        () => {
          const w = window as unknown as { __titleShownAt?: number; __articleShownAt?: number };
          return w.__articleShownAt !== undefined && w.__titleShownAt !== undefined ? { title: w.__titleShownAt, article: w.__articleShownAt } : null;
        },
        undefined,
        { timeout: 15_000 },
      );
      const value = (await shown.jsonValue()) as { title: number; article: number };
      // BENCH_OFFLINE_TRACE=1: the last reload's navigation timing and every file it loaded, to see where the time goes.
      if (process.env.BENCH_OFFLINE_TRACE && i === reloads) {
        const trace = await page.evaluate(() => {
          const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          const rows = [`navigation: workerStart ${nav.workerStart.toFixed(0)} responseEnd ${nav.responseEnd.toFixed(0)} DCL ${nav.domContentLoadedEventEnd.toFixed(0)} load ${nav.loadEventEnd.toFixed(0)}`];
          for (const r of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) rows.push(`${r.startTime.toFixed(0)}-${r.responseEnd.toFixed(0)} ${r.name.replace(location.origin, '')}`);
          return rows;
        });
        console.log(`  trace of the last reload (title at ${value.title.toFixed(0)} ms, article text at ${value.article.toFixed(0)} ms):\n    ${trace.join('\n    ')}`);
      }
      // The first reload warms the worker and the disk cache.
      if (i > 0) {
        times.push(value.article);
        titles.push(value.title);
      }
    }
    const offlineBadge = await page.getByRole('banner').getByRole('link', { name: /^Offline\b/ }).count();
    if (!offlineBadge) console.log('  ! the header shows no Offline badge: was the page really offline?');
  } finally {
    await context.setOffline(false);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const sortedTitles = [...titles].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const max = sorted.at(-1)!;
  const verdict = p50 <= RELOAD_AIM_MS ? `aim ≤ ${RELOAD_AIM_MS} ms met${max <= RELOAD_AIM_MS ? '' : ' (p50; not every reload)'}` : `above the aim of ${RELOAD_AIM_MS} ms`;
  console.log(
    table(
      ['offline reload of /blog/1 (cached) →', 'reloads', 'min', 'p50', 'max'],
      [
        ['title visible', String(titles.length), ms(sortedTitles[0]!), ms(percentile(sortedTitles, 50)), ms(sortedTitles.at(-1)!)],
        ['article text visible', String(times.length), ms(sorted[0]!), ms(p50), ms(max)],
      ],
    ),
  );
  console.log(`  article text, each: ${times.map((t) => Math.round(t)).join(', ')} ms`);
  ctx.summary.push({ section: 'offline', label: 'offline reload → article text, p50 / max', value: `${ms(p50)} / ${ms(max)} over ${times.length} reloads`, verdict });
}

/** (b): 100 writes queued offline, then the connection returns; until the server has answered them all. */
async function reconnectToDelivered(ctx: BenchContext, context: BrowserContext, page: Page, user: SignedInUser): Promise<void> {
  const videos = await apiJson<{ id: number }[]>(context, ctxUrl(page, '/api/videos'));
  const posts = await apiJson<{ id: number }[]>(context, ctxUrl(page, '/api/blog?limit=100'));
  const items = [...videos.map((v) => ({ contentType: 'video' as const, contentId: v.id })), ...posts.map((p) => ({ contentType: 'blog' as const, contentId: p.id }))];
  await page.goto('/');
  await page.getByRole('banner').waitFor();
  // The app has been open a while when the signal goes (its start-up requests are done), as on a train.
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  const entries = queuedWrites(user.id, items, QUEUED);
  const counts = { bookmarks: entries.filter((e) => e.kind === 'bookmark.save').length, progress: entries.filter((e) => e.kind === 'progress.set').length, comments: entries.filter((e) => e.kind === 'comment.create').length };
  await page.evaluate(
    (rows) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('context-is-key');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('outbox', 'readwrite');
          for (const row of rows) tx.objectStore('outbox').add(row);
          tx.oncomplete = () => {
            db.close();
            resolve();
          };
          tx.onerror = () => reject(new Error(String(tx.error)));
        };
      }),
    entries,
  );
  const queued = (await readStore(page, 'outbox')).length;
  if (queued !== QUEUED) throw new Error(`expected ${QUEUED} queued writes, found ${queued}`);

  // The server's answers as the page receives them: the 100th 2xx is the moment the server has them
  // all. A write sent alone carries its key in its header; a batch answers each of its writes by key.
  const ids = new Set(entries.map((e) => e.id));
  let answered = 0;
  let refused = 0;
  let lastAt = 0;
  let firstAt = 0;
  const requests = { alone: 0, batches: 0 };
  const done = new Promise<void>((resolve) => {
    const count = (key: string, ok: boolean, at: number) => {
      if (!ids.has(key)) return;
      if (!ok) {
        refused += 1;
        return;
      }
      ids.delete(key);
      answered += 1;
      if (answered === 1) firstAt = at;
      lastAt = at;
      if (ids.size === 0) resolve();
    };
    page.on('response', (response) => {
      const at = performance.now();
      const key = response.request().headers()['idempotency-key'];
      if (key && ids.has(key)) {
        requests.alone += 1;
        count(key, response.ok(), at);
        return;
      }
      if (new URL(response.url()).pathname !== '/api/sync/batch') return;
      requests.batches += 1;
      if (!response.ok()) return;
      void response.json().then(
        (answer: { results?: { key: string; status: number }[] }) => {
          for (const result of answer.results ?? []) count(result.key, result.status >= 200 && result.status < 300, at);
        },
        () => undefined,
      );
    });
  });
  const reconnected = performance.now();
  await context.setOffline(false);
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`after 60 s, ${answered} of ${QUEUED} writes answered (${refused} refused)`)), 60_000));
  await Promise.race([done, timeout]);
  const elapsed = lastAt - reconnected;

  // Exactly once on the server, and nothing left on the device.
  const bookmarks = await apiJson<unknown[]>(context, ctxUrl(page, `/api/users/${user.id}/bookmarks`));
  const progress = await apiJson<{ completed: boolean }[]>(context, ctxUrl(page, `/api/users/${user.id}/progress`));
  const comments = await apiJson<{ comment: string }[]>(context, ctxUrl(page, `/api/comments?contentType=blog&limit=100&contentId=${items.find((i) => i.contentType === 'blog')!.contentId}`));
  const benchComments = comments.filter((c) => c.comment.startsWith('Bench comment ')).length;
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('context-is-key');
        open.onsuccess = () => {
          const request = open.result.transaction('outbox').objectStore('outbox').count();
          request.onsuccess = () => {
            open.result.close();
            resolve(request.result === 0);
          };
        };
      }),
  );
  const onServer = `${bookmarks.length} bookmarks, ${progress.filter((p) => p.completed).length} completions, ${benchComments} comments on the server (queued ${counts.bookmarks}/${counts.progress}/${counts.comments}), in ${requests.batches} batches and ${requests.alone} requests alone`;
  const exact = bookmarks.length === counts.bookmarks && progress.filter((p) => p.completed).length === counts.progress && benchComments === counts.comments;
  const verdict = !exact ? 'NOT exactly once' : elapsed <= DRAIN_AIM_MS ? `aim ≤ ${DRAIN_AIM_MS} ms met` : `above the aim of ${DRAIN_AIM_MS} ms`;
  console.log(
    table(
      // Per write: all answered over the writes (in batches, the first answer is a whole batch's).
      ['reconnect → 100 queued writes on the server', 'first answer', 'all answered', 'per write'],
      [[`${counts.bookmarks} bookmarks, ${counts.progress} completions, ${counts.comments} comments`, ms(firstAt - reconnected), ms(elapsed), ms(elapsed / QUEUED)]],
    ),
  );
  console.log(`  ${onServer}${exact ? ': each once' : '  <- not exactly once!'}${refused ? `; ${refused} refused` : ''}`);
  ctx.summary.push({ section: 'offline', label: `reconnect → ${QUEUED} queued writes on the server`, value: ms(elapsed), verdict });
}

/** The entries the app's own writes put in the outbox: each kind's variables (see each feature's api/writes.ts). */
function queuedWrites(userId: number, items: { contentType: 'video' | 'blog'; contentId: number }[], total: number): OutboxEntry[] {
  const entries: OutboxEntry[] = [];
  const base = { userId, createdAt: new Date().toISOString(), attempts: 0, status: 'pending' as const, nextAttemptAt: 0 };
  const kindName = (t: 'video' | 'blog') => (t === 'video' ? 'video' : 'article');
  for (const item of items) {
    if (entries.length >= total) break;
    entries.push({
      ...base,
      id: randomUUID(),
      kind: 'bookmark.save',
      body: { id: randomUUID(), contentType: item.contentType, contentId: item.contentId, categoryId: null, title: `${kindName(item.contentType)} ${item.contentId}` },
    });
    if (entries.length >= total) break;
    entries.push({
      ...base,
      id: randomUUID(),
      kind: 'progress.set',
      body: { contentType: item.contentType, contentId: item.contentId, completed: true },
    });
  }
  const post = items.find((i) => i.contentType === 'blog');
  for (let n = 1; entries.length < total && post; n += 1) {
    const comment = `Bench comment ${n}: written offline.`;
    entries.push({
      ...base,
      id: randomUUID(),
      kind: 'comment.create',
      body: { contentType: 'blog', contentId: post.contentId, comment },
    });
  }
  if (entries.length !== total) throw new Error(`only ${entries.length} writes to queue: too little sample content`);
  return entries;
}

function ctxUrl(page: Page, p: string): string {
  return new URL(p, page.url()).toString();
}

/** GET with the browser context's cookies, from Node (no load on the page). */
async function apiJson<T>(context: BrowserContext, url: string): Promise<T> {
  const answer = await context.request.get(url, { headers: { Accept: 'application/json' } });
  if (!answer.ok()) throw new Error(`GET ${url}: ${answer.status()}`);
  return (await answer.json()) as T;
}

export const offline: BenchSection = { name: 'offline', title: 'Offline PWA: reload offline, reconnect with 100 queued writes (headless chromium)', run };
