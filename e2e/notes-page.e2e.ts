import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { MOBILE, screenshot, useBrowser } from './support/browser';
import { appReady, visitAndDismissAuth } from './support/app';

// My Notes (docs/product.md#private-notes): 'My Notes' lists the notes of this device and exports them as Markdown.
const baseURL = () => inject('baseURL');
const browser = useBrowser(baseURL);
const main = (page: Page) => page.getByRole('main');

async function titleOf(page: Page, path: string): Promise<string> {
  return page.evaluate(async (p) => ((await (await fetch(p)).json()) as { title: string }).title, path);
}

describe('My Notes', () => {
  test('notes taken on a video and an article are listed by their titles, searchable, and exported as one Markdown file', async () => {
    const page = await browser.newPage(MOBILE);
    await visitAndDismissAuth(page, '/watch/3');
    const videoTitle = await titleOf(page, '/api/videos/3');
    const panel = main(page).getByLabel('Your Notes', { exact: true });
    await panel.fill('Genre first, then the flow of the book.');
    await main(page).getByRole('status').filter({ hasText: 'Saved' }).waitFor();

    await visitAndDismissAuth(page, '/blog/2');
    const postTitle = await titleOf(page, '/api/blog/2');
    await main(page).getByRole('button', { name: 'Notes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your Notes' });
    await dialog.getByLabel('Your Notes', { exact: true }).fill('The five facts most scholars grant.');
    await dialog.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await dialog.getByRole('button', { name: 'Close notes' }).click();

    // From the mobile menu, signed out: notes belong to the device.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'My Notes' }).click();
    await page.waitForURL(`${baseURL()}/notes`);
    await main(page).getByRole('heading', { level: 1, name: 'My Notes' }).waitFor();
    const notes = main(page).getByRole('list', { name: 'Notes' }).getByRole('listitem');
    await expect.poll(() => notes.count()).toBe(2);
    // Newest first.
    await notes.nth(0).getByRole('link', { name: postTitle }).waitFor();
    await notes.nth(1).getByRole('link', { name: videoTitle }).waitFor();
    await screenshot(page, 'notes-page-mobile');

    await main(page).getByRole('searchbox', { name: 'Search your notes' }).fill('genre');
    await expect.poll(() => notes.count()).toBe(1);
    await main(page).getByRole('searchbox', { name: 'Search your notes' }).fill('');

    const [download] = await Promise.all([page.waitForEvent('download'), main(page).getByRole('button', { name: 'Export notes' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^context-is-key-notes-\d{4}-\d{2}-\d{2}\.md$/);
    const markdown = fs.readFileSync((await download.path())!, 'utf8');
    expect(markdown).toMatch(/^# My Notes\n/);
    expect(markdown.match(/^## /gm)).toHaveLength(2);
    expect(markdown).toContain(`<${baseURL()}/watch/3>`);
    expect(markdown).toContain(`<${baseURL()}/blog/2>`);
    expect(markdown).toContain('Genre first, then the flow of the book.');
    expect(markdown).toContain('The five facts most scholars grant.');

    // A note opens its page.
    await notes.nth(1).getByRole('link', { name: videoTitle }).click();
    await page.waitForURL(`${baseURL()}/watch/3`);
    await appReady(page);
    await page.close();
  });
});
