import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { useBrowser } from './support/browser';
import { visitAndDismissAuth } from './support/app';
import { readStore, waitForServiceWorker } from './support/offline';

// Offline results (docs/product.md#site-search): with no connection, search finds what this device has: posts and videos it
// has seen (the saved query cache) and the reader's notes, labelled 'Offline results'.
const baseURL = () => inject('baseURL');
const browser = useBrowser(baseURL);
const main = (page: Page) => page.getByRole('main');

describe('search offline', () => {
  test("finds a post read before (by a word of its text) and a note, and the video library finds a video seen before; each opens", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await visitAndDismissAuth(page, '/blog/1');
    const post = await page.evaluate(async () => (await (await fetch('/api/blog/1')).json()) as { title: string });
    await waitForServiceWorker(page);

    await visitAndDismissAuth(page, '/watch/2');
    const video = await page.evaluate(async () => (await (await fetch('/api/videos/2')).json()) as { title: string });
    await main(page).getByLabel('Your Notes', { exact: true }).fill('Compare with the Nicene creed.');
    await main(page).getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    // What was seen is in IndexedDB (the saved query cache), as after closing the app.
    await expect.poll(async () => (await readStore(page, 'queryCache')).length, { timeout: 10_000 }).toBeGreaterThan(0);

    await context.setOffline(true);
    // A long word of the post's title with a typo, as a reader types on a train.
    const word = post.title.split(/\s+/).map((w) => w.replace(/[^A-Za-z]/g, '')).find((w) => w.length >= 7)!;
    const typed = `${word[0]}${word[1] === 'a' ? 'e' : 'a'}${word.slice(2)}`;
    await visitAndDismissAuth(page, `/search?q=${encodeURIComponent(typed)}`);
    await main(page).getByRole('heading', { name: 'Offline results' }).waitFor();
    await main(page).getByRole('link', { name: new RegExp(post.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().waitFor();

    await visitAndDismissAuth(page, '/search?q=nicene');
    const note = main(page).getByRole('list', { name: 'Notes that match' }).getByRole('link', { name: video.title });
    await note.waitFor();
    await note.click();
    await page.waitForURL(`${baseURL()}/watch/2`);

    // The start of a word of the video's title.
    const videoWord = video.title.split(/\s+/).map((w) => w.replace(/[^A-Za-z]/g, '')).find((w) => w.length >= 6)!;
    await visitAndDismissAuth(page, `/videos?q=${encodeURIComponent(videoWord.slice(0, 4))}`);
    await main(page).getByRole('heading', { name: 'Offline results' }).waitFor();
    await main(page).getByRole('link', { name: new RegExp(video.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().waitFor();
    await context.close();
  });
});
