import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { screenshot, useBrowser } from './support/browser';
import { appReady, signUpThroughDialog, toastText, uniqueUsername, visit } from './support/app';

const browser = useBrowser(() => inject('baseURL'));

interface Summary {
  id: number;
  title: string;
  readTime: number;
}

/**
 * The machine has no way out: the YouTube IFrame API is answered by a stand-in that implements
 * YT.Player (getCurrentTime, getDuration, seekTo, onStateChange), records how each player was
 * asked to start (window.__players) and lets the test play the newest one to a second.
 */
const FAKE_IFRAME_API = `
(function () {
  window.__players = [];
  function Player(element, options) {
    var self = this;
    var time = (options.playerVars && options.playerVars.start) || 0;
    var frame = document.createElement('iframe');
    frame.src = 'about:blank';
    element.replaceWith(frame);
    window.__players.push({ videoId: options.videoId, start: options.playerVars ? options.playerVars.start : undefined });
    this.getCurrentTime = function () { return time; };
    this.getDuration = function () { return 600; };
    this.seekTo = function (seconds) { time = seconds; };
    this.destroy = function () { frame.remove(); };
    window.__playTo = function (seconds) {
      time = seconds;
      options.events.onStateChange({ data: 1, target: self });
    };
  }
  window.YT = { Player: Player, PlayerState: { ENDED: 0, PLAYING: 1, PAUSED: 2 } };
  setTimeout(function () { if (window.onYouTubeIframeAPIReady) window.onYouTubeIframeAPIReady(); }, 0);
})();
`;

async function openPage(): Promise<Page> {
  const page = await browser.newPage();
  await page.route('https://www.youtube.com/iframe_api', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: FAKE_IFRAME_API }));
  return page;
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => (await fetch(p)).json() as Promise<T>, path);
}

const main = (page: Page) => page.getByRole('main');
const continueSection = (page: Page) => main(page).getByRole('region', { name: 'Continue where you left off' });
const homeLink = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' });
/** The header's Home link, clicked where it is (Playwright's click would first scroll the page to it, moving the reader's place). */
const leaveForHome = (page: Page) => homeLink(page).dispatchEvent('click');
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where the top of the screen is in the article, as a fraction of its height. */
const placeInArticle = (page: Page) =>
  page.evaluate(() => {
    const rect = document.querySelector('main article')!.getBoundingClientRect();
    return -rect.top / rect.height;
  });

/** The post's text is on screen (not the renderer's placeholder). */
const textShown = (page: Page) => page.locator('main article .blog-prose:not([aria-busy])').waitFor();

describe('continue where you left off', () => {
  let page: Page;
  let post: Summary;
  let video: Summary;
  let halfway: number;

  beforeAll(async () => {
    page = await openPage();
    await visit(page, '/');
    await signUpThroughDialog(page, uniqueUsername('resume'));
    const posts = await apiGet<Summary[]>(page, '/api/blog?limit=100');
    post = posts.reduce((a, b) => (b.readTime > a.readTime ? b : a));
    const popular = await apiGet<Summary[]>(page, '/api/videos/popular');
    expect(popular.length).toBeGreaterThan(0);
    video = popular[0]!;
  });
  afterAll(async () => {
    await page.close();
  });

  test('a post scrolled halfway scrolls back there: after going elsewhere and coming back, after a reload, in a new tab', async () => {
    await visit(page, `/blog/${post.id}`);
    await textShown(page);
    const article = await page.locator('main article').boundingBox();
    expect(article!.height).toBeGreaterThan(2 * 800);
    // The reader scrolls (the wheel, as a person does) to about the middle of the article.
    await page.mouse.move(640, 400);
    while ((await placeInArticle(page)) < 0.4) {
      await page.mouse.wheel(0, 150);
      await page.waitForTimeout(200);
    }
    await page.waitForTimeout(1300);
    halfway = await placeInArticle(page);
    expect(halfway).toBeLessThan(0.55);
    // Saved (throttled) while scrolling: the place, and how much is read (down to the bottom of the screen).
    const saved = await page.evaluate((id) => JSON.parse(localStorage.getItem('cik-resume')!).find((p: { kind: string; id: number }) => p.kind === 'blog' && p.id === id), post.id);
    expect(saved.position).toBeCloseTo(halfway, 2);
    expect(saved.progress).toBeGreaterThan(halfway);
    expect(saved.progress).toBeLessThan(0.98);

    // Home, then back by its 'Continue' link (a new visit of the page, which opens at the top).
    await leaveForHome(page);
    await continueSection(page).getByRole('link', { name: new RegExp(escape(post.title)) }).click();
    await page.waitForURL((url) => url.pathname === `/blog/${post.id}`);
    await textShown(page);
    await expect.poll(() => placeInArticle(page)).toBeCloseTo(halfway, 1);

    await page.reload();
    await appReady(page);
    await textShown(page);
    await expect.poll(() => placeInArticle(page)).toBeCloseTo(halfway, 1);

    const tab = await openPage();
    await visit(tab, `/blog/${post.id}`);
    await textShown(tab);
    await expect.poll(() => placeInArticle(tab)).toBeCloseTo(halfway, 1);
    await tab.close();

    // Opened with a #fragment, the address decides where to look: no restore, and that jump is not saved as the reader's place.
    const linked = await openPage();
    await visit(linked, `/blog/${post.id}#post-title`);
    await textShown(linked);
    await linked.waitForTimeout(1500);
    expect(await placeInArticle(linked)).toBeLessThan(0.1);
    await linked.close();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cik-resume')!) as { position: number }[]);
    expect(stored[0]!.position).toBeCloseTo(halfway, 2);
  });

  test('a video played to 0:37 starts at 0:37 when the reader comes back', async () => {
    await visit(page, `/watch/${video.id}`);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __players?: unknown[] }).__players?.length ?? 0)).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __players: { start?: number }[] }).__players[0]!.start)).toBeUndefined();
    await main(page).getByTitle(`Video player: ${video.title}`).waitFor();
    await page.evaluate(() => (window as unknown as { __playTo: (s: number) => void }).__playTo(37));

    // Leave for home (the player saves as the page goes), then come back.
    await leaveForHome(page);
    await page.getByRole('heading', { level: 1, name: 'context is key' }).waitFor();
    await page.goBack();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __players: { start?: number }[] }).__players.at(-1)!.start)).toBe(37);
  });

  test("home: 'Continue where you left off' with both, newest first; marking one complete removes it", async () => {
    await visit(page, '/');
    const section = continueSection(page);
    await section.waitFor();
    const links = section.getByRole('link');
    await expect.poll(() => links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual([`/watch/${video.id}`, `/blog/${post.id}`]);
    await section.getByText('6% watched').waitFor();
    await section.getByText(/^\d+% read$/).waitFor();
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'home-continue');

    // Resume the video from home, mark it complete: it leaves the list.
    await section.getByRole('link', { name: new RegExp(escape(video.title)) }).click();
    await page.waitForURL((url) => url.pathname === `/watch/${video.id}`);
    await expect.poll(() => page.evaluate(() => (window as unknown as { __players: { start?: number }[] }).__players.at(-1)!.start)).toBe(37);
    const complete = main(page).getByRole('button', { name: 'Mark Complete' });
    await expect.poll(() => complete.isEnabled()).toBe(true);
    await complete.click();
    await toastText(page, 'Marked as complete!');
    await leaveForHome(page);
    await section.waitFor();
    await expect.poll(() => links.evaluateAll((all) => all.map((a) => a.getAttribute('href')))).toEqual([`/blog/${post.id}`]);
  });

  test('reading a post to its end finishes it: nothing is left to continue', async () => {
    await continueSection(page).getByRole('link', { name: new RegExp(escape(post.title)) }).click();
    await textShown(page);
    await expect.poll(() => placeInArticle(page)).toBeCloseTo(halfway, 1);
    await page.mouse.move(640, 400);
    const end = () => page.evaluate(() => document.querySelector('main article')!.getBoundingClientRect().bottom <= window.innerHeight);
    while (!(await end())) {
      await page.mouse.wheel(0, 300);
      await page.waitForTimeout(100);
    }
    await page.waitForTimeout(1300);
    await leaveForHome(page);
    await page.getByRole('heading', { level: 2, name: 'Daily Devotional' }).waitFor();
    expect(await continueSection(page).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('cik-resume'))).toBe('[]');
  });
});

describe('leaving a post by a link or by back keeps the place last read', () => {
  let page: Page;
  let post: Summary;

  beforeAll(async () => {
    page = await openPage();
    await visit(page, '/');
    const posts = await apiGet<Summary[]>(page, '/api/blog?limit=100');
    // Another long post than the journey above reads: each keeps its own place.
    post = [...posts].sort((a, b) => b.readTime - a.readTime)[1]!;
  });
  afterAll(async () => {
    await page.close();
  });

  const stored = () =>
    page.evaluate((id) => (JSON.parse(localStorage.getItem('cik-resume') ?? '[]') as { kind: string; id: number; position: number }[]).find((p) => p.kind === 'blog' && p.id === id)?.position, post.id);

  /** Opens the post from /blog's list, as a reader does, and waits for its text. */
  const openFromBlog = async () => {
    await main(page).getByRole('link', { name: new RegExp(escape(post.title)) }).first().click();
    await page.waitForURL((url) => url.pathname === `/blog/${post.id}`);
    await textShown(page);
  };

  test("by the header's Blog link, and by back: the post opens again where it was left", async () => {
    await visit(page, `/blog/${post.id}`);
    await textShown(page);
    await page.mouse.move(640, 400);
    while ((await placeInArticle(page)) < 0.5) {
      await page.mouse.wheel(0, 200);
      await page.waitForTimeout(150);
    }
    await page.waitForTimeout(1300);
    const place = await placeInArticle(page);
    expect(await stored()).toBeCloseTo(place, 2);

    // The header's link, clicked as a person clicks it.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
    await page.waitForURL((url) => url.pathname === '/blog');
    await main(page).getByRole('link', { name: new RegExp(escape(post.title)) }).first().waitFor();
    expect(await stored()).toBeCloseTo(place, 2);
    await openFromBlog();
    await expect.poll(() => placeInArticle(page)).toBeCloseTo(place, 1);

    // Back to the list, and the post again from it.
    await page.waitForTimeout(1300);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/blog');
    await main(page).getByRole('link', { name: new RegExp(escape(post.title)) }).first().waitFor();
    expect(await stored()).toBeCloseTo(place, 2);
    await openFromBlog();
    await expect.poll(() => placeInArticle(page)).toBeCloseTo(place, 1);
  });
});
