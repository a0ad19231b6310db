import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { MOBILE, screenshot, useBrowser } from './support/browser';
import { appReady, authDialog, visitAndDismissAuth } from './support/app';

// Reading settings (docs/product.md#reading-settings): the theme and text size a reader picks, applied before the first paint.
const baseURL = () => inject('baseURL');
const browser = useBrowser(baseURL);

/** What <html> carried when <body> first appeared, i.e. at the first paint (recorded by an init script). */
async function recordFirstPaintLook(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { lookAtBody?: string };
    new MutationObserver((_, observer) => {
      if (!document.body) return;
      const root = document.documentElement;
      w.lookAtBody = `${root.getAttribute('data-theme') ?? '-'} ${root.getAttribute('data-text-size') ?? '-'}`;
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
}
const lookAtBody = (page: Page) => page.evaluate(() => (window as unknown as { lookAtBody?: string }).lookAtBody);
const proseSize = (page: Page) => page.locator('.blog-prose').first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
/** The text-size steps show a bigger "A" each, in a label around a visually hidden radio: the label is what a reader presses. */
const sizeStep = (page: Page, name: string, scope: Page | ReturnType<Page['getByRole']> = page) =>
  scope.locator('label').filter({ has: page.getByRole('radio', { name, exact: true }) });
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

describe('Theme and text size', () => {
  test('a signed-out reader picks Dark and Extra large; both apply at once and are there from the first paint after a reload, rendered or not', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await recordFirstPaintLook(page);
    await visitAndDismissAuth(page, '/blog/1');
    const before = { size: await proseSize(page), background: await background(page) };

    await page.getByRole('banner').getByRole('button', { name: 'Reading settings' }).click();
    await page.getByRole('radio', { name: 'Dark' }).check();
    await sizeStep(page, 'Extra large').click();
    await expect.poll(() => proseSize(page)).toBeCloseTo(before.size * 1.3, 0);
    expect(await background(page)).not.toBe(before.background);
    await page.keyboard.press('Escape');
    await screenshot(page, 'reading-dark-x-large', ['desktop']);

    // A page the server renders: its HTML already says so (from the cookie).
    const served = await page.request.get('/blog/1', { headers: { accept: 'text/html' } });
    expect(/<html[^>]*>/.exec(await served.text())![0]).toBe('<html lang="en" data-theme="cik-dark" data-text-size="x-large">');
    await page.reload();
    await appReady(page);
    expect(await lookAtBody(page)).toBe('cik-dark x-large');
    expect(await proseSize(page)).toBeCloseTo(before.size * 1.3, 0);
    // The post's notes scale too (16 px at Medium).
    await authDialog(page).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('main').getByRole('button', { name: 'Notes' }).click();
    const notesBox = page.getByRole('dialog', { name: 'Your Notes' }).getByLabel('Your Notes', { exact: true });
    expect(await notesBox.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeCloseTo(16 * 1.3, 0);
    await page.keyboard.press('Escape');

    // A page the browser renders from the app's shell (device only, like /notes): the same.
    await visitAndDismissAuth(page, '/notes');
    expect(await lookAtBody(page)).toBe('cik-dark x-large');

    // Back to System and Medium, from the phone's menu this time.
    await page.setViewportSize(MOBILE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('radio', { name: 'System' }).check();
    await sizeStep(page, 'Medium', menu).click();
    await page.reload();
    await appReady(page);
    expect(await lookAtBody(page)).toBe('- -');
    await context.close();
  });

  test('a change of theme or text size starts no transition anywhere on the page, and the size changes the reading text only', async () => {
    // The cards and the header's links fade their colours on hover; a new theme changes those
    // colours, and each fade would start (and the page handle its events) before the theme showed.
    const context = await browser.newContext();
    const page = await context.newPage();
    await visitAndDismissAuth(page, '/');
    await page.evaluate(() => {
      const w = window as unknown as { transitionsRun: string[] };
      w.transitionsRun = [];
      document.addEventListener(
        'transitionrun',
        (event) => {
          const target = event.target as Element;
          w.transitionsRun.push(`${target.tagName.toLowerCase()}.${[...target.classList].join('.')} ${event.propertyName}`);
        },
        true,
      );
    });
    const transitionsRun = () => page.evaluate(() => (window as unknown as { transitionsRun: string[] }).transitionsRun);
    const settled = () => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300)))));
    // The page's own transitions are there to be started: a card fades its shadow.
    const transitioning = await page.locator('main a.transition').count();
    expect(transitioning).toBeGreaterThan(0);

    // Today's verse on home scales with the text size; the page around it does not.
    const verseSize = () => page.getByRole('main').locator('blockquote').first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    const headingSize = () => page.getByRole('main').getByRole('heading', { level: 1 }).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    const before = { verse: await verseSize(), heading: await headingSize() };

    await page.getByRole('banner').getByRole('button', { name: 'Reading settings' }).click();
    await settled();
    await page.evaluate(() => ((window as unknown as { transitionsRun: string[] }).transitionsRun = []));
    await page.getByRole('radio', { name: 'Dark' }).check();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('cik-dark');
    await settled();
    await sizeStep(page, 'Large').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.textSize)).toBe('large');
    await settled();
    expect(await transitionsRun()).toEqual([]);
    expect(await verseSize()).toBeCloseTo(before.verse * 1.15, 0);
    expect(await headingSize()).toBe(before.heading);
    await context.close();
  });
});
