import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { RenderRequest, RenderResult } from '#contract/server-render';
import { answerFakeRenders, fakeRendererSource } from '../support/fake-renderer';
import { insertVideo } from '../support/fixtures';
import { signUp, startTestApp, type TestApp } from '../support/test-app';

// The server-render middleware (api/middleware/server-render.ts) around a stand-in renderer: the
// real one is a build of the PWA (e2e/server-render.e2e.ts drives it). What is checked here is the
// middleware's contract: where the page goes in the shell, which paths are rendered, the render
// cache and what drops it, and that a failing renderer never costs the visitor the page.

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <title>context is key</title>
    <meta name="description" content="generic" />
  </head>
  <body>
    <noscript>needs JavaScript</noscript>
    <div id="root"><!--app--><div>placeholder</div><!--/app--></div>
    <script type="module" src="/assets/x.js"></script>
  </body>
</html>`;

/** The stand-in renderer asks this test for its pages here (tests/support/fake-renderer.ts). */
const FAKE_CHANNEL = `cik-fake-render-${crypto.randomUUID()}`;

interface Fake {
  calls: Omit<RenderRequest, 'domWindow'>[];
  answer: (request: RenderRequest) => Promise<RenderResult>;
}
const fake = (): Fake => (globalThis as unknown as { __fakeRender: Fake }).__fakeRender;

const page = (overrides: Partial<Extract<RenderResult, { kind: 'page' }>> = {}): RenderResult => ({
  kind: 'page',
  status: 200,
  appHtml: '<main>rendered page</main>',
  headHtml: '<title>A page · context is key</title>',
  stateHtml: '<script type="application/json" id="server-state">{}</script>',
  ...overrides,
});

/** A dist/ with the shell and, unless told not to, a renderer that does what the test says (`fake()`). */
function distWith(renderer: boolean): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-ssr-dist-'));
  fs.writeFileSync(path.join(dir, 'index.html'), TEMPLATE);
  if (renderer) {
    fs.mkdirSync(path.join(dir, '.server'));
    fs.writeFileSync(path.join(dir, '.server', 'entry-server.js'), fakeRendererSource(FAKE_CHANNEL));
  }
  return dir;
}

const dirs: string[] = [];
let site: TestApp;
let channel: { close: () => void };
beforeAll(async () => {
  channel = answerFakeRenders(FAKE_CHANNEL, (request) => {
    fake().calls.push(request);
    return fake().answer({ ...request, domWindow: {} });
  });
  const dir = distWith(true);
  dirs.push(dir);
  site = await startTestApp({ env: { DIST_DIR: dir, PUBLIC_CACHE_MS: '60000' } });
});
afterAll(async () => {
  channel.close();
  await site.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  (globalThis as unknown as { __fakeRender: Fake }).__fakeRender = { calls: [], answer: async () => page() };
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** GET with another Host header (fetch does not let one be set). */
function getWithHost(p: string, host: string): Promise<number> {
  const { hostname, port } = new URL(site.url);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path: p, headers: { host, accept: 'text/html' } }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/** A URL this test alone asks for, so the render cache holds nothing of another test's. */
let n = 0;
const fresh = (p: string) => `${p}${p.includes('?') ? '&' : '?'}t=${(n += 1)}`;

describe('a public page', () => {
  test("is the shell with the page in #root, the page's head instead of the generic one, and its state", async () => {
    const url = fresh('/');
    const res = await site.client().get(url, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.text).toContain('<div id="root"><main>rendered page</main></div><script type="application/json" id="server-state">{}</script>');
    expect(res.text.match(/<title>/g)).toHaveLength(1);
    expect(res.text).toContain('<title>A page · context is key</title>');
    expect(res.text).not.toContain('content="generic"');
    expect(res.text).not.toContain('<noscript>');
    expect(res.text).not.toContain('placeholder');
    expect(res.text).toContain('<script defer src="/hydrate.js" data-entry="/assets/x.js" data-preload=""></script>');
    const port = new URL(site.url).port;
    expect(fake().calls).toEqual([{ url, siteUrl: site.url, apiBase: `http://127.0.0.1:${port}` }]);
  });

  test('put in the shell as it is: "$&" and "$1" in the page are not replacement patterns', async () => {
    fake().answer = async () => page({ appHtml: '<p>costs $& and $1 and $$</p>', headHtml: '<title>$& · $1</title>' });
    const res = await site.client().get(fresh('/blog/1'));
    expect(res.text).toContain('<p>costs $& and $1 and $$</p>');
    expect(res.text).toContain('<title>$& · $1</title>');
  });

  test('is rendered once and then answered from the render cache; another URL or host is its own entry', async () => {
    const url = fresh('/blog/2');
    const first = await site.client().get(url);
    const again = await site.client().get(url);
    expect(again.text).toBe(first.text);
    expect(fake().calls).toHaveLength(1);
    await site.client().get(fresh('/blog/2'));
    expect(fake().calls).toHaveLength(2);
    const otherHost = await getWithHost(url, `localhost:${new URL(site.url).port}`);
    expect(otherHost).toBe(200);
    expect(fake().calls).toHaveLength(3);
    expect(fake().calls[2]!.siteUrl).toBe(`http://localhost:${new URL(site.url).port}`);
  });

  test('a write that changes what pages show (a comment) drops the rendered pages, so the next visit renders again', async () => {
    const url = fresh('/watch/3');
    await site.client().get(url);
    await site.client().get(url);
    expect(fake().calls).toHaveLength(1);
    const reader = site.client();
    const user = await signUp(reader);
    const videoId = await insertVideo(site.db);
    const comment = await reader.post('/api/comments', { userId: user.id, contentType: 'video', contentId: videoId, comment: 'Good teaching.' });
    expect(comment.status).toBe(201);
    await site.client().get(url);
    expect(fake().calls).toHaveLength(2);
  });

  test('a page rendered again with the same content is the same bytes and ETag, though the times in its state moved; new content is a new page', async () => {
    let title = 'First title';
    let renders = 0;
    fake().answer = async () => {
      renders += 1;
      const at = 1_700_000_000_000 + renders;
      const state = `{"queries":[{"dehydratedAt":${at},"state":{"data":{"title":"${title}"},"dataUpdatedAt":${at - 5},"errorUpdatedAt":0}}]}`;
      return page({ appHtml: `<h1>${title}</h1>`, stateHtml: `<script type="application/json" id="server-state">${state}</script>` });
    };
    const url = fresh('/blog/7');
    const reader = site.client();
    const user = await signUp(reader);
    const videoId = await insertVideo(site.db);
    /** A comment drops the rendered pages, so the next visit renders the page again. */
    const renderAgain = async () => {
      expect((await reader.post('/api/comments', { userId: user.id, contentType: 'video', contentId: videoId, comment: 'Again.' })).status).toBe(201);
      return site.client().get(url);
    };
    const first = await site.client().get(url);
    const again = await renderAgain();
    expect(renders).toBe(2);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    title = 'A new title';
    const changed = await renderAgain();
    expect(renders).toBe(3);
    expect(changed.text).toContain('<h1>A new title</h1>');
    expect(changed.text).toContain('"title":"A new title"');
    expect(changed.headers.get('etag')).not.toBe(first.headers.get('etag'));
  });

  test('a not-found page is a 404 with its page, and is not kept in the render cache', async () => {
    fake().answer = async () => page({ status: 404, appHtml: '<h1>Article Not Found</h1>', stateHtml: '' });
    const url = fresh('/blog/999999');
    const res = await site.client().get(url);
    expect(res.status).toBe(404);
    expect(res.text).toContain('<h1>Article Not Found</h1>');
    expect(res.text).not.toContain('server-state');
    await site.client().get(url);
    expect(fake().calls).toHaveLength(2);
  });

  test("a redirect from the router is sent as one", async () => {
    fake().answer = async () => ({ kind: 'redirect', status: 302, location: '/blog' });
    const res = await site.client().get(fresh('/old'));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/blog');
  });

  test('a renderer that throws costs nothing but the rendering: the app shell is sent (never a 500) and the failure logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fake().answer = async () => {
      throw new Error('render exploded');
    };
    const res = await site.client().get(fresh('/videos'));
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div>placeholder</div>');
    expect(res.text).toContain('<noscript>');
    expect(logged).toHaveBeenCalled();
    expect(String(logged.mock.calls[0]![0])).toContain('[server-render]');
  });
});

describe('what is never rendered', () => {
  test.each(['/bookmarks', '/profile', '/sync', '/blog-admin', '/bookmarks/', '/blog-admin/activity', '/reset-password?token=abc'])('%s, which only the signed-in reader fills, is the app shell', async (p) => {
    const res = await site.client().get(p);
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div>placeholder</div>');
    expect(fake().calls).toEqual([]);
  });

  test('files, the API and requests that do not accept HTML', async () => {
    expect((await site.client().get('/assets/missing-000.js')).status).toBe(404);
    expect((await site.client().get('/api/no-such-call')).status).toBe(404);
    const json = await site.client().get(fresh('/blog'), { headers: { accept: 'application/json' } });
    expect(json.text).not.toContain('rendered page');
    expect(fake().calls).toEqual([]);
  });
});

describe('settings and builds', () => {
  test('with PUBLIC_URL set, the renderer is given it as the site address', async () => {
    const dir = distWith(true);
    dirs.push(dir);
    const other = await startTestApp({ env: { DIST_DIR: dir, PUBLIC_URL: 'https://example.org' } });
    try {
      await other.client().get('/');
      expect(fake().calls.map((c) => c.siteUrl)).toEqual(['https://example.org']);
    } finally {
      await other.close();
    }
  });

  test('a render in progress holds no other request back: pages are built off the thread that answers requests', async () => {
    // This renderer says it has begun, then keeps its thread busy, without yielding, until a file
    // appears, which the test writes only once another request has been answered. On the thread
    // that answers requests (this test's own too), nothing else could run meanwhile: the loop
    // gives up after 20 s and the page is the shell.
    const dir = distWith(false);
    dirs.push(dir);
    const begun = path.join(dir, 'begun');
    const go = path.join(dir, 'go');
    fs.mkdirSync(path.join(dir, '.server'));
    fs.writeFileSync(
      path.join(dir, '.server', 'entry-server.js'),
      `import fs from 'node:fs';
export async function render() {
  fs.writeFileSync(${JSON.stringify(begun)}, '');
  const until = Date.now() + 20000;
  while (!fs.existsSync(${JSON.stringify(go)}) && Date.now() < until) {}
  if (!fs.existsSync(${JSON.stringify(go)})) throw new Error('nobody was answered while this page was rendered');
  return { kind: 'page', status: 200, appHtml: '<main>built while others were answered</main>', headHtml: '<title>Busy</title>', stateHtml: '' };
}
`,
    );
    const other = await startTestApp({ env: { DIST_DIR: dir } });
    try {
      const page = other.client().get('/videos');
      while (!fs.existsSync(begun)) await new Promise((resolve) => setTimeout(resolve, 10));
      const answered = await other.client().get('/api/no-such-call');
      expect(answered.status).toBe(404);
      fs.writeFileSync(go, '');
      const res = await page;
      expect(res.status).toBe(200);
      expect(res.text).toContain('<main>built while others were answered</main>');
    } finally {
      await other.close();
    }
  }, 30_000);

  test('without a server build, every page is the app shell', async () => {
    const dir = distWith(false);
    dirs.push(dir);
    const other = await startTestApp({ env: { DIST_DIR: dir } });
    try {
      const res = await other.client().get('/blog/1');
      expect(res.status).toBe(200);
      expect(res.text).toBe(TEMPLATE);
    } finally {
      await other.close();
    }
  });
});

describe('stylesheets in a rendered page', () => {
  /** A stylesheet larger than any page's use of it: many rules for classes no page has. */
  const UNUSED = Array.from({ length: 300 }, (_, i) => `.unused-${i}{margin:${i}px;padding:${i}px;color:#${String(i).padStart(6, '0')}}`).join('');
  const INDEX_CSS = `@layer base{body{margin:0}}.site-header{display:flex;color:navy}.btn{padding:4px}[data-theme=cik-dark] .btn{color:white}:where(:root){--ink:#111}@property --tw-x{syntax:"*";inherits:false}@property --tw-y{syntax:"*";inherits:false}${UNUSED}.x::after{content:"</style><script>alert(1)</script>"}`;
  const PROSE_CSS = '.blog-prose p{margin:1em 0}.blog-prose blockquote{font-style:italic}';

  /** A build with the shell linking index-abc.css, a lazy chunk's prose.css in its manifest, and a link whose file is missing. */
  async function appWithBuild(options: { manifest?: boolean } = {}) {
    const dir = distWith(true);
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc.css'), INDEX_CSS);
    fs.writeFileSync(path.join(dir, 'assets', 'prose-def.css'), PROSE_CSS);
    if (options.manifest !== false) {
      fs.mkdirSync(path.join(dir, '.vite'));
      fs.writeFileSync(
        path.join(dir, '.vite', 'manifest.json'),
        JSON.stringify({ 'index.html': { file: 'assets/x.js', css: ['assets/index-abc.css'] }, _prose: { file: 'assets/prose.js', css: ['assets/prose-def.css', '../outside.css', 42] } }),
      );
    }
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      TEMPLATE.replace(
        '</head>',
        '<link rel="modulepreload" crossorigin href="/assets/react.js">\n<link rel="stylesheet" crossorigin href="/assets/index-abc.css">\n<link rel="stylesheet" href="/assets/missing.css">\n</head>',
      ),
    );
    return startTestApp({ env: { DIST_DIR: dir } });
  }
  const styleOf = (html: string) => /<style data-critical>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? null;

  test("a page carries only the rules it uses; the stylesheets come after its first paint, once, and without JavaScript from <noscript>; the shell is as built", async () => {
    fake().answer = async () => page({ appHtml: '<header class="site-header"><button class="btn">Menu</button></header><main>rendered page</main>' });
    const app = await appWithBuild();
    try {
      const rendered = await (await fetch(`${app.url}/videos`, { headers: { accept: 'text/html' } })).text();
      expect(rendered).toContain('<main>rendered page</main>');
      const style = styleOf(rendered)!;
      // The rules for what is on the page (the header, its button), the document's own, and far
      // less than the stylesheet.
      expect(style).toContain('.site-header{display:flex;color:navy}');
      expect(style).toContain('.btn{padding:4px}');
      expect(style).toContain('body{margin:0}');
      // The theme's variables on :root, which beasties cannot judge, and every @property whole.
      expect(style).toContain(':where(:root){--ink:#111}');
      expect(style).toMatch(/@property --tw-x\{[^}]*\}@property --tw-y\{/);
      expect(style).not.toContain('.unused-1{');
      expect(style.length).toBeLessThan(INDEX_CSS.length / 4);
      // The dark theme's rules are for a page in the dark theme.
      expect(style).not.toContain('[data-theme=cik-dark] .btn');
      // The prose stylesheet's rules are for a page with prose.
      expect(style).not.toContain('blog-prose');
      // Nothing in the CSS can close the element early.
      expect(rendered).not.toContain('</style><script>');

      // The stylesheet only as a disabled link (never fetched; hydrate.js asks for it after the
      // first paint) and in <noscript>: no render-blocking link in <head>.
      const head = rendered.split('</head>')[0]!;
      expect(head.match(/<link[^>]*index-abc\.css[^>]*>/g)).toEqual([
        '<link rel="stylesheet" href="/assets/index-abc.css" disabled data-after-paint />',
        '<link rel="stylesheet" href="/assets/index-abc.css" />',
      ]);
      expect(head).toContain('<noscript><link rel="stylesheet" href="/assets/index-abc.css" /></noscript>');
      expect(head.indexOf('<style data-critical>')).toBeLessThan(head.indexOf('data-after-paint'));
      expect(rendered).not.toContain('prose-def.css');
      // The scripts bring the page to life but paint nothing.
      expect(rendered).not.toContain('modulepreload');
      expect(rendered).not.toContain('<script type="module"');
      expect(rendered).toContain('<script defer src="/hydrate.js" data-entry="/assets/x.js" data-preload="/assets/react.js"></script>');
      // A file that cannot be read keeps its link.
      expect(rendered).toContain('<link rel="stylesheet" href="/assets/missing.css">');
      // The shell (a client-only page, and the file the service worker caches) is as built.
      const shell = await (await fetch(`${app.url}/bookmarks`, { headers: { accept: 'text/html' } })).text();
      expect(shell).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
      expect(shell).not.toContain('<style');
      expect(shell).not.toContain('page-styles');
      expect(shell).toContain('<link rel="modulepreload" crossorigin href="/assets/react.js">');
      expect(shell).toContain('<script type="module" src="/assets/x.js"></script>');
      expect(shell).not.toContain('hydrate.js');
      expect(await (await fetch(`${app.url}/index.html`)).text()).not.toContain('<style');
    } finally {
      await app.close();
    }
  });

  test("a post's prose takes its rules from the lazy chunk's stylesheet, which then loads after the paint like the app's", async () => {
    fake().answer = async () => page({ appHtml: '<main><div class="blog-prose"><p>Text</p></div></main>' });
    const app = await appWithBuild();
    try {
      const rendered = await (await fetch(`${app.url}/blog/1`, { headers: { accept: 'text/html' } })).text();
      const style = styleOf(rendered)!;
      expect(style).toContain('.blog-prose p{margin:1em 0}');
      expect(style).not.toContain('blockquote');
      // In the build's order: the app's stylesheet, then the chunk's, as the app would load them.
      expect(rendered).toContain(
        '<link rel="stylesheet" href="/assets/index-abc.css" disabled data-after-paint /><link rel="stylesheet" href="/assets/prose-def.css" disabled data-after-paint /><noscript><link rel="stylesheet" href="/assets/index-abc.css" /><link rel="stylesheet" href="/assets/prose-def.css" /></noscript>',
      );
      // A manifest entry outside assets/ or not a name is not read.
      expect(rendered).not.toContain('outside.css');
    } finally {
      await app.close();
    }
  });

  test("the reader's dark theme on <html> brings its rules", async () => {
    fake().answer = async () => page({ appHtml: '<header class="site-header"><button class="btn">Menu</button></header>' });
    const app = await appWithBuild();
    try {
      const answer = await fetch(`${app.url}/videos?dark`, { headers: { accept: 'text/html', cookie: 'cik_reading=dark.medium' } });
      const rendered = await answer.text();
      expect(rendered).toMatch(/<html[^>]* data-theme="cik-dark"/);
      expect(styleOf(rendered)).toContain('[data-theme=cik-dark] .btn{color:white}');
    } finally {
      await app.close();
    }
  });

  test("without the build's manifest, the linked stylesheet alone is used", async () => {
    fake().answer = async () => page({ appHtml: '<div class="blog-prose"><p>Text</p></div>' });
    const app = await appWithBuild({ manifest: false });
    try {
      const rendered = await (await fetch(`${app.url}/blog/2`, { headers: { accept: 'text/html' } })).text();
      expect(styleOf(rendered)).not.toContain('blog-prose');
      expect(rendered).not.toContain('prose-def.css');
      expect(rendered).toContain('data-after-paint');
    } finally {
      await app.close();
    }
  });
});

describe("the reader's theme and text size", () => {
  const html = (url: string, cookie?: string) =>
    site.client().get(url, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } }).then((r) => r.text);
  const htmlTag = (text: string) => /<html[^>]*>/.exec(text)![0];

  test('a rendered page carries them on <html> from the cookie, so it is painted their way; the render cache keeps each way apart', async () => {
    const url = fresh('/videos');
    expect(htmlTag(await html(url))).toBe('<html lang="en">');
    // The same URL, cached above in the site's way, for a reader who chose dark and a larger size.
    expect(htmlTag(await html(url, 'cik_reading=dark.large'))).toBe('<html lang="en" data-theme="cik-dark" data-text-size="large">');
    expect(htmlTag(await html(url, 'cik_reading=light.medium'))).toBe('<html lang="en" data-theme="cik-light">');
    expect(htmlTag(await html(url, 'cik_reading=system.x-large; other=1'))).toBe('<html lang="en" data-text-size="x-large">');
    // And the default way is still the default way.
    expect(htmlTag(await html(url))).toBe('<html lang="en">');
    // One render per way (the rest from the cache).
    expect(fake().calls.filter((c) => c.url === url)).toHaveLength(4);
  });

  test('a cookie we do not know (or not even valid percent-encoding) changes nothing, is never a 500, and cannot inject markup', async () => {
    const url = fresh('/blog');
    for (const cookie of ['cik_reading=%', 'cik_reading=%E0.large', 'cik_reading=purple.huge', 'cik_reading="><script>alert(1)</script>', 'cik_reading=dark.large%22%3E%3Cscript%3E']) {
      const text = await html(url, cookie);
      expect(htmlTag(text)).toMatch(/^<html lang="en"( data-theme="cik-dark")?>$/);
      expect(text).not.toContain('<script>alert');
    }
  });
});
