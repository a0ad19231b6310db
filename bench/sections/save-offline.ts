// Save for offline (docs/product.md#saved-for-offline): 'Save all for offline' on /blog in headless Debian chromium against
// the real server (own process, seeded, serving a private copy of the production build), as a
// signed-out reader does it: from the press of the button to the 'Saved for offline' toast, every
// post fetched whole (4 at a time) and written to the saved store (IndexedDB, its own database),
// the saving code's chunk loaded on the first press. Measured in the browser because the figure is
// mostly the page's own work (the dynamic import, fetch + zod parse, IndexedDB writes, React
// progress renders), which a Node measure with fake-indexeddb would not show.
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { visitAndDismissAuth } from '#e2e/support/app';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '#e2e/support/browser';
import { copyOfDist } from '#e2e/support/dist';
import { waitForServiceWorker } from '#e2e/support/offline';
import type { BenchContext, BenchSection } from '../lib/context';
import { createBenchDatabase } from '../lib/database';
import { ms, percentile, table } from '../lib/format';
import { startChild } from '../lib/processes';
import { appServerEnv } from './shared';

/** The saved store's size, read in the page. */
function savedCount(page: Page): Promise<{ items: number; bytes: number }> {
  return page.evaluate(
    () =>
      new Promise<{ items: number; bytes: number }>((resolve, reject) => {
        const open = indexedDB.open('cik-saved');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('items').objectStore('items').getAll();
          request.onsuccess = () => {
            open.result.close();
            const rows = request.result as { textBytes: number; pictureBytes: number | null }[];
            resolve({ items: rows.length, bytes: rows.reduce((sum, r) => sum + r.textBytes + (r.pictureBytes ?? 0), 0) });
          };
          request.onerror = () => reject(request.error);
        };
      }),
  );
}

async function clearSaved(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('cik-saved');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('items', 'readwrite');
          tx.objectStore('items').clear();
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

async function run(ctx: BenchContext): Promise<void> {
  const distDir = path.join(ctx.tmpDir, 'save-offline-dist');
  await copyOfDist(distDir);
  const database = await createBenchDatabase(ctx, 'save_offline');
  const app = await startChild('app', 'app-server.ts', { env: { ...appServerEnv(ctx, database.url, { seed: true }), DIST_DIR: distDir } });
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    const context = await browser.newContext({ baseURL: app.url, viewport: { width: 390, height: 844 } });
    context.setDefaultTimeout(60_000);
    await context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
    const page = await context.newPage();
    await visitAndDismissAuth(page, '/blog');
    await waitForServiceWorker(page);

    const rounds = ctx.quick ? 2 : 6;
    const times: number[] = [];
    let first = 0;
    let saved = { items: 0, bytes: 0 };
    for (let r = 0; r < rounds; r++) {
      // Each round from an empty store, the page as a reader finds it.
      if (r > 0) await clearSaved(page);
      await visitAndDismissAuth(page, '/blog');
      const button = page.getByRole('main').getByRole('button', { name: 'Save all for offline' });
      await button.waitFor();
      const toast = page.getByTestId('toast').filter({ hasText: 'Saved for offline' });
      const started = performance.now();
      await button.click();
      await toast.waitFor();
      const took = performance.now() - started;
      if (r === 0) first = took;
      else times.push(took);
      saved = await savedCount(page);
    }
    times.sort((a, b) => a - b);
    const p50 = percentile(times, 50);
    console.log(
      table(
        ['posts saved', 'bytes saved', 'first press (chunk loads)', 'p50 of the next', 'max', 'p50 per post'],
        [[String(saved.items), `${(saved.bytes / 1024).toFixed(0)} KB`, ms(first), ms(p50), ms(times.at(-1) ?? first), ms(saved.items ? p50 / saved.items : 0)]],
      ),
    );
    ctx.summary.push({ section: 'save-offline', label: `'Save all for offline' (${saved.items} posts) → toast, p50`, value: `${ms(p50)} (first press ${ms(first)})` });
    ctx.peakRss.set('save-offline (browser)', app.peakRss());
  } finally {
    await browser?.close();
    await app.stop();
  }
}

export const saveOffline: BenchSection = { name: 'save-offline', title: "'Save all for offline' on /blog in chromium: press → toast", run };
