import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { categoryLabels, type Category } from '#contract/common';
import { screenshot, useBrowser } from './support/browser';
import { toastText, visitAndDismissAuth } from './support/app';
import { waitForServiceWorker } from './support/offline';

// Saved for offline (docs/product.md#saved-for-offline). A reader saves a whole category of the blog and a video on
// this device (signed out: saving is per device), loses the signal, and still opens a post of that
// category they never opened, with its whole text, and the video's page with its details; /saved
// lists what is kept, and removes an item when asked.
const baseURL = () => inject('baseURL');
const browser = useBrowser(baseURL);
const main = (page: Page) => page.getByRole('main');

interface Post {
  id: number;
  title: string;
  category: Category;
  featured: boolean;
  content: string;
}

/** A run of plain words from a post's Markdown, as it reads on the page. */
function plainWords(markdown: string): string {
  for (const line of markdown.split('\n')) {
    const match = /[A-Za-z][A-Za-z ,']{40,}/.exec(line.trim());
    if (match && !/^[#>*\-\d]/.test(line.trim())) return match[0].split(/\s+/).slice(0, 6).join(' ');
  }
  throw new Error('no plain sentence in the post');
}

describe('saved for offline', () => {
  test("'Save all for offline' on a category, then offline: a post of it never opened shows its whole text; a saved video's page shows its details; /saved lists and removes", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await visitAndDismissAuth(page, '/blog');
    await waitForServiceWorker(page);

    // A category with more than one post; one of its posts is the one to open offline.
    const all = await page.evaluate(async () => (await (await fetch('/api/blog?limit=100')).json()) as Omit<Post, 'content'>[]);
    const counts = new Map<Category, number>();
    for (const post of all) counts.set(post.category, (counts.get(post.category) ?? 0) + 1);
    const category = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    const inCategory = all.filter((p) => p.category === category);
    // Not the featured one: /blog fetched that one whole for its hero.
    const never = inCategory.filter((p) => !p.featured).at(-1)!;
    const full = await page.evaluate(async (id) => (await (await fetch(`/api/blog/${id}`)).json()) as Post, never.id);
    const words = plainWords(full.content);

    await main(page).getByRole('group', { name: 'Filter by category' }).getByRole('button', { name: categoryLabels[category], exact: true }).click();
    await page.waitForURL(/category=/);
    await main(page).getByRole('button', { name: 'Save all for offline' }).click();
    expect(await toastText(page, `${inCategory.length} ${inCategory.length === 1 ? 'post' : 'posts'} on this device`)).toContain('Saved for offline');
    await screenshot(page, 'saved-blog-save-all', ['desktop']);

    // A video, saved from its page.
    await visitAndDismissAuth(page, '/watch/2');
    const videoTitle = ((await main(page).getByRole('heading', { level: 1 }).textContent()) ?? '').trim();
    await main(page).getByRole('button', { name: 'Save for offline' }).click();
    await main(page).getByRole('button', { name: 'Saved for offline' }).waitFor();
    await main(page).getByText('The video itself needs a connection; its details and your notes are saved on this device.').waitFor();

    // The runtime caches may be gone by the time the reader is on the train (expiry, quota): only the saved store is left.
    await page.evaluate(async () => {
      await caches.delete('api-content');
    });
    await context.setOffline(true);

    await visitAndDismissAuth(page, `/blog/${never.id}`);
    await main(page).getByRole('heading', { level: 1, name: full.title }).waitFor();
    await main(page).getByText(words, { exact: false }).first().waitFor();
    await main(page).getByRole('button', { name: 'Saved for offline' }).waitFor();

    await visitAndDismissAuth(page, '/watch/2');
    await main(page).getByRole('heading', { level: 1, name: videoTitle }).waitFor();
    await main(page).getByText('The video itself needs a connection; its details and your notes are saved on this device.').waitFor();
    await screenshot(page, 'saved-watch-offline');

    // /saved: the category's posts and the video, newest first.
    await visitAndDismissAuth(page, '/saved');
    await main(page).getByRole('heading', { level: 1, name: 'Saved for offline' }).waitFor();
    const items = main(page).getByRole('list', { name: 'Saved items' }).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(inCategory.length + 1);
    expect(await items.first().textContent()).toContain(videoTitle);
    expect(await items.first().textContent()).toMatch(/Video · [\d.]+ (B|KB|MB) · saved /);
    await main(page).getByText(/The site uses .+ of .+ available\./).waitFor();
    await main(page).getByText(/Storage is (not )?persistent/).waitFor();
    await screenshot(page, 'saved-page');

    await main(page).getByRole('button', { name: `Remove “${videoTitle}” from this device` }).click();
    await expect.poll(() => items.count()).toBe(inCategory.length);
    await toastText(page, 'Removed from this device');
    expect(await main(page).getByRole('list', { name: 'Saved items' }).textContent()).not.toContain(videoTitle);
    await context.setOffline(false);
    await context.close();
  }, 90_000);

  test("offline, a saved video thumbnail or picture uploaded here comes from the saved pictures' cache (the runtime caches have none); one not saved does not load", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await visitAndDismissAuth(page, '/');
    await waitForServiceWorker(page);
    // No picture host is reachable from here: the saved copies are put in the cache as 'Save for
    // offline' puts a downloaded one (saved-pictures.ts), under URLs only they can answer.
    const thumbnail = 'https://i.ytimg.com/vi/saved-e2e/hqdefault.jpg';
    const uploaded = `${baseURL()}/objects/saved-e2e-picture`;
    await page.evaluate(async (urls) => {
      const cache = await caches.open('cik-saved-pictures');
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="9"><rect width="16" height="9" fill="teal"/></svg>';
      for (const url of urls) await cache.put(url, new Response(svg, { headers: { 'Content-Type': 'image/svg+xml' } }));
    }, [thumbnail, uploaded]);
    await context.setOffline(true);
    const loads = (url: string) =>
      page.evaluate(
        (src) =>
          new Promise<boolean>((resolve) => {
            const img = new Image();
            img.onload = () => resolve(img.naturalWidth > 0);
            img.onerror = () => resolve(false);
            img.src = src;
          }),
        url,
      );
    expect(await loads(thumbnail)).toBe(true);
    expect(await loads(uploaded)).toBe(true);
    expect(await loads('https://i.ytimg.com/vi/not-saved-e2e/hqdefault.jpg')).toBe(false);
    expect(await loads(`${baseURL()}/objects/not-saved-e2e-picture`)).toBe(false);
    await context.setOffline(false);
    await context.close();
  });

  test('signed out, /saved is in the menu; with nothing saved it says how to save', async () => {
    const page = await browser.newPage();
    await visitAndDismissAuth(page, '/');
    await page.getByRole('banner').getByRole('link', { name: 'Saved for offline' }).click();
    await main(page).getByRole('heading', { level: 1, name: 'Saved for offline' }).waitFor();
    await main(page).getByText('Nothing is saved on this device yet.', { exact: false }).waitFor();
    await screenshot(page, 'saved-page-empty', ['mobile']);
    await page.close();
  });
});
