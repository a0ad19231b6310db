import { inject } from 'vitest';
import { DESKTOP, MOBILE, screenshot, useBrowser } from './support/browser';
import { authDialog, uniqueUsername, visit, visitAndDismissAuth } from './support/app';
import { signUpInPage } from './support/offline';

const browser = useBrowser(() => inject('baseURL'));

// Every route of docs/product.md#screens-and-routes and the text that shows it opened. The screens' helpers replace these
// expectations as they build each page (a watch page will show the video's title, and so on).
const ROUTES: [path: string, text: string][] = [
  ['/', 'Search Our Content'],
  ['/videos', 'Video Library'],
  ['/watch/1', "How to Read the Bible in Context: A Beginner's Method"],
  ['/blog', 'Load More Articles'],
  ['/blog/1', 'Reading the Church Fathers: Where to Start'],
  ['/blog-admin', 'Blog Management is for editors. Please sign in with an editor account.'],
  ['/search?q=grace', 'Found 3 results for "grace"'],
  ['/live-qa', 'Upcoming Sessions'],
  ['/bookmarks', 'Please sign in to view your bookmarks.'],
  ['/profile', 'Please sign in to view your profile.'],
  ['/saved', 'Saved for offline'],
  ['/no-such-page', '404 Page Not Found'],
];

describe('routes', () => {
  test.each(ROUTES)('%s opens and shows "%s"', async (path, text) => {
    const page = await browser.newPage();
    await visitAndDismissAuth(page, path);
    await page.getByRole('main').getByText(text, { exact: true }).first().waitFor();
    await page.close();
  });

  test('the not-found page says what is wrong and links home', async () => {
    const page = await browser.newPage();
    await visitAndDismissAuth(page, '/no-such-page');
    await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Go home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.close();
  });

  test('the header links move between pages and mark the current one', async () => {
    const page = await browser.newPage();
    await visitAndDismissAuth(page, '/');
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Blog' }).click();
    await page.getByRole('heading', { level: 1, name: 'Knowledge Blog' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Blog' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    await nav.getByRole('link', { name: 'Live Q&A' }).click();
    await page.getByRole('heading', { level: 1, name: 'Live Q&A' }).waitFor();
    await page.close();
  });
});

describe('header search', () => {
  test('desktop: goes to /search?q=…, and a blank query does nothing', async () => {
    const page = await browser.newPage(DESKTOP);
    await visitAndDismissAuth(page, '/blog');
    const search = page.getByRole('banner').getByRole('searchbox', { name: 'Search' });
    await search.fill('   ');
    await search.press('Enter');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/blog');
    await search.fill('problem of evil');
    await search.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search');
    expect(new URL(page.url()).searchParams.get('q')).toBe('problem of evil');
    await page.getByText(/^Found \d+ results? for "problem of evil"$/).waitFor();
    await page.close();
  });

  test('mobile: the slide-out menu has the links and a search box, and closes after searching', async () => {
    const page = await browser.newPage(MOBILE);
    await visitAndDismissAuth(page, '/');
    expect(await page.getByRole('banner').getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    for (const name of ['Home', 'Videos', 'Blog', 'Bookmarks', 'Live Q&A']) await menu.getByRole('link', { name, exact: true }).waitFor();
    await menu.getByRole('button', { name: 'Sign in' }).waitFor();
    await screenshot(page, 'mobile-menu', ['mobile']);
    const search = menu.getByRole('searchbox', { name: 'Search' });
    await search.fill('  ');
    await search.press('Enter');
    expect(await menu.isVisible()).toBe(true);
    await search.fill('trinity');
    await search.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'trinity');
    await menu.waitFor({ state: 'hidden' });
    await page.close();
  });

  test('mobile: the menu closes on Escape and on navigation', async () => {
    const page = await browser.newPage(MOBILE);
    await visitAndDismissAuth(page, '/');
    const openButton = page.getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await openButton.click();
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await openButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await openButton.click();
    await menu.getByRole('link', { name: 'Videos' }).click();
    await page.getByRole('heading', { level: 1, name: 'Video Library' }).waitFor();
    await menu.waitFor({ state: 'hidden' });
    await page.close();
  });

  test('mobile, signed in: Tab stays in the menu, and its Profile and Log out work', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setViewportSize(MOBILE);
    const username = uniqueUsername('menu');
    await signUpInPage(page, username, '/blog');
    const openButton = page.getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await openButton.click();
    await menu.getByText(`@${username}`).waitFor();
    // The menu is not a modal for the browser (it opens with show()), so it keeps Tab inside itself.
    const focusInMenu = () => menu.evaluate((dialog) => dialog.contains(document.activeElement));
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent?.trim() ?? '');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedName()).toBe('Close menu');
    await page.keyboard.press('Tab');
    expect(await focusInMenu()).toBe(true);
    for (let i = 0; i < 30; i += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInMenu()).toBe(true);
    }
    await menu.getByRole('link', { name: 'Profile' }).click();
    await page.waitForURL((url) => url.pathname === '/profile');
    await menu.waitFor({ state: 'hidden' });

    await openButton.click();
    await menu.getByRole('button', { name: 'Log out' }).click();
    await menu.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await menu.getByText(`@${username}`).count()).toBe(0);
    await context.close();
  });

  test('mobile: a closed dialog is not rendered at all, and closing still slides the menu out first', async () => {
    const page = await browser.newPage(MOBILE);
    await visitAndDismissAuth(page, '/blog/1');
    // Every page holds the menu's and the welcome's dialogs: closed, they cost no style or layout.
    const closedUnrendered = `(() => { const all = [...document.querySelectorAll('dialog')]; return all.length >= 2 && all.every((d) => !d.open && getComputedStyle(d).display === 'none'); })()`;
    await expect.poll(() => page.evaluate<boolean>(closedUnrendered)).toBe(true);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    await page.waitForTimeout(400);
    const state = `(() => { const d = [...document.querySelectorAll('dialog')].find((x) => document.getElementById(x.getAttribute('aria-labelledby'))?.textContent === 'Menu'); return [d.open, getComputedStyle(d).display, getComputedStyle(d.querySelector('.modal-box')).translate].join(' '); })()`;
    // Seen as it closes (no longer [open]): still shown, its box about to slide out to the right...
    await page.evaluate(`document.querySelectorAll('dialog').forEach((d) => d.addEventListener('close', () => { window.seenOnClose = ${state}; }))`);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate<string | undefined>('window.seenOnClose')).toMatch(/^false grid /);
    // ...then gone.
    await expect.poll(() => page.evaluate<string>(state)).toBe('false none 100%');
    await page.close();
  });
});

describe('layout', () => {
  test('a skip link leads to the main content', async () => {
    const page = await browser.newPage();
    await visitAndDismissAuth(page, '/blog');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
    await page.close();
  });

  test('footer: brand blurb, quick links and the 2025 copyright', async () => {
    const page = await browser.newPage();
    await visitAndDismissAuth(page, '/');
    const footer = page.getByRole('contentinfo');
    for (const name of ['Home', 'Videos', 'Blog']) await footer.getByRole('link', { name, exact: true }).waitFor();
    await footer.getByText('© 2025 context is key. All rights reserved.').waitFor();
    await page.close();
  });

  test("once the page is the app's, a loading placeholder shimmers (after its delay) and a placeholder of the reader's own parts never does", async () => {
    const page = await browser.newPage();
    await visitAndDismissAuth(page, '/');
    const animation = (className: string) =>
      page.evaluate((name) => {
        const element = document.createElement('div');
        element.className = name;
        document.body.append(element);
        const { animationName, animationDelay } = getComputedStyle(element);
        element.remove();
        return `${animationName} ${animationDelay}`;
      }, className);
    expect(await animation('skeleton')).toBe('skeleton 1s');
    expect((await animation('skeleton skeleton-still')).split(' ')[0]).toBe('none');
    await page.close();
  });

  test("on a phone the footer's quick links are rows a finger's width (48 px) tall", async () => {
    const page = await browser.newPage(MOBILE);
    await visitAndDismissAuth(page, '/');
    const links = page.getByRole('contentinfo').getByRole('navigation').getByRole('link');
    await links.first().scrollIntoViewIfNeeded();
    const boxes = await links.evaluateAll((elements) => elements.map((e) => e.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes.length).toBeGreaterThanOrEqual(3);
    for (const [i, box] of boxes.entries()) {
      expect(box.height).toBeGreaterThanOrEqual(48);
      if (i > 0) expect(box.top).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom);
    }
    await page.close();
  });

  test('nothing is wider than a 360 px screen', async () => {
    const page = await browser.newPage({ width: 360, height: 740 });
    for (const path of ['/', '/blog', '/no-such-page']) {
      await visit(page, path);
      await authDialog(page).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }
    await page.close();
  });

  test('screenshots: home, light and dark', async () => {
    const page = await browser.newPage();
    await visitAndDismissAuth(page, '/');
    await screenshot(page, 'home');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'home-dark');
    await page.close();
  });
});
