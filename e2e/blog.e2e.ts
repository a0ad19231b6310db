import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { screenshot, useBrowser } from './support/browser';
import { authDialog, PASSWORD, toastText, uniqueUsername, visit, visitAndDismissAuth } from './support/app';

const browser = useBrowser(() => inject('baseURL'));

interface Summary {
  id: number;
  title: string;
  category: string;
  featured: boolean;
}

/** What the API holds right now (the journeys compare the screen with it). */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => (await fetch(p)).json() as Promise<T>, path);
}

const grid = (page: Page) => page.getByRole('region', { name: 'Articles' });
const gridCards = (page: Page) => grid(page).getByRole('listitem');
const hero = (page: Page) => page.getByRole('main').getByRole('article');

/**
 * Signs `username` up (or, when the name is taken by an earlier run of this file, in) through the
 * API from the page, saves the user as a remembered sign-in does, and reloads at `path`.
 */
async function signInAs(page: Page, username: string, path: string): Promise<void> {
  await visit(page, '/');
  await page.evaluate(
    async ({ username, password }) => {
      const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      let answer = await post('/api/auth/signup', { username, email: `${username}@example.com`, password });
      if (answer.status === 409) answer = await post('/api/auth/login', { username, password });
      if (!answer.ok) throw new Error(`sign-in failed: ${answer.status}`);
      localStorage.setItem('user', JSON.stringify(await answer.json()));
    },
    { username, password: PASSWORD },
  );
  await visit(page, path);
}

async function cardTitles(cards: Locator): Promise<string[]> {
  return cards.getByRole('heading', { level: 3 }).allTextContents();
}

describe('/blog', () => {
  test('the featured post above a grid of the others; Load More Articles until none are left', async () => {
    const page = await browser.newPage();
    await visitAndDismissAuth(page, '/blog');
    await page.getByRole('heading', { level: 1, name: 'Knowledge Blog' }).waitFor();
    const all = await apiGet<Summary[]>(page, '/api/blog?limit=100');
    const featured = all.find((p) => p.featured)!;
    expect(featured).toBeTruthy();

    await hero(page).getByRole('heading', { level: 2, name: featured.title }).waitFor();
    await hero(page).getByText('Featured', { exact: true }).waitFor();
    await gridCards(page).first().waitFor();
    await screenshot(page, 'blog');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'blog-dark', ['mobile']);
    await page.emulateMedia({ colorScheme: 'light' });

    const firstPage = await cardTitles(gridCards(page));
    expect(firstPage).toEqual(all.slice(0, 12).filter((p) => !p.featured).map((p) => p.title));
    const more = page.getByRole('button', { name: 'Load More Articles' });
    while (await more.isVisible()) {
      const before = await gridCards(page).count();
      await more.click();
      // The next page is in, or there is no next page any more.
      await page.waitForFunction(
        (n) => {
          const cards = document.querySelectorAll('section[aria-labelledby="all-articles-heading"] li').length;
          const button = [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Load More Articles');
          return cards > n || !button;
        },
        before,
      );
    }
    expect(await cardTitles(gridCards(page))).toEqual(all.filter((p) => !p.featured).map((p) => p.title));
    await page.close();
  });

  test('filters by a category, kept in the URL', async () => {
    const page = await browser.newPage();
    await visitAndDismissAuth(page, '/blog');
    const filter = page.getByRole('group', { name: 'Filter by category' });
    await filter.getByRole('button', { name: 'Theology' }).click();
    await page.waitForURL((url) => url.searchParams.get('category') === 'theology');
    const theology = await apiGet<Summary[]>(page, '/api/blog?category=theology&limit=100');
    await page.waitForFunction((n) => document.querySelectorAll('section[aria-labelledby="all-articles-heading"] li').length === n, theology.length);
    expect(await cardTitles(gridCards(page))).toEqual(theology.map((p) => p.title));
    expect(await filter.getByRole('button', { name: 'Theology' }).getAttribute('aria-pressed')).toBe('true');
    // The featured post is a Bible Study post: no hero here.
    expect(await hero(page).count()).toBe(0);
    await screenshot(page, 'blog-theology', ['mobile']);

    await page.reload();
    await authDialog(page).waitFor();
    await page.keyboard.press('Escape');
    await page.waitForFunction((n) => document.querySelectorAll('section[aria-labelledby="all-articles-heading"] li').length === n, theology.length);
    expect(await page.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name: 'Theology' }).getAttribute('aria-pressed')).toBe('true');
    await page.close();
  });

  test('a post: title, details, Markdown headings and quotations, related posts; one view counted', async () => {
    const page = await browser.newPage();
    await visitAndDismissAuth(page, '/blog?category=bible-study');
    const all = await apiGet<Summary[]>(page, '/api/blog?category=bible-study&limit=100');
    const target = all.find((p) => !p.featured)!;
    const before = await apiGet<{ views: number }>(page, `/api/blog/${target.id}`);
    await grid(page).getByRole('link', { name: new RegExp(target.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
    await page.waitForURL((url) => url.pathname === `/blog/${target.id}`);

    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 1, name: target.title }).waitFor();
    await main.getByRole('link', { name: 'Back to Blog' }).waitFor();
    await main.getByText(/min read/).first().waitFor();
    const content = main.locator('.blog-prose');
    expect(await content.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(0);
    await content.locator('blockquote').first().waitFor();
    expect(await content.locator('blockquote').first().isVisible()).toBe(true);

    const related = main.getByRole('region', { name: 'Related Articles' });
    await related.waitFor();
    const relatedTitles = await cardTitles(related.getByRole('listitem'));
    expect(relatedTitles.length).toBeGreaterThan(0);
    expect(relatedTitles.length).toBeLessThanOrEqual(4);
    expect(relatedTitles).not.toContain(target.title);
    for (const title of relatedTitles) expect(all.map((p) => p.title)).toContain(title);

    await page.waitForFunction(
      async ([id, views]) => ((await (await fetch(`/api/blog/${id}`)).json()) as { views: number }).views === views! + 1,
      [target.id, before.views],
    );
    await main.getByText(`${(before.views + 1).toLocaleString('en-US')} views`).waitFor();
    await screenshot(page, 'blog-post');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'blog-post-dark', ['desktop']);

    await main.getByRole('link', { name: 'Back to Blog' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Knowledge Blog' }).waitFor();
    await page.close();
  });

  test("a missing post: 'Article Not Found' with a link back", async () => {
    const page = await browser.newPage();
    await visitAndDismissAuth(page, '/blog/999999');
    await page.getByRole('heading', { level: 1, name: 'Article Not Found' }).waitFor();
    await screenshot(page, 'blog-not-found', ['mobile']);
    await page.getByRole('main').getByRole('link', { name: 'Back to Blog' }).click();
    await page.getByRole('heading', { level: 1, name: 'Knowledge Blog' }).waitFor();
    await page.close();
  });
});

describe('/blog-admin', () => {
  test('signed out: the page is for editors, with a sign-in button and no form', async () => {
    const page = await browser.newPage();
    await visitAndDismissAuth(page, '/blog-admin');
    await page.getByRole('heading', { level: 1, name: 'Blog Management' }).waitFor();
    await page.getByText('Blog Management is for editors. Please sign in with an editor account.').waitFor();
    expect(await page.getByLabel('Title', { exact: true }).count()).toBe(0);
    await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
    await authDialog(page).waitFor();
    await page.close();
  });

  test('a signed-in reader who is not an editor is told so, and sees no form', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const username = uniqueUsername('reader');
    await signInAs(page, username, '/blog-admin');
    await page.getByText('This page is for editors only.').waitFor();
    await page.getByText(`You are signed in as @${username}`).waitFor();
    expect(await page.getByLabel('Title', { exact: true }).count()).toBe(0);
    await screenshot(page, 'blog-admin-not-editor', ['mobile']);
    await context.close();
  });

  test('an editor creates a post, sees it on /blog, features it (the hero), and deletes it', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAs(page, 'editor', '/blog-admin');
    const originalFeatured = await apiGet<Summary>(page, '/api/blog/featured');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 2, name: 'Add New Article' }).waitFor();
    await main.getByRole('list').first().getByRole('listitem').first().waitFor();

    // Bad input first: nothing is sent, the fields say what is wrong.
    await main.getByLabel('Read time (minutes)').fill('0');
    await main.getByRole('button', { name: 'Publish Article' }).click();
    await main.getByText('Title is required').waitFor();
    await main.getByText('Read time must be at least 1 minute').waitFor();

    const title = `E2E article ${Date.now().toString(36)}`;
    await main.getByLabel('Title', { exact: true }).fill(title);
    await main.getByLabel('Excerpt').fill('Written by the browser journey.');
    await main
      .getByLabel('Content (Markdown)')
      .fill('## A fresh heading\n\n> A quotation worth keeping.\n\n[bad link](javascript:window.__pwned=1) <img src=x onerror="window.__pwned=1"> <script>window.__pwned=1</script>');
    await main.getByLabel('Category').selectOption('church-history');
    await main.getByLabel('Read time (minutes)').fill('4');

    // The preview renders the Markdown in real Chromium, and nothing from it runs.
    await main.getByRole('tab', { name: 'Preview' }).click();
    const preview = main.getByRole('tabpanel', { name: 'Preview' });
    await preview.getByRole('heading', { level: 2, name: 'A fresh heading' }).waitFor();
    await preview.locator('blockquote').waitFor();
    expect(await preview.locator('script, img, a[href^="javascript"]').count()).toBe(0);
    expect(await preview.getByRole('link', { name: 'bad link' }).count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    await screenshot(page, 'blog-admin');

    await main.getByRole('button', { name: 'Publish Article' }).click();
    expect(await toastText(page, 'Blog post created successfully')).toContain('Blog post created successfully');
    expect(await main.getByLabel('Title', { exact: true }).inputValue()).toBe('');
    expect(await main.getByLabel('Read time (minutes)').inputValue()).toBe('5');
    const row = main.getByRole('listitem', { name: title });
    await row.waitFor();
    const created = (await apiGet<Summary[]>(page, '/api/blog?limit=100')).find((p) => p.title === title)!;
    expect(created.category).toBe('church-history');

    // On /blog, newest first, in the grid.
    await page.getByRole('banner').getByRole('link', { name: 'Blog', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Knowledge Blog' }).waitFor();
    await grid(page).getByRole('heading', { level: 3, name: title }).waitFor();
    expect((await cardTitles(gridCards(page)))[0]).toBe(title);

    // Feature it: it becomes the hero.
    await page.goBack();
    await row.getByRole('button', { name: `Feature "${title}"` }).click();
    expect(await toastText(page, 'Featured blog post updated')).toContain('Featured blog post updated');
    await row.getByText('Featured', { exact: true }).waitFor();
    await screenshot(page, 'blog-admin-list', ['mobile']);
    await page.getByRole('banner').getByRole('link', { name: 'Blog', exact: true }).click();
    await hero(page).getByRole('heading', { level: 2, name: title }).waitFor();
    expect(await grid(page).getByRole('heading', { level: 3, name: title }).count()).toBe(0);
    expect(await hero(page).count()).toBe(1);

    // The post page shows the safe version the server stored.
    await hero(page).getByRole('link', { name: /Read Article/ }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.locator('.blog-prose').getByRole('heading', { level: 2, name: 'A fresh heading' }).waitFor();
    expect(await page.locator('.blog-prose').locator('script, img, a[href^="javascript"]').count()).toBe(0);

    // Delete it: gone from the list, and its page is 'Article Not Found'.
    await visit(page, '/blog-admin');
    await row.getByRole('button', { name: `Delete "${title}"` }).click();
    expect(await toastText(page, 'Blog post deleted successfully')).toContain('Blog post deleted successfully');
    await row.waitFor({ state: 'detached' });
    await visit(page, `/blog/${created.id}`);
    await page.getByRole('heading', { level: 1, name: 'Article Not Found' }).waitFor();

    // Put the sample featured post back, for the journeys that expect it.
    await visit(page, '/blog-admin');
    await main.getByRole('button', { name: `Feature "${originalFeatured.title}"` }).click();
    expect(await toastText(page, 'Featured blog post updated')).toContain('Featured blog post updated');
    expect((await apiGet<Summary>(page, '/api/blog/featured')).id).toBe(originalFeatured.id);
    await context.close();
  });

  test('a draft and a scheduled post are on the desk, marked so, and nowhere a reader looks, the rendered page included', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAs(page, 'editor', '/blog-admin');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 2, name: 'Add New Article' }).waitFor();

    const draft = `E2E draft ${Date.now().toString(36)}`;
    await main.getByLabel('Title', { exact: true }).fill(draft);
    await main.getByLabel('Content (Markdown)').fill('Not ready for readers.');
    await main.getByRole('button', { name: 'Save Draft' }).click();
    expect(await toastText(page, 'Draft saved')).toContain('Draft saved');
    const draftRow = main.getByRole('listitem', { name: draft });
    await draftRow.getByText('Draft', { exact: true }).waitFor();

    // A day ahead, in the editor's own time: the button says what it will do.
    const scheduled = `E2E scheduled ${Date.now().toString(36)}`;
    const tomorrow = new Date(Date.now() + 86_400_000);
    const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await main.getByLabel('Title', { exact: true }).fill(scheduled);
    await main.getByLabel('Content (Markdown)').fill('For tomorrow.');
    await main.getByLabel('Publish at').fill(local);
    await main.getByRole('button', { name: 'Schedule Article' }).click();
    expect(await toastText(page, 'Blog post scheduled')).toContain('Blog post scheduled');
    await main.getByRole('listitem', { name: scheduled }).getByText('Scheduled', { exact: true }).waitFor();
    await main.getByRole('tab', { name: 'Drafts' }).click();
    await draftRow.waitFor();
    expect(await main.getByRole('listitem', { name: scheduled }).count()).toBe(0);
    await screenshot(page, 'blog-admin-states');

    const desk = await apiGet<Array<{ id: number; title: string; status: string }>>(page, '/api/blog?status=all&limit=100');
    const ids = [draft, scheduled].map((title) => desk.find((p) => p.title === title)!.id);
    expect(desk.filter((p) => ids.includes(p.id)).map((p) => p.status).sort()).toEqual(['draft', 'scheduled']);

    // A reader's browser: not on /blog, and each page, as the server renders it, is not found.
    const reader = await browser.newContext();
    const readerPage = await reader.newPage();
    await visitAndDismissAuth(readerPage, '/blog');
    await gridCards(readerPage).first().waitFor();
    for (const title of [draft, scheduled]) expect(await readerPage.getByText(title).count()).toBe(0);
    for (const id of ids) {
      const rendered = await readerPage.request.get(new URL(`/blog/${id}`, readerPage.url()).href);
      expect(rendered.status()).toBe(404);
      expect(await rendered.text()).toContain('Article Not Found');
    }
    await reader.close();

    // Tidy up for the journeys after this one.
    for (const id of ids) await page.evaluate(async (postId) => void (await fetch(`/api/blog/${postId}`, { method: 'DELETE' })), id);
    await context.close();
  });
  test('a draft previewed, then scheduled, appears at its time; an edit of a published post reaches its page and search at once', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInAs(page, 'editor', '/blog-admin');
    const main = page.getByRole('main');
    const form = main.locator('form').filter({ has: page.getByRole('heading', { level: 2, name: /Article$/ }) });
    await form.getByRole('heading', { level: 2, name: 'Add New Article' }).waitFor();
    const stamp = Date.now().toString(36);

    // Written as a draft, previewed as readers will see it.
    const title = `E2E on time ${stamp}`;
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Excerpt').fill('It shows when its minute comes.');
    await form.getByLabel('Content (Markdown)').fill('## Waiting\n\nA post that keeps its appointment.');
    await form.getByRole('tab', { name: 'Preview' }).click();
    const preview = form.getByRole('tabpanel', { name: 'Preview' }).getByRole('article', { name: title });
    await preview.getByRole('heading', { level: 2, name: 'Waiting' }).waitFor();
    await preview.getByText('It shows when its minute comes.').waitFor();
    await form.getByRole('button', { name: 'Save Draft' }).click();
    expect(await toastText(page, 'Draft saved')).toContain('Draft saved');

    // Scheduled for the next whole minute (Publish at is to the minute), at least 15 s ahead.
    await main.getByRole('button', { name: `Edit "${title}"` }).click();
    await form.getByRole('heading', { level: 2, name: 'Edit Article' }).waitFor();
    const at = new Date(Math.ceil((Date.now() + 15_000) / 60_000) * 60_000);
    const local = new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await form.getByLabel('Publish at').fill(local);
    await form.getByRole('button', { name: 'Schedule Article' }).click();
    expect(await toastText(page, 'Blog post scheduled')).toContain('Blog post scheduled');
    const id = (await apiGet<Array<{ id: number; title: string }>>(page, '/api/blog?status=all&limit=100')).find((p) => p.title === title)!.id;

    // Meanwhile: a published post edited on the desk is changed on its page and in search at once.
    const word = `lampstand${stamp}`;
    const published = await page.evaluate(async (t) => {
      const answer = await fetch('/api/blog/create', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ title: t, content: 'Before the edit.', category: 'theology' }) });
      return (await answer.json()) as { id: number };
    }, `E2E edited ${stamp}`);
    await page.reload();
    await main.getByRole('button', { name: `Edit "E2E edited ${stamp}"` }).click();
    await form.getByRole('heading', { level: 2, name: 'Edit Article' }).waitFor();
    await form.getByLabel('Title', { exact: true }).fill(`E2E edited again ${stamp}`);
    await form.getByLabel('Content (Markdown)').fill(`After the edit: the ${word} stands.`);
    await form.getByRole('button', { name: 'Update' }).click();
    expect(await toastText(page, 'Blog post updated')).toContain('Blog post updated');
    const rendered = await page.request.get(new URL(`/blog/${published.id}`, page.url()).href);
    expect(await rendered.text()).toContain(`After the edit: the ${word} stands.`);
    const reader = await browser.newContext();
    const readerPage = await reader.newPage();
    await visitAndDismissAuth(readerPage, `/search?q=${word}`);
    await readerPage.getByRole('main').getByRole('link', { name: new RegExp(`E2E edited again ${stamp}`) }).first().waitFor();

    // The scheduled post: nowhere before its minute, on /blog and its page after, with no restart.
    await visit(readerPage, '/blog');
    await gridCards(readerPage).first().waitFor();
    expect(await readerPage.getByText(title).count()).toBe(0);
    expect((await readerPage.request.get(new URL(`/blog/${id}`, readerPage.url()).href)).status()).toBe(404);
    await readerPage.waitForTimeout(Math.max(0, at.getTime() - Date.now()));
    await expect
      .poll(async () => (await readerPage.request.get(new URL(`/api/blog/${id}`, readerPage.url()).href)).status(), { timeout: 15_000, interval: 500 })
      .toBe(200);
    await visit(readerPage, '/blog');
    await grid(readerPage).getByRole('heading', { level: 3, name: title }).or(hero(readerPage).getByRole('heading', { name: title })).first().waitFor();
    const atItsTime = await readerPage.request.get(new URL(`/blog/${id}`, readerPage.url()).href);
    expect(atItsTime.status()).toBe(200);
    await reader.close();

    for (const postId of [id, published.id]) await page.evaluate(async (i) => void (await fetch(`/api/blog/${i}`, { method: 'DELETE' })), postId);
    await context.close();
    // Up to a minute and a quarter of it is waiting for the scheduled minute.
  }, 150_000);
});
