import type { Browser, Page } from 'playwright-core';
import { launchBrowser, DESKTOP } from './support/browser';
import { uniqueUsername } from './support/app';
import { signUpInPage } from './support/offline';
import { startRestartableServer, type RestartableServer } from './support/restartable-server';

let server: RestartableServer;
let browser: Browser;
beforeAll(async () => {
  server = await startRestartableServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function watch(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { log: string[] };
    w.log = w.log ?? [];
    const log = w.log;
    const t0 = performance.now();
    let last = '';
    const rec = () => {
      const b = [...document.querySelectorAll('main button')].find((x) => /^Bookmark/.test(x.textContent?.trim() ?? '')) as HTMLButtonElement | undefined;
      const s = b ? `${b.getAttribute('aria-pressed')}${b.disabled ? ' disabled' : ''}` : 'none';
      if (s !== last) log.push(`${(performance.now() - t0).toFixed(1)} ${s}`);
      last = s;
    };
    new MutationObserver(rec).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    rec();
  });
}

test('probe', async () => {
  const context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP });
  const page = await context.newPage();
  await signUpInPage(page, uniqueUsername('probe'), '/watch/3');
  const button = page.getByRole('main').getByRole('button', { name: /^Bookmark/ });
  await button.waitFor();
  for (let i = 0; i < 6; i++) {
    await page.reload();
    await button.waitFor();
    await watch(page);
    await page.waitForTimeout(300);
    await page.evaluate((i) => (window as unknown as { log: string[] }).log.push(`click ${i}`), i);
    await button.click();
    await page.waitForTimeout(1000);
    console.log((await page.evaluate(() => (window as unknown as { log: string[] }).log)).join('\n'));
  }
  await context.close();
}, 120_000);
