import path from 'node:path';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { MOBILE, SCREENSHOT_DIR, screenshot, useBrowser } from './support/browser';
import { authDialog, signUpThroughDialog, toast, toastText, uniqueUsername, visit, visitAndDismissAuth } from './support/app';

const browser = useBrowser(() => inject('baseURL'));

const main = (page: Page) => page.getByRole('main');
const heartButton = (page: Page) => main(page).getByRole('button', { name: /Heart this devotional/ });
const heartCount = (page: Page) => main(page).getByTestId('heart-count');
const section = (page: Page, heading: string) => main(page).locator('section').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });

/** Today's devotional for the browser's own date, as the API has it. */
async function todaysDevotional(page: Page): Promise<{ id: number; devotionalTitle: string; verseReference: string }> {
  return page.evaluate(async () => {
    const now = new Date();
    const date = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    const response = await fetch(`/api/devotional/today?date=${date}`);
    return (await response.json()) as { id: number; devotionalTitle: string; verseReference: string };
  });
}

async function signUp(page: Page): Promise<string> {
  const username = uniqueUsername('home');
  await visit(page, '/');
  await signUpThroughDialog(page, username);
  await page.getByRole('banner').getByRole('button', { name: `Account menu for @${username}` }).waitFor();
  return username;
}

describe('home', () => {
  test('shows the hero, the devotional, two popular videos, the featured video and article, tiles and the newsletter', async () => {
    const page = await browser.newPage();
    await visitAndDismissAuth(page, '/');
    await main(page).getByRole('heading', { level: 1, name: 'context is key' }).waitFor();
    await main(page).getByText('Where truth is vital and where love is necessary').waitFor();
    expect(await main(page).getByRole('link', { name: 'Watch Videos' }).getAttribute('href')).toBe('/videos');
    expect(await main(page).getByRole('link', { name: 'Read Articles' }).getAttribute('href')).toBe('/blog');

    const devotional = await todaysDevotional(page);
    await main(page).getByRole('heading', { level: 3, name: devotional.devotionalTitle }).waitFor();
    await main(page).getByText(devotional.verseReference, { exact: true }).waitFor();

    await main(page).getByRole('heading', { name: 'Search Our Content' }).waitFor();
    const popular = section(page, 'Most Popular Videos');
    await popular.waitFor();
    const popularLinks = await popular.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(popularLinks).toHaveLength(2);
    for (const href of popularLinks) expect(href).toMatch(/^\/watch\/\d+$/);

    const featuredVideo = section(page, 'FEATURED VIDEO');
    await featuredVideo.getByRole('link', { name: 'Watch Video' }).waitFor();
    expect(await featuredVideo.textContent()).toMatch(/[\d,.\s]+ views/);
    const featuredArticle = section(page, 'FEATURED ARTICLE');
    await featuredArticle.getByRole('link', { name: 'Read Article' }).waitFor();
    expect(await featuredArticle.textContent()).toMatch(/\d+ min read/);

    const subscribe = main(page).getByRole('link', { name: /^Subscribe/ });
    expect(await subscribe.getAttribute('target')).toBe('_blank');
    expect(await subscribe.getAttribute('rel')).toBe('noopener noreferrer');
    await main(page).getByRole('heading', { name: 'Stay Updated' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

    await screenshot(page, 'home');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'home-full-desktop.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'home-dark');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'home-dark-full-desktop.png'), fullPage: true });
    await page.setViewportSize(MOBILE);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'home-dark-full-mobile.png'), fullPage: true });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'home-full-mobile.png'), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await page.close();
  });

  test("'Watch Video', 'Read Article' and a popular video open their pages", async () => {
    const page = await browser.newPage();
    await visitAndDismissAuth(page, '/');
    const watch = section(page, 'FEATURED VIDEO').getByRole('link', { name: 'Watch Video' });
    const videoHref = await watch.getAttribute('href');
    expect(videoHref).toMatch(/^\/watch\/\d+$/);
    const videoTitle = await section(page, 'FEATURED VIDEO').getByRole('heading', { level: 3 }).textContent();
    await watch.click();
    await page.waitForURL((url) => url.pathname === videoHref);
    await main(page).getByText(videoTitle!, { exact: true }).first().waitFor();

    await page.goBack();
    const read = section(page, 'FEATURED ARTICLE').getByRole('link', { name: 'Read Article' });
    const postHref = await read.getAttribute('href');
    expect(postHref).toMatch(/^\/blog\/\d+$/);
    const postTitle = await section(page, 'FEATURED ARTICLE').getByRole('heading', { level: 3 }).textContent();
    await read.click();
    await page.waitForURL((url) => url.pathname === postHref);
    await main(page).getByText(postTitle!, { exact: true }).first().waitFor();

    await page.goBack();
    const firstPopular = section(page, 'Most Popular Videos').getByRole('link').first();
    const popularHref = await firstPopular.getAttribute('href');
    await firstPopular.click();
    await page.waitForURL((url) => url.pathname === popularHref);
    await page.close();
  });

  test('the home search box goes to /search?q=… and ignores blanks', async () => {
    const page = await browser.newPage();
    await visitAndDismissAuth(page, '/');
    const box = main(page).getByPlaceholder('Search videos, articles, and topics...');
    await box.fill('   ');
    await box.press('Enter');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/');
    await box.fill('  resurrection ');
    await main(page).getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/search');
    expect(new URL(page.url()).searchParams.get('q')).toBe('resurrection');
    await page.close();
  });
});

describe('newsletter', () => {
  test("subscribes ('Success!', field cleared), subscribes again, and does nothing when empty", async () => {
    const page = await browser.newPage(MOBILE);
    await visitAndDismissAuth(page, '/');
    const form = section(page, 'Stay Updated');
    const email = form.getByLabel('Email address');
    const subscribe = form.getByRole('button', { name: 'Subscribe' });

    await subscribe.click();
    await page.waitForTimeout(300);
    expect(await toast(page).count()).toBe(0);
    expect(await email.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);

    const address = `${uniqueUsername('news')}@example.com`;
    const posted = () => page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/newsletter'));
    await email.fill(address);
    const first = posted();
    await subscribe.click();
    expect((await first).status()).toBe(200);
    expect(await toastText(page, 'Success!')).toContain("You've been subscribed to our newsletter.");
    expect(await email.inputValue()).toBe('');
    await screenshot(page, 'home-newsletter-success', ['mobile']);

    // The same reader again (any case): the very same answer (it never tells who subscribes), one subscription on the server.
    await email.fill(address.toUpperCase());
    const second = posted();
    await subscribe.click();
    expect((await second).status()).toBe(200);
    expect(await toastText(page, 'Success!')).toContain("You've been subscribed to our newsletter.");
    expect(await email.inputValue()).toBe('');
    await page.close();
  });
});

describe('the devotional heart', () => {
  test("signed out: 'Sign in required' toast and the auth dialog, no heart", async () => {
    const page = await browser.newPage();
    await visitAndDismissAuth(page, '/');
    const button = heartButton(page);
    await button.click();
    expect(await toastText(page, 'Sign in required')).toContain('Please sign in to heart the daily devotional.');
    expect(await toast(page).getAttribute('data-variant')).toBe('destructive');
    await authDialog(page).waitFor();
    await screenshot(page, 'home-heart-signed-out', ['mobile']);
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-pressed')).toBe('false');
    await page.close();
  });

  test('signed in: the count goes to 1 and survives a reload; un-hearting hides it without a toast', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const myHearts = () => page.waitForResponse((r) => r.url().includes('/hearts?userId='));
    let hearts = myHearts();
    await signUp(page);
    const button = heartButton(page);
    await hearts;
    expect(await heartCount(page).count()).toBe(0);

    const delivered = page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/devotional\/\d+\/heart$/.test(r.url()));
    await button.click();
    expect(await toastText(page, '💖 Devotional hearted!')).toContain('Thank you for the encouragement!');
    expect(await heartCount(page).textContent()).toBe('1 heart');
    expect(await button.getAttribute('aria-pressed')).toBe('true');
    expect((await delivered).status()).toBe(200);
    await main(page).getByTestId('heart-pending').waitFor({ state: 'detached' });
    await screenshot(page, 'home-hearted');

    hearts = myHearts();
    await page.reload();
    // The count shown after a reload is the server's (the saved answer is fetched again).
    expect((await hearts).ok()).toBe(true);
    await page.waitForFunction(() => document.querySelector('[data-testid="heart-count"]')?.textContent === '1 heart');
    expect(await heartButton(page).getAttribute('aria-pressed')).toBe('true');

    const removed = page.waitForResponse((r) => r.request().method() === 'DELETE' && /\/api\/devotional\/\d+\/heart$/.test(r.url()));
    const refreshedAfterDelivery = myHearts();
    await heartButton(page).click();
    expect((await removed).status()).toBe(200);
    expect(await heartCount(page).count()).toBe(0);
    expect(await heartButton(page).getAttribute('aria-pressed')).toBe('false');
    expect(await toast(page).filter({ hasText: 'Devotional hearted' }).count()).toBe(0);
    expect((await refreshedAfterDelivery).ok()).toBe(true);

    hearts = myHearts();
    await page.reload();
    expect((await hearts).ok()).toBe(true);
    // A reload within moments of the change may first paint the answer saved on the device
    // before it; the server's answer (not hearted, no count) is what stays.
    await expect.poll(() => heartButton(page).getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('false');
    await page.waitForTimeout(300);
    expect(await heartButton(page).getAttribute('aria-pressed')).toBe('false');
    expect(await heartCount(page).count()).toBe(0);
    await context.close();
  });
});
