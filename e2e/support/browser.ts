import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's chromium; `npx playwright install` is never needed. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export const MOBILE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;
export const SCREENSHOT_DIR = path.resolve('screenshots');

/**
 * For journeys that reload or navigate with the network off. Playwright's offline switch
 * (`context.setOffline`) reaches the documents open when it was turned on; Debian's chromium 150
 * gives every navigation a new document host (RenderDocument), and a page reloaded offline,
 * answered by the service worker, said `navigator.onLine === true` ('Offline' never showed in the
 * header, and the watch page started its player) while its requests failed. A phone without
 * signal says false. Without the feature the switch holds for every document, as before. Not for
 * every file: with it, two hydration journeys logged a failed request (ERR_FAILED) they do not
 * otherwise see. (Telling each new document again through the DevTools protocol raced the app's
 * first render.)
 */
export const OFFLINE_ACROSS_DOCUMENTS = ['--disable-features=RenderDocument'];

export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...extraArgs], headless: true });
}

export interface BrowserSession {
  browser: () => Browser;
  /** The file's own context: cookies and storage are shared by its pages, never with other files. */
  context: () => BrowserContext;
  /** A new page (tab) in this file's context, at the desktop size unless told otherwise. */
  newPage: (viewport?: { width: number; height: number }) => Promise<Page>;
  /** A second, empty context (another visitor), closed with the file's browser. */
  newContext: () => Promise<BrowserContext>;
}

/**
 * Call once at the top of a test file: launches one browser for the file (vitest runs e2e files
 * one at a time) with a fresh context, and closes both afterwards. Pages log browser errors to
 * the test output; a page error (an uncaught exception) fails the test.
 */
export function useBrowser(baseURL: () => string, options: { args?: string[] } = {}): BrowserSession {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  const errors: string[] = [];

  const prepare = (ctx: BrowserContext) => {
    ctx.setDefaultTimeout(10_000);
    ctx.on('page', (page) => watch(page, errors));
    return ctx;
  };

  beforeAll(async () => {
    browser = await launchBrowser(options.args);
    context = prepare(await browser.newContext({ baseURL: baseURL(), viewport: DESKTOP }));
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(() => {
    if (errors.length) {
      const found = errors.splice(0);
      throw new Error(`The page threw:\n${found.join('\n')}`);
    }
  });

  return {
    browser: () => must(browser),
    context: () => must(context),
    newPage: async (viewport = DESKTOP) => {
      const page = await must(context).newPage();
      await page.setViewportSize(viewport);
      return page;
    },
    newContext: async () => prepare(await must(browser).newContext({ baseURL: baseURL(), viewport: DESKTOP })),
  };
}

function watch(page: Page, errors: string[]) {
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
}

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('useBrowser(): the browser is not ready (call it at the top of the test file)');
  return value;
}

/**
 * Saves screenshots/{name}-mobile.png (390×844) and screenshots/{name}-desktop.png (1280×800)
 * of the page as it is (or only the sizes asked for), then puts the page back to its own size.
 */
export async function screenshot(page: Page, name: string, sizes: ('mobile' | 'desktop')[] = ['mobile', 'desktop']): Promise<string[]> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const original = page.viewportSize();
  const files: string[] = [];
  for (const [label, size] of [['mobile', MOBILE], ['desktop', DESKTOP]] as const) {
    if (!sizes.includes(label)) continue;
    await page.setViewportSize(size);
    // Let layout and CSS transitions settle at the new size.
    await page.waitForTimeout(400);
    const file = path.join(SCREENSHOT_DIR, `${name}-${label}.png`);
    await page.screenshot({ path: file });
    files.push(file);
  }
  if (original) await page.setViewportSize(original);
  return files;
}
