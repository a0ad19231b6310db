import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { useBrowser } from './support/browser';
import { appReady, toastText, visitAndDismissAuth } from './support/app';

// Share (docs/product.md#share): the Share button of posts and videos, and shares from other apps.
const baseURL = () => inject('baseURL');
const browser = useBrowser(baseURL);

async function firstId(page: Page, list: '/api/blog?limit=1' | '/api/videos?limit=1'): Promise<{ id: number; title: string }> {
  return page.evaluate(async (p) => ((await (await fetch(p)).json()) as { id: number; title: string }[])[0]!, list);
}

describe('Share', () => {
  test("without a share sheet, a post's Share copies its link and says 'Link copied'", async () => {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    // As on a desktop without the Web Share API.
    await context.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
      delete (Navigator.prototype as { canShare?: unknown }).canShare;
    });
    const page = await context.newPage();
    await page.goto('/');
    const post = await firstId(page, '/api/blog?limit=1');
    await visitAndDismissAuth(page, `/blog/${post.id}`);
    await page.getByRole('main').getByRole('button', { name: 'Share', exact: true }).click();
    expect(await toastText(page, 'Link copied')).toContain(`${baseURL()}/blog/${post.id}`);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL()}/blog/${post.id}`);
    await context.close();
  });

  test("with a share sheet, a video's Share hands it the video's title and link, and copies nothing", async () => {
    const context = await browser.newContext();
    await context.addInitScript(() => {
      const calls: ShareData[] = [];
      (window as unknown as { shared: ShareData[] }).shared = calls;
      Object.defineProperty(Navigator.prototype, 'share', { configurable: true, value: async (data: ShareData) => void calls.push(data) });
      Object.defineProperty(Navigator.prototype, 'canShare', { configurable: true, value: () => true });
    });
    const page = await context.newPage();
    await page.goto('/');
    const video = await firstId(page, '/api/videos?limit=1');
    await visitAndDismissAuth(page, `/watch/${video.id}`);
    await page.getByRole('main').getByRole('button', { name: 'Share', exact: true }).click();
    await page.waitForFunction(() => (window as unknown as { shared: ShareData[] }).shared.length === 1);
    expect(await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared)).toEqual([{ title: video.title, url: `${baseURL()}/watch/${video.id}` }]);
    expect(await page.getByTestId('toast').count()).toBe(0);
    await context.close();
  });

  test('the manifest takes shares from other apps: a link to one of our pages opens it, other text is searched for', async () => {
    const manifest = (await (await fetch(`${baseURL()}/manifest.webmanifest`)).json()) as { share_target?: { action: string; method: string; params: Record<string, string> } };
    expect(manifest.share_target).toEqual({ action: '/share', method: 'GET', params: { title: 'title', text: 'text', url: 'url' } });

    const page = await browser.newPage();
    await page.goto(`/share?title=${encodeURIComponent('Worth reading')}&text=${encodeURIComponent(`Look: ${baseURL()}/videos`)}`);
    await appReady(page);
    await page.waitForURL(`${baseURL()}/videos`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();

    await page.goto(`/share?text=${encodeURIComponent('sermon on the mount')}`);
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'sermon on the mount');
    await page.getByRole('searchbox').first().waitFor();
  });
});
