import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { JSDOM } from 'jsdom';
import { criticalCssOf, type BuildStylesheet, type CriticalCss } from '../lib/critical-css';
import { isAppPagePath } from '../lib/page-path';
import { readingSettingsOf, withReadingAttributes } from '../lib/reading-cookie';
import type { Context, Next } from 'koa';
import type { RenderRequest, RenderResult } from '#contract/server-render';
import { cachePublicly } from './public-cache';
import { renderThread, type PageAnswer, type PageBuilder } from './render-thread';

type Render = (request: RenderRequest) => Promise<RenderResult>;

/** Pages only the signed-in reader's data (or this device's: notes, saved items) fills: the app shell renders them in the browser. */
const CLIENT_ONLY = new Set(['/bookmarks', '/profile', '/sync', '/blog-admin', '/share', '/notes', '/saved', '/reset-password']);
/** What a rendered page is built from: a write to any of these drops it from the public cache. */
const RENDERED_FROM = ['blog', 'videos', 'devotional', 'live-streams', 'search', 'comments'];
/** An API that has not answered by then leaves the page to the browser (the app shell). */
const RENDER_TIMEOUT_MS = 5000;

export interface ServerRenderOptions {
  distDir: string;
  /** PUBLIC_URL: the site's address for canonical links; the request's origin when unset. */
  publicUrl: string | null;
}

/**
 * Public pages as HTML with their content (pwa/entry-server.tsx, built into dist/.server/): what
 * an anonymous visitor sees, with the page's own title, description, link-preview tags and
 * structured data, and the state the browser hydrates from. An unknown post, video or route is a
 * 404 with its not-found page. Rendered pages go into the public cache like the API's public
 * answers (they never hold a user's data), dropped by the writes that change them.
 *
 * Pages are built on a thread of their own (render-thread.ts): a render is tens of milliseconds
 * of React and critical CSS, and on the main thread every request that came meanwhile, cache
 * hits included, waited behind it. The thread reads the page's data from this process's API
 * over loopback, as the render always did, so what a write drops is dropped for it too
 * (docs/decisions/021-pages-render-on-their-own-thread.md).
 *
 * Without a server build, for a page that only a signed-in reader's data fills, or when a render
 * fails or takes too long, the app shell (index.html) is sent as before (staticPwa). The service
 * worker's precached shell is that file too, never a rendered page.
 */
export function serverRender({ distDir, publicUrl }: ServerRenderOptions) {
  const thread = renderThread(distDir, () => pageBuilder(distDir));
  // Started with the app when there is a server build: on a busy machine the thread took seconds
  // to load, and the first pages waited for it.
  if (fs.existsSync(path.join(distDir, '.server', 'entry-server.js'))) thread.warm();

  return async (ctx: Context, next: Next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !isPage(ctx.path) || !ctx.accepts('html')) return next();
    const siteUrl = publicUrl ?? `${ctx.protocol}://${ctx.host}`;
    let answer: PageAnswer | null;
    try {
      answer = await thread.build({ url: ctx.url, siteUrl, apiBase: ownAddress(ctx), reading: readingSettingsOf(ctx) }, RENDER_TIMEOUT_MS);
    } catch (err) {
      console.error(`[server-render] ${ctx.url}: sent the app shell instead`, err);
      return next();
    }
    if (!answer) return next();
    if (answer.kind === 'redirect') {
      ctx.status = answer.status;
      ctx.redirect(answer.location);
      return;
    }
    ctx.status = answer.status;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    // The page's bytes as the thread encoded them: nothing of the page is copied or re-encoded here.
    ctx.body = Buffer.from(answer.html.buffer, answer.html.byteOffset, answer.html.byteLength);
    if (answer.status === 200) cachePublicly(ctx, RENDERED_FROM);
  };
}

/**
 * Builds the pages of the build in `distDir`: the server renderer's output put into the shell,
 * with the reader's settings and the page's critical CSS. Runs on the render thread
 * (render-thread.ts), or on the main thread when that thread cannot be started.
 */
export function pageBuilder(distDir: string): PageBuilder {
  const entryFile = path.join(distDir, '.server', 'entry-server.js');
  let render: Promise<Render | null> | null = null;
  const loadRender = () =>
    (render ??= fs.existsSync(entryFile)
      ? import(pathToFileURL(entryFile).href).then(
          (m: { render: Render }) => m.render,
          (err: unknown) => {
            console.error('[server-render] could not load the server build; pages are sent as the app shell', err);
            return null;
          },
        )
      : Promise.resolve(null));
  const template = templateReader(path.join(distDir, 'index.html'));
  let domWindow: object | null = null;
  const steady = unchangedPagesKept();

  return {
    prepare: async () => {
      await Promise.all([loadRender(), template()]);
    },
    build: async ({ url, siteUrl, apiBase, reading }) => {
      const [renderPage, page] = await Promise.all([loadRender(), template()]);
      if (!renderPage || !page) return null;
      domWindow ??= new JSDOM('').window;
      const result = await renderPage({ url, siteUrl, apiBase, domWindow });
      if (result.kind === 'redirect') return result;
      const html = withStylesheets(withReadingAttributes(fillTemplate(page.html, result), reading), page.criticalCss);
      const kept = steady(`${result.status} ${siteUrl}${url} ${reading.theme}.${reading.textSize}`, html);
      return { kind: 'page', status: result.status, html: new TextEncoder().encode(kept) };
    },
  };
}

/**
 * The times in a page's state script: when the renderer fetched each answer and handed it over.
 * The browser sets its own (pwa/app/app.tsx, `bootFromServer`), so they change nothing there.
 */
const STATE_TIMES = /"(dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g;

/**
 * A page rendered again with the same content comes out as the same bytes: the page as last built
 * when only the times in its state moved. Without that, every refresh (one a second per page) made
 * a page with a new ETag, compressed again for nothing, and a browser's revalidation found its
 * copy changed. The last page of each URL, site, status and reading settings is kept (at most `max`).
 */
function unchangedPagesKept(max = 100): (key: string, html: string) => string {
  const last = new Map<string, { content: string; html: string }>();
  return (key, html) => {
    const content = crypto.createHash('sha1').update(html.replace(STATE_TIMES, '"$1":0')).digest('base64');
    const before = last.get(key);
    if (before?.content === content) return before.html;
    last.delete(key);
    if (last.size >= max) last.delete(last.keys().next().value!);
    last.set(key, { content, html });
    return html;
  };
}


/** A path that names a page of the app (no file extension, not the API, not an upload). */
function isPage(p: string): boolean {
  // A client-only page's sub-pages too (/blog-admin/videos).
  return isAppPagePath(p) && !CLIENT_ONLY.has(`/${p.split('/')[1] ?? ''}`);
}

/** This process's own address, as the connection reached it: the renderer's API calls stay on this machine. */
function ownAddress(ctx: Context): string {
  const socket = ctx.req.socket;
  const address = (socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  return `http://${address.includes(':') ? `[${address}]` : address}:${socket.localPort}`;
}

/** The shell made ready for rendered pages, and how a page's critical CSS is found (null: the stylesheets stay linked). */
export interface PageTemplate {
  html: string;
  criticalCss: ((html: string) => CriticalCss) | null;
}

/**
 * index.html as built, read again when a new build replaces it, made ready for rendered pages
 * (see `templateForRenderedPages`). The shell file itself is not changed: the
 * service worker precaches it and the client-only routes are sent it as it is.
 */
function templateReader(file: string): () => Promise<PageTemplate | null> {
  let cached: { mtimeMs: number; template: PageTemplate } | null = null;
  return async () => {
    try {
      const { mtimeMs } = await fs.promises.stat(file);
      if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, template: await templateForRenderedPages(await fs.promises.readFile(file, 'utf8'), path.dirname(file)) };
      return cached.template;
    } catch {
      return null;
    }
  };
}

/**
 * The shell as the start of a rendered page, which paints from its HTML alone:
 * - the rules of the build's stylesheets that the page uses are put into it, and the whole
 *   stylesheets come after the first paint (`deferStylesheets`, `withStylesheets`);
 * - the app's module script and its preloads are handed to /hydrate.js (pwa/public), which asks
 *   for them once the page has painted (`deferAppScripts`).
 * In the shell itself (client-only routes, the service worker's copy) the scripts are the page,
 * so nothing changes there.
 */
export async function templateForRenderedPages(html: string, distDir: string): Promise<PageTemplate> {
  const styled = await deferStylesheets(html, distDir);
  return { html: deferAppScripts(styled.html).replace(READING_SCRIPT, ''), criticalCss: styled.criticalCss };
}

/**
 * The shell's first script, which applies the reader's theme and text size from localStorage
 * before the first paint (pwa/public/reading-settings.js). A rendered page has them on <html>
 * already, from the cookie, and does without the request (see api/lib/reading-cookie.ts).
 */
const READING_SCRIPT = /\s*<script src="\/reading-settings\.js"><\/script>/;

const MODULE_PRELOAD = /<link\s+rel="modulepreload"(?:\s+crossorigin)?\s+href="([^"]+)"\s*\/?>\s*/g;
const APP_SCRIPT = /<script\s+type="module"(?:\s+crossorigin)?\s+src="([^"]+)"\s*><\/script>/;

/**
 * The app's scripts bring a rendered page to life but paint nothing of it. Fetched at once, on a
 * slow line they shared it with the page's own resources (Lighthouse's mobile simulation counted
 * the ~130 kB gzip of preloaded chunks as holding the first paint back: 2.5 s, against ~1 s
 * without). /hydrate.js starts them, preloads included, just after the first paint.
 */
export function deferAppScripts(html: string): string {
  const app = APP_SCRIPT.exec(html);
  if (!app) return html;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(APP_SCRIPT, () => `<script defer src="/hydrate.js" data-entry="${escape(app[1]!)}" data-preload="${escape(preloads.join(' '))}"></script>`);
}

/** A build's own stylesheet link: `<link rel="stylesheet" crossorigin href="/assets/index-….css">`. */
const OWN_STYLESHEET = /<link\s+rel="stylesheet"(?:\s+crossorigin)?\s+href="\/(assets\/[\w.-]+\.css)"\s*\/?>/g;

/** Where a rendered page's styles go in the template: the place of the shell's first stylesheet link. */
const STYLES_HERE = '<!--page-styles-->';

/**
 * A rendered page is painted from its HTML alone: a linked stylesheet held the first paint back
 * until it came, and on a slow phone connection it shared the line with the app's JavaScript
 * (Lighthouse mobile: first contentful paint 2.5 s with the link). So the page carries the rules
 * of the build's stylesheets it uses (its critical CSS, `withStylesheets`), and the stylesheets
 * come whole after the first paint. The sheets are the shell's linked ones and those the build's
 * lazy chunks load (dist/.vite/manifest.json): a post's article is styled by the Markdown
 * renderer's stylesheet, which its chunk would only bring after hydration. The template keeps a
 * marker where the shell's first stylesheet link was; a file that cannot be read keeps its link.
 */
export async function deferStylesheets(html: string, distDir: string): Promise<PageTemplate> {
  const read = (file: string) => fs.promises.readFile(path.join(distDir, file), 'utf8').catch(() => null);
  const linked = new Map<string, string | null>();
  for (const [, file] of html.matchAll(OWN_STYLESHEET)) linked.set(file!, await read(file!));
  const sheets: BuildStylesheet[] = [];
  for (const [file, css] of linked) if (css != null) sheets.push({ href: `/${file}`, css });
  if (!sheets.length) return { html, criticalCss: null };
  for (const file of await lazyStylesheets(distDir)) {
    if (linked.has(file)) continue;
    const css = await read(file);
    if (css != null) sheets.push({ href: `/${file}`, css });
  }
  let marked = false;
  const template = html.replace(OWN_STYLESHEET, (link, file: string) => {
    if (linked.get(file) == null) return link;
    if (marked) return '';
    marked = true;
    return STYLES_HERE;
  });
  return { html: template, criticalCss: criticalCssOf(sheets) };
}

/** The stylesheets of the build's chunks (`assets/….css`), in the manifest's order; none without a manifest. */
async function lazyStylesheets(distDir: string): Promise<string[]> {
  try {
    const manifest = JSON.parse(await fs.promises.readFile(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, { css?: unknown }>;
    const files = Object.values(manifest).flatMap((chunk) => (Array.isArray(chunk.css) ? chunk.css : []));
    return [...new Set(files.filter((file): file is string => typeof file === 'string' && /^assets\/[\w.-]+\.css$/.test(file)))];
  } catch {
    return [];
  }
}

/**
 * A rendered page with its styles in place of the template's marker (`deferStylesheets`): the
 * rules it uses in a <style>, and each stylesheet they come from as a disabled link, which the
 * browser does not fetch (HTML: a disabled stylesheet link is not loaded). /hydrate.js puts a live
 * link in its place once the page has painted, and drops the <style> when every sheet has come,
 * so no rule applies twice: each later style recalculation on a phone cost double when the whole
 * stylesheet was both inline and linked. The links are also what Vite's preload helper looks for
 * before a lazy chunk's stylesheet; finding none, it loaded the file again. A reader without
 * JavaScript gets the stylesheets from <noscript>. Computed on the page as sent, so the reader's
 * theme and text size (attributes of <html>) count.
 */
export function withStylesheets(html: string, criticalCss: PageTemplate['criticalCss']): string {
  if (!criticalCss || !html.includes(STYLES_HERE)) return html;
  const { css, hrefs } = criticalCss(html);
  // `</style` inside the CSS (in a string or comment) would end the element early.
  const style = `<style data-critical>${css.replace(/<\/(style)/gi, '<\\/$1')}</style>`;
  const links = hrefs.map((href) => `<link rel="stylesheet" href="${href}" disabled data-after-paint />`).join('');
  const fallback = `<noscript>${hrefs.map((href) => `<link rel="stylesheet" href="${href}" />`).join('')}</noscript>`;
  return html.replace(STYLES_HERE, () => style + links + fallback);
}

/** The shell with the page in #root, the page's head tags instead of the generic ones, and its state. */
export function fillTemplate(html: string, page: Extract<RenderResult, { kind: 'page' }>): string {
  return html
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/?>\s*/, '')
    .replace('</head>', () => `  ${page.headHtml}\n  </head>`)
    .replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '')
    .replace(/<div id="root"><!--app-->[\s\S]*?<!--\/app--><\/div>/, () => `<div id="root">${page.appHtml}</div>${page.stateHtml}`);
}
