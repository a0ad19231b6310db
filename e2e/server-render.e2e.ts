import type { BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { DESKTOP, MOBILE, screenshot, useBrowser } from './support/browser';
import { uniqueUsername, visit, visitAndDismissAuth } from './support/app';
import { signUpInPage } from './support/offline';
import { entryKey, readBuildManifest } from './support/build-manifest';

// Server rendering (docs/decisions/007): the public pages arrive rendered. The first HTML (no script run) holds the page's own
// content and head tags; React takes it over without a mismatch; the reader's own parts (the
// avatar menu, bookmark state) fill in after; unknown posts, videos and routes are 404s; and the
// pages read without JavaScript.

const baseURL = () => inject('baseURL');
const browser = useBrowser(baseURL);

interface Post {
  id: number;
  title: string;
  excerpt: string | null;
  content: string;
}
interface Video {
  id: number;
  title: string;
  description: string | null;
}

async function api<T>(path: string): Promise<T> {
  const answer = await fetch(`${baseURL()}${path}`);
  if (!answer.ok) throw new Error(`GET ${path}: ${answer.status}`);
  return (await answer.json()) as T;
}

/** The HTML the server sends a first-time visitor, as a crawler or link preview gets it. */
async function firstHtml(path: string): Promise<{ status: number; html: string; type: string }> {
  const answer = await fetch(`${baseURL()}${path}`, { headers: { Accept: 'text/html' } });
  return { status: answer.status, html: await answer.text(), type: answer.headers.get('content-type') ?? '' };
}

const decode = (s: string) =>
  s
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCharCode(parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
/** The visible text of the HTML's #root (tags dropped), for "does it say …". */
const rootText = (html: string) => decode((html.split('<div id="root">')[1] ?? '').replace(/<script[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
const head = (html: string) => html.split('</head>')[0] ?? '';
const meta = (html: string, attr: 'name' | 'property', key: string) => {
  const match = new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(head(html));
  return match ? decode(match[1]!) : null;
};
const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(head(html))?.[1] ?? '');
const jsonLd = (html: string) => {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head(html));
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : null;
};

let post: Post;
let otherPost: Post;
let video: Video;
beforeAll(async () => {
  const posts = await api<Post[]>('/api/blog');
  post = await api<Post>(`/api/blog/${posts[0]!.id}`);
  otherPost = await api<Post>(`/api/blog/${posts[1]!.id}`);
  const videos = await api<Video[]>('/api/videos/popular');
  video = await api<Video>(`/api/videos/${videos[0]!.id}`);
});

/** The first words of the post's Markdown that are plain prose (no Markdown marks), to find in the HTML. */
const firstSentence = (markdown: string) =>
  markdown
    .split('\n')
    .map((l) => l.trim())
    .find((l) => /^[A-Z][^*_`#[\]>|]{30,}$/.test(l))!
    .slice(0, 40);

describe('the first HTML of each public page', () => {
  test('home: hero, devotional, lists; site title; WebSite JSON-LD with a SearchAction', async () => {
    const { status, html, type } = await firstHtml('/');
    expect(status).toBe(200);
    expect(type).toContain('text/html');
    const text = rootText(html);
    expect(text).toContain('Where truth is vital and where love is necessary');
    expect(text).toContain('Daily Devotional');
    expect(text).toContain('Popular Videos');
    expect(titleOf(html)).toBe('context is key');
    expect(meta(html, 'name', 'description')).toMatch(/teaching videos, articles/);
    expect(head(html)).toContain(`<link rel="canonical" href="${baseURL()}/" />`);
    expect(jsonLd(html)).toMatchObject({ '@type': 'WebSite', potentialAction: { '@type': 'SearchAction', target: `${baseURL()}/search?q={search_term_string}` } });
    // The generic head of the app shell is replaced, not repeated.
    expect(head(html).match(/<title>/g)).toHaveLength(1);
    expect(head(html).match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain('<script type="application/json" id="server-state">');
    expect(html).not.toContain('needs JavaScript to run');
  });

  test("a post: its title, rendered Markdown, excerpt as description, og/twitter tags, BlogPosting", async () => {
    const { status, html } = await firstHtml(`/blog/${post.id}`);
    expect(status).toBe(200);
    const text = rootText(html);
    expect(text).toContain(post.title);
    expect(text).toContain(firstSentence(post.content));
    // Markdown rendered, not shown as source.
    expect(html).toMatch(/<div [^>]*class="blog-prose[^"]*"><(h2|p|ul|ol|blockquote)/);
    expect(titleOf(html)).toBe(`${post.title} · context is key`);
    if (post.excerpt) expect(meta(html, 'name', 'description')).toBe(post.excerpt);
    expect(meta(html, 'property', 'og:title')).toBe(post.title);
    expect(meta(html, 'property', 'og:type')).toBe('article');
    expect(meta(html, 'property', 'og:url')).toBe(`${baseURL()}/blog/${post.id}`);
    expect(meta(html, 'property', 'og:image')).toMatch(/^https?:\/\//);
    expect(meta(html, 'name', 'twitter:card')).toMatch(/^summary/);
    expect(jsonLd(html)).toMatchObject({ '@type': 'BlogPosting', headline: post.title });
  });

  test('a watch page: the video title and description, VideoObject with its thumbnail', async () => {
    const { status, html } = await firstHtml(`/watch/${video.id}`);
    expect(status).toBe(200);
    const text = rootText(html);
    expect(text).toContain(video.title);
    if (video.description) expect(text).toContain(video.description.slice(0, 40));
    expect(titleOf(html)).toBe(`${video.title} · context is key`);
    expect(meta(html, 'property', 'og:type')).toBe('video.other');
    // Its share card (docs/decisions/019-share-cards.md), not the video platform's small thumbnail.
    expect(meta(html, 'property', 'og:image')).toMatch(new RegExp(`/cards/videos/${video.id}\\.png\\?v=\\w+$`));
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(jsonLd(html)).toMatchObject({ '@type': 'VideoObject', name: video.title });
  });

  test('the lists: /blog names its posts, /videos, /live-qa and /search their own heading and title', async () => {
    const blog = await firstHtml('/blog');
    expect(blog.status).toBe(200);
    expect(rootText(blog.html)).toContain(post.title);
    expect(blog.html).toContain(`href="/blog/${post.id}"`);
    expect(titleOf(blog.html)).toBe('Knowledge Blog · context is key');
    expect(meta(blog.html, 'name', 'description')).toBe('Articles on defending the faith and reading scripture in context.');

    const videos = await firstHtml('/videos');
    expect(rootText(videos.html)).toContain('Video Library');
    expect(titleOf(videos.html)).toBe('Video Library · context is key');

    const live = await firstHtml('/live-qa');
    expect(rootText(live.html)).toContain('Ask your questions during live teaching sessions.');
    expect(titleOf(live.html)).toBe('Live Q&A · context is key');

    const search = await firstHtml(`/search?q=${encodeURIComponent(post.title.split(' ')[0]!)}`);
    expect(search.status).toBe(200);
    expect(titleOf(search.html)).toBe(`Search: ${post.title.split(' ')[0]} · context is key`);
    expect(rootText(search.html)).toContain(post.title);
  });

  test('a search for markup is text in the title and the page, never markup', async () => {
    const q = '<script>alert(1)</script>"&';
    const { status, html } = await firstHtml(`/search?q=${encodeURIComponent(q)}`);
    expect(status).toBe(200);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(titleOf(html)).toBe(`Search: ${q} · context is key`);
    expect(head(html)).toContain(`<link rel="canonical" href="${baseURL()}/search?q=${encodeURIComponent(q).replace(/&/g, '&#38;')}" />`);
  });

  test('an unknown post, video or route is a 404 with its not-found page, kept out of search results', async () => {
    for (const [path, words] of [
      ['/blog/999999', 'Article Not Found'],
      ['/watch/999999', 'Video Not Found'],
      ['/watch/not-a-number', 'Video Not Found'],
      ['/no/such/page', 'Page Not Found'],
    ] as const) {
      const { status, html } = await firstHtml(path);
      expect(status, path).toBe(404);
      expect(rootText(html), path).toContain(words);
      expect(head(html), path).toContain('<meta name="robots" content="noindex" />');
      expect(html, path).not.toContain('id="server-state"');
    }
  });

  test("the service worker's shell is still the bare app shell, never a rendered page", async () => {
    const { status, html } = await firstHtml('/index.html');
    expect(status).toBe(200);
    expect(html).toContain('<!--app-->');
    expect(html).not.toContain('id="server-state"');
    expect(titleOf(html)).toBe('context is key');
  });
});

/** Console errors and warnings of a page, without what only this machine's lack of internet causes. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    const text = message.text();
    if (/ERR_NAME_NOT_RESOLVED|ERR_INTERNET_DISCONNECTED/.test(text)) return;
    problems.push(`${message.type()}: ${text}`);
  });
  return problems;
}

describe('hydration', () => {
  let visitor: BrowserContext;
  beforeEach(async () => {
    visitor = await browser.newContext();
  });
  afterEach(async () => {
    await visitor.close();
  });

  test('each public page is taken over without a mismatch, a console error or a warning, and its links then navigate in the app', async () => {
    for (const path of ['/', '/videos', `/watch/${video.id}`, '/blog', `/blog/${post.id}`, '/live-qa', '/search?q=grace']) {
      const page = await visitor.newPage();
      const problems = consoleProblems(page);
      await visit(page, path);
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
      expect(problems, path).toEqual([]);
      // The app's stylesheet applies once: a lazy chunk did not load it again, and the page's own
      // rules were dropped when it came.
      const sheets = await page.evaluate(() => [...document.styleSheets].map((sheet) => (sheet.href ? new URL(sheet.href).pathname : 'inline')));
      expect(sheets.length, path).toBe(new Set(sheets).size);
      expect(sheets, path).not.toContain('inline');
      await page.close();
    }
    // A link followed after hydration is the app's own navigation: no new document.
    const page = await visitor.newPage();
    await visitAndDismissAuth(page, '/blog');
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });
    await page.getByRole('main').getByRole('link', { name: post.title }).first().click();
    await page.getByRole('main').getByRole('heading', { level: 1, name: post.title }).waitFor();
    expect(navigations.filter((url) => !url.endsWith('/blog'))).toEqual([`${baseURL()}/blog/${post.id}`]);
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    expect(await page.title()).toBe(`${post.title} · context is key`);
  });

  test("a reader in another time zone and locale: hydration finds the server's markup, then the page is theirs (their day's devotional, their separators)", async () => {
    // A zone whose date differs from UTC's right now: behind it in the UTC morning, ahead after.
    const timezoneId = new Date().getUTCHours() < 10 ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
    const elsewhere = await browser.browser().newContext({ baseURL: baseURL(), viewport: DESKTOP, timezoneId, locale: 'de-DE' });
    try {
      for (const path of ['/', `/blog/${post.id}`, '/blog', '/live-qa']) {
        const page = await elsewhere.newPage();
        const problems = consoleProblems(page);
        await visit(page, path);
        await page.waitForLoadState('networkidle');
        expect(problems, `${timezoneId} de-DE ${path}`).toEqual([]);
        await page.close();
      }
      const page = await elsewhere.newPage();
      await visit(page, '/');
      const readerDay = await page.evaluate(() => {
        const now = new Date();
        return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
      });
      expect(readerDay).not.toBe(new Date().toISOString().slice(0, 10));
      const theirs = await api<{ devotionalTitle: string }>(`/api/devotional/today?date=${readerDay}`);
      await page.getByRole('main').getByRole('heading', { name: theirs.devotionalTitle }).waitFor();
      // German thousands separators once the page is the reader's ("412.380 views").
      await expect.poll(() => page.getByRole('main').innerText()).toMatch(/\d{1,3}\.\d{3} views/);
    } finally {
      await elsewhere.close();
    }
  });

  test('signed in, a reload of a rendered page shows the avatar menu and the bookmark button after hydration', async () => {
    const page = await visitor.newPage();
    const problems = consoleProblems(page);
    const user = await signUpInPage(page, uniqueUsername('ssr'), '/');
    await page.goto(`/blog/${post.id}`);
    await page.reload();
    await page.getByRole('banner').getByRole('button', { name: `Account menu for @${user.username}` }).waitFor();
    await page.getByRole('main').getByRole('button', { name: 'Bookmark', exact: true }).waitFor();
    await page.getByRole('main').getByLabel('Add a comment').waitFor();
    expect(problems.filter((p) => p.includes('[hydration]'))).toEqual([]);
    // Asked for with the reader's session cookie, the HTML is still the anonymous page: nothing of theirs.
    const answer = await page.request.get(`/blog/${post.id}`, { headers: { accept: 'text/html' } });
    const html = await answer.text();
    expect(answer.status()).toBe(200);
    expect(html).not.toContain(user.username);
    expect(html).not.toContain('Account menu');
    expect(html).not.toContain('"private"');
  });

  test("a post the server rendered keeps the server's article HTML: the Markdown renderer loads only for a post the browser renders", async () => {
    const page = await visitor.newPage();
    const problems = consoleProblems(page);
    const rendererRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/assets\/markdown-[\w-]{8}\.js$/.test(new URL(request.url()).pathname)) rendererRequests.push(request.url());
    });
    await visitAndDismissAuth(page, `/blog/${post.id}`);
    await page.waitForLoadState('networkidle');
    const article = page.getByRole('main').locator('.blog-prose');
    await expect.poll(() => article.innerText()).toContain(firstSentence(post.content));
    expect(rendererRequests).toEqual([]);
    expect(problems).toEqual([]);

    // Another post, reached in the app: the browser renders its Markdown (the renderer loads now).
    const other = otherPost;
    await page.evaluate((path) => {
      history.pushState(null, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/blog/${other.id}`);
    await page.getByRole('main').getByRole('heading', { level: 1, name: other.title }).waitFor();
    await expect.poll(() => article.first().innerText()).toContain(firstSentence(other.content));
    expect(rendererRequests).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  test('the first paint of a post is its text: screenshots before any script has run', async () => {
    const noScript = await browser.browser().newContext({ baseURL: baseURL(), viewport: MOBILE, javaScriptEnabled: false });
    try {
      const page = await noScript.newPage();
      await page.goto(`/blog/${post.id}`);
      await page.getByRole('heading', { level: 1, name: post.title }).waitFor();
      await screenshot(page, 'server-rendered-post-no-js', ['mobile']);
    } finally {
      await noScript.close();
    }
  });
});

/**
 * Run in the page: every computed property of each element (and its drawn ::before and ::after), but
 * those a running animation is moving. `keep` stores them in the page; `compare` returns what
 * differs from the stored ones. Both stay in the page: sent to the test, a page's ~10 MB of
 * values cost about 7 s a pass.
 */
function pageStyles(step: 'keep' | 'compare'): string[] {
  const styles: Record<string, Record<string, string>> = {};
  const elements = [document.documentElement, ...document.body.querySelectorAll('*')];
  elements.forEach((element, index) => {
    const animated = new Set(element.getAnimations().flatMap((animation) => Object.keys((animation.effect as KeyframeEffect | null)?.getKeyframes()[0] ?? {})));
    for (const pseudo of [null, '::before', '::after']) {
      const style = getComputedStyle(element, pseudo);
      // A ::before or ::after without content is not drawn (one that comes only with the whole
      // stylesheets still shows: it is missing from what was kept).
      if (pseudo && (style.content === 'none' || style.content === 'normal')) continue;
      const values: Record<string, string> = {};
      for (const property of style) if (!animated.has(property.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase()))) values[property] = style.getPropertyValue(property);
      styles[`${index} ${element.tagName.toLowerCase()}.${element.getAttribute('class') ?? ''}${pseudo ?? ''}`] = values;
    }
  });
  const kept = window as unknown as { __keptStyles?: typeof styles };
  if (step === 'keep') {
    kept.__keptStyles = styles;
    return [];
  }
  const before = kept.__keptStyles ?? {};
  const found: string[] = [];
  for (const [element, values] of Object.entries(styles)) {
    for (const [property, value] of Object.entries(values)) {
      if (before[element]?.[property] !== value) found.push(`${element} ${property}: ${before[element]?.[property]} → ${value}`);
    }
  }
  return found;
}

describe("a rendered page's styles", () => {
  /** A visitor whose reading settings (`theme.textSize`) are set, in the cookie the server reads and the app's own copy. */
  async function readerContext(viewport: { width: number; height: number }, reading: string | null): Promise<BrowserContext> {
    const context = await browser.browser().newContext({ baseURL: baseURL(), viewport, serviceWorkers: 'block' });
    if (reading) {
      await context.addCookies([{ name: 'cik_reading', value: reading, url: baseURL() }]);
      const [theme, textSize] = reading.split('.');
      await context.addInitScript((settings) => localStorage.setItem('cik.reading', JSON.stringify(settings)), { theme, textSize });
    }
    return context;
  }

  test('the first HTML carries the rules the page uses, far fewer than the stylesheet, which it does not wait for', async () => {
    const { html } = await firstHtml(`/blog/${post.id}`);
    const inline = /<style data-critical>([\s\S]*?)<\/style>/.exec(head(html))?.[1] ?? '';
    expect(inline.length).toBeGreaterThan(0);
    const stylesheet = /<noscript><link rel="stylesheet" href="(\/assets\/index-[\w-]+\.css)" \/>/.exec(head(html))?.[1];
    expect(stylesheet).toBeDefined();
    const whole = await (await fetch(`${baseURL()}${stylesheet}`)).text();
    expect(inline.length).toBeLessThan(whole.length * 0.7);
    // The header's and the article's rules, and the theme's colours.
    expect(inline).toContain('.backdrop-blur{');
    expect(inline).toContain('.blog-prose p');
    expect(inline).toContain('--color-base-100:');
    // No stylesheet link that holds the first paint: only disabled ones and the <noscript> fallback.
    const links = head(html).replace(/<noscript>[\s\S]*?<\/noscript>/g, '').match(/<link[^>]*rel="stylesheet"[^>]*>/g) ?? [];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toContain(' disabled ');
  });

  test.each([
    { size: 'desktop', viewport: DESKTOP, reading: null },
    { size: 'phone', viewport: MOBILE, reading: null },
    { size: 'desktop', viewport: DESKTOP, reading: 'dark.large' },
    { size: 'phone', viewport: MOBILE, reading: 'dark.x-large' },
  ])('$size, reading settings $reading: with its own rules alone a page looks as it does with the whole stylesheets, which then apply once', async ({ viewport, reading }) => {
    const context = await readerContext(viewport, reading);
    try {
      for (const path of ['/', `/blog/${post.id}`, `/watch/${video.id}`]) {
        // As painted first: hydrate.js (which asks for the stylesheets) held back.
        const page = await context.newPage();
        await page.route('**/hydrate.js', (route) => route.abort());
        await page.goto(path);
        await page.evaluate(() => document.fonts.ready);
        await page.evaluate(pageStyles, 'keep' as const);
        // The same page with the stylesheets whole, as hydrate.js puts them, and without its own rules.
        await page.evaluate(() =>
          Promise.all(
            [...document.querySelectorAll('link[data-after-paint]')].map(
              (disabled) =>
                new Promise((resolve, reject) => {
                  const link = document.createElement('link');
                  link.rel = 'stylesheet';
                  link.onload = resolve;
                  link.onerror = reject;
                  link.href = disabled.getAttribute('href')!;
                  disabled.replaceWith(link);
                }),
            ),
          ).then(() => document.querySelector('style[data-critical]')!.remove()),
        );
        expect(await page.evaluate(pageStyles, 'compare' as const), path).toEqual([]);
        await page.close();

        // Loaded as a reader's browser does: the stylesheets come once, the page's own rules go,
        // and the header, the title, the article and a button look as they first did.
        const loaded = await context.newPage();
        await loaded.goto(path);
        await loaded.locator('html[data-app-ready]').waitFor({ state: 'attached' });
        const sheets = await loaded.evaluate(() => [...document.styleSheets].map((sheet) => (sheet.href ? new URL(sheet.href).pathname : 'inline')));
        expect(sheets, path).not.toContain('inline');
        expect(sheets.filter((sheet) => /^\/assets\/index-[\w-]+\.css$/.test(sheet)), path).toHaveLength(1);
        expect(sheets.length, path).toBe(new Set(sheets).size);
        const firstScreen = ['header', 'h1', 'main .btn', 'main p'];
        const look = (selectors: string[]) => Object.fromEntries(selectors.map((selector) => [selector, (() => {
          const element = document.querySelector(selector);
          if (!element) return null;
          const style = getComputedStyle(element);
          return { color: style.color, background: style.backgroundColor, font: style.font, margin: style.margin, padding: style.padding, display: style.display, border: style.border };
        })()]));
        const first = await (async () => {
          const page = await context.newPage();
          await page.route('**/hydrate.js', (route) => route.abort());
          await page.goto(path);
          const styles = await page.evaluate(look, firstScreen);
          await page.close();
          return styles;
        })();
        expect(await loaded.evaluate(look, firstScreen), path).toEqual(first);
        await loaded.close();
      }
    } finally {
      await context.close();
    }
  });

  test('screenshots of a post once loaded: desktop and phone, light and dark', async () => {
    for (const reading of [null, 'dark.medium']) {
      const context = await readerContext(DESKTOP, reading);
      try {
        const page = await context.newPage();
        await visitAndDismissAuth(page, `/blog/${post.id}`);
        await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
        await screenshot(page, `server-rendered-post-${reading ? 'dark' : 'light'}`);
      } finally {
        await context.close();
      }
    }
  });
});

describe('without JavaScript', () => {
  test("a post whose code does not load: asked for once more, then the page is the app's; never loading, the server's article stays, and its links work", async () => {
    // A retry asks for the file with a query of its own (the browser keeps the failure of the address it first asked for).
    const postCode = /\/assets\/blog-post-[\w-]{8}\.js(\?retry=\d+)?$/;
    // No service worker: the first page's would answer the second's requests from its cache.
    const visitor = await browser.browser().newContext({ baseURL: baseURL(), viewport: DESKTOP, serviceWorkers: 'block' });
    // The signal drops just as the page's code is fetched, and is back a moment later.
    const once = await visitor.newPage();
    let asked = 0;
    await once.route(postCode, (route) => (++asked === 1 ? route.abort('internetdisconnected') : route.continue()));
    await once.goto(`/blog/${post.id}`);
    await once.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    expect(asked).toBe(2);
    await once.getByRole('heading', { level: 1, name: post.title }).waitFor();
    await once.close();

    // It never comes (or a deploy removed it): what the reader has in front of them stays.
    const never = await visitor.newPage();
    const warnings: string[] = [];
    never.on('console', (message) => void (message.type() === 'warning' && warnings.push(message.text())));
    await never.route(postCode, (route) => route.abort('internetdisconnected'));
    await never.goto(`/blog/${post.id}`);
    await expect.poll(() => warnings.some((text) => text.includes('[boot] the page stays as the server rendered it')), { timeout: 10_000 }).toBe(true);
    expect(await never.locator('html[data-app-ready]').count()).toBe(0);
    expect(await never.getByRole('heading', { level: 1 }).textContent()).toBe(post.title);
    expect(await never.getByRole('main').innerText()).toContain(firstSentence(post.content));
    // A link is then an ordinary one: the next page comes whole, with its own code.
    await never.getByRole('main').getByRole('link', { name: 'Back to Blog' }).click();
    await never.waitForURL('**/blog');
    await never.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await visitor.close();
  });

  /**
   * A post visited with `script` failing once (the signal drops just after the page came): the
   * page, and every address the browser asked it under.
   */
  async function visitWithScriptDroppedOnce(visitor: BrowserContext, script: RegExp): Promise<{ page: Page; asked: string[] }> {
    const page = await visitor.newPage();
    const asked: string[] = [];
    await page.route(script, (route) => (asked.push(route.request().url()), asked.length === 1 ? route.abort('internetdisconnected') : route.continue()));
    await page.goto(`/blog/${post.id}`);
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    return { page, asked };
  }

  test("the app's core does not come with the page (the signal drops): asked for again, then the page is the app's", async () => {
    // The file the entry imports (pwa/app/app.tsx, whose imports are preloaded beside it).
    const manifest = readBuildManifest();
    const core = manifest[manifest[entryKey(manifest)]!.dynamicImports![0]!]!.file;
    const coreCode = new RegExp(`/${core.replace(/[.$]/g, '\\$&')}(\\?retry=\\d+)?$`);
    const visitor = await browser.browser().newContext({ baseURL: baseURL(), viewport: DESKTOP, serviceWorkers: 'block' });
    try {
      const { page, asked } = await visitWithScriptDroppedOnce(visitor, coreCode);
      expect(asked.length).toBeGreaterThanOrEqual(2);
      // The reader's article is the one they had, now the app's.
      await page.getByRole('heading', { level: 1, name: post.title }).waitFor();
      expect(await page.getByRole('main').innerText()).toContain(firstSentence(post.content));
    } finally {
      await visitor.close();
    }
  });

  test("a part's code does not come (the signal drops after the page): the article stays, and the part comes once asked again", async () => {
    const visitor = await browser.browser().newContext({ baseURL: baseURL(), viewport: DESKTOP, serviceWorkers: 'block' });
    try {
      const { page, asked } = await visitWithScriptDroppedOnce(visitor, /\/assets\/bookmark-button-[\w-]{8}\.js(\?retry=\d+)?$/);
      // Asked for again a second later, under a new address (the browser keeps the first failure).
      await page.getByRole('main').getByRole('button', { name: 'Bookmark', exact: true }).waitFor({ timeout: 10_000 });
      expect(asked.length).toBeGreaterThanOrEqual(2);
      expect(await page.getByText('Something went wrong').count()).toBe(0);
      expect(await page.getByRole('main').innerText()).toContain(firstSentence(post.content));
    } finally {
      await visitor.close();
    }
  });

  test('the public pages read completely and their links lead to the next page', async () => {
    const context = await browser.browser().newContext({ baseURL: baseURL(), viewport: DESKTOP, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('main').getByRole('link', { name: 'Read Articles' }).click();
      await page.waitForURL('**/blog');
      await page.getByRole('main').getByRole('link', { name: post.title }).first().click();
      await page.waitForURL(`**/blog/${post.id}`);
      await page.getByRole('heading', { level: 1, name: post.title }).waitFor();
      expect(await page.getByRole('main').innerText()).toContain(firstSentence(post.content));
      await page.goto(`/watch/${video.id}`);
      await page.getByRole('heading', { level: 1, name: video.title }).waitFor();
      // The placeholders of what the app fills in (bookmark, notes, comments) stay still: a
      // shimmer that never ends would repaint the page for as long as it is open.
      expect(await page.locator('.skeleton').count()).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
    } finally {
      await context.close();
    }
  });
});
