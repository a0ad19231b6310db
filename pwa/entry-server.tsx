// The server renderer: a public page as an anonymous visitor first sees it, for the Koa app to
// send as HTML (api/middleware/server-render.ts). Built by `vite build --ssr` into dist/.server/.
//
// The pages read their data with TanStack Query hooks, not loaders, so a page is rendered in
// passes: each pass fetches the public queries the previous one asked for (a list, then what the
// list's items need), up to MAX_PASSES. The final render is made from exactly the answers the
// browser is handed, so hydration finds the same markup. Nothing of a user's is ever rendered:
// no cookie reaches the API calls, and the signed-in parts render as the browser's first render
// does before it has read the saved user.
import { PassThrough } from 'node:stream';
import { dehydrate, hydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router-dom';
import type { ServerRenderedState } from './app/app';
import { AppProvider } from './app/provider';
import { routesWithPrefetch } from './app/router';
import { createMarkdownRenderer } from './features/blog/components/markdown';
import { setMarkdownRenderer } from './features/blog/components/markdown-content';
import { setApiBase } from './lib/api-client';
import { createQueryClient, PRIVATE_KEY_ROOT } from './lib/query-client';
import { fullTitle, PageHeadCollector, SITE_DESCRIPTION, SITE_NAME, type PageHead } from './lib/use-document-title';
import { SERVER_STATE_ID } from './server-state';
import type { RenderRequest, RenderResult } from '#contract/server-render';

/** A list, then what its items need (a post's related posts): more is left for the browser. */
const MAX_PASSES = 4;

let markdownFor = '';

export async function render({ url, siteUrl, apiBase, domWindow }: RenderRequest): Promise<RenderResult> {
  setApiBase(apiBase);
  if (markdownFor !== siteUrl) {
    // Links to other sites are told from this site's own address.
    setMarkdownRenderer(remembered(createMarkdownRenderer(domWindow as Parameters<typeof createMarkdownRenderer>[0], siteUrl)));
    markdownFor = siteUrl;
  }

  const discovery = serverQueryClient();
  try {
    return await renderWith(discovery, url, siteUrl);
  } finally {
    discovery.clear();
  }
}

/**
 * One for the process, like the routes. Its loaders are the browser's (they only start queries),
 * here doing nothing, so the router state handed over names the same routes and the browser does
 * not run them again; the pages' code, once loaded for one request, serves the next.
 */
let sharedHandler: ReturnType<typeof createStaticHandler> | null = null;

async function renderWith(discovery: QueryClient, url: string, siteUrl: string): Promise<RenderResult> {
  const handler = (sharedHandler ??= createStaticHandler(routesWithPrefetch(serverQueryClient(), () => false)));
  const context = await handler.query(new Request(new URL(url, siteUrl)));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }

  // Until a render asks for nothing new: that render is what the page shows with every answer in
  // (a post the API does not have: 'Article Not Found').
  let seen = await renderPage(discovery, handler.dataRoutes, context);
  for (let pass = 1; pass <= MAX_PASSES; pass += 1) {
    const asked = discovery
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle' && isPublic(query) && isEnabled(query));
    if (asked.length === 0) break;
    await Promise.all(asked.map((query) => query.fetch().catch(() => undefined)));
    seen = await renderPage(discovery, handler.dataRoutes, context);
  }

  const notFound = seen.head.notFound === true || context.statusCode === 404;
  if (notFound || context.errors) {
    // Shown as rendered, and rendered afresh in the browser: no state to hydrate from.
    return { kind: 'page', status: notFound ? 404 : context.statusCode, appHtml: seen.html, headHtml: headTags(seen.head, url, siteUrl, true), stateHtml: '' };
  }

  // The answers the browser gets (those that succeeded), and the page rendered from them alone.
  const queries = dehydrate(discovery);
  // With an answer that failed, the browser starts without it: render again from what it gets.
  const anyFailed = discovery.getQueryCache().getAll().some((query) => query.state.status === 'error');
  const handedOver = serverQueryClient();
  hydrate(handedOver, queries);
  const final = anyFailed ? await renderPage(handedOver, handler.dataRoutes, context) : seen;
  const state: ServerRenderedState = {
    queries,
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
  };
  handedOver.clear();
  return {
    kind: 'page',
    status: context.statusCode,
    appHtml: final.html,
    headHtml: headTags(final.head, url, siteUrl, false),
    stateHtml: `<script type="application/json" id="${SERVER_STATE_ID}">${jsonForHtml(state)}</script>`,
  };
}

/** The app's client, except that a failed answer shows as failed (the browser would try it again on mount). */
function serverQueryClient(): QueryClient {
  const client = createQueryClient();
  // No garbage-collection timers (two weeks in the browser): they would keep the server's process
  // alive after it is asked to stop. Each render's clients are dropped whole when it is done.
  client.setDefaultOptions({ ...client.getDefaultOptions(), queries: { ...client.getDefaultOptions().queries, retryOnMount: false, gcTime: Infinity } });
  return client;
}

/** Sanitising through jsdom costs milliseconds: each post's Markdown is rendered once, not once per pass and visit. */
function remembered(render: (markdown: string) => string, max = 200): (markdown: string) => string {
  const done = new Map<string, string>();
  return (markdown) => {
    const hit = done.get(markdown);
    if (hit !== undefined) return hit;
    const html = render(markdown);
    if (done.size >= max) done.delete(done.keys().next().value!);
    done.set(markdown, html);
    return html;
  };
}

const isPublic = (query: Query): boolean => query.queryKey[0] !== PRIVATE_KEY_ROOT[0];

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((q: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** The page's markup once everything in it has loaded (lazy parts too), and the head it asked for. */
async function renderPage(
  queryClient: QueryClient,
  dataRoutes: ReturnType<typeof createStaticHandler>['dataRoutes'],
  context: StaticHandlerContext,
): Promise<{ html: string; head: PageHead }> {
  let head: PageHead = {};
  const collect = (next: PageHead) => {
    head = { ...head, ...next };
  };
  const router = createStaticRouter(dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <PageHeadCollector value={collect}>
      <AppProvider queryClient={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </PageHeadCollector>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(Buffer.from(chunk as Uint8Array));
  return { html: Buffer.concat(chunks).toString('utf8'), head };
}

/** The head tags of a page. `notFound` pages are kept out of search results. */
function headTags(head: PageHead, url: string, siteUrl: string, notFound: boolean): string {
  const title = fullTitle(head.title);
  const description = head.description ?? SITE_DESCRIPTION;
  const pageUrl = new URL(url, siteUrl);
  // The canonical address has no tracking or other query, except the search itself.
  const canonical = `${siteUrl}${pageUrl.pathname}${pageUrl.pathname === '/search' && pageUrl.searchParams.get('q') ? `?q=${encodeURIComponent(pageUrl.searchParams.get('q')!)}` : ''}`;
  const image = head.image ? new URL(head.image, siteUrl).href : `${siteUrl}/pwa-512x512.png`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    notFound ? '<meta name="robots" content="noindex" />' : `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(SITE_NAME)}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title ?? SITE_NAME)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:type" content="${head.type ?? 'website'}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    ...(head.image && head.imageSize
      ? [`<meta property="og:image:width" content="${head.imageSize.width}" />`, `<meta property="og:image:height" content="${head.imageSize.height}" />`]
      : []),
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(head.title ?? SITE_NAME)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
  ];
  const jsonLd = typeof head.jsonLd === 'function' ? head.jsonLd(siteUrl) : head.jsonLd;
  if (jsonLd && !notFound) tags.push(`<script type="application/ld+json">${jsonForHtml(jsonLd)}</script>`);
  return tags.join('\n    ');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON safe inside a <script> element: no '</script>' or '<!--' can end or change it. */
function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
