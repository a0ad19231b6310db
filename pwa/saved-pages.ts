/// <reference lib="webworker" />
// The service worker's copies of rendered posts: offline, a reload of one opens from its
// HTML, with the text in it, instead of the shell that has to load the app's code and the saved
// query cache before it shows anything (docs/decisions/005-what-loads-first.md).
import { SAVED_PAGE_META, SERVER_STATE_ID } from './server-state';

/** The cache of rendered pages. Emptied when a new worker takes over: its pages name the old build's files. */
export const SAVED_PAGES_CACHE = 'rendered-pages';

/** How many pages are kept; the oldest go first. A post's page is ~140 kB before compression. */
const MAX_SAVED_PAGES = 50;

/**
 * The pages kept: a post, what a reader opens again offline to read. Lists change too often to be
 * worth it. A watch page is not kept: taken over offline from the server's markup, its player
 * would be the embed that cannot load, not the note that it needs a connection.
 */
const SAVED_PAGE_PATH = /^\/blog\/[1-9][0-9]*$/;

export const isSavedPagePath = (pathname: string): boolean => SAVED_PAGE_PATH.test(pathname);

/** The page of the post whose API answer this is (`/api/blog/3` → `/blog/3`), or null. */
export function pageOfApiPath(pathname: string): string | null {
  const match = /^\/api\/blog\/([1-9][0-9]*)$/.exec(pathname);
  return match ? `/blog/${match[1]}` : null;
}

/**
 * A rendered page as it is kept: with the time it was fetched in a <meta>, from which the app
 * dates the answers in its state (pwa/app/app.tsx): they are that old, not new, so the saved query
 * cache may replace them when it holds newer ones, and they are fetched again once online.
 * Null when the answer is not a rendered page (the server sent its shell, or an error).
 */
export function pageToKeep(html: string, fetchedAt: number): string | null {
  if (!html.includes(`id="${SERVER_STATE_ID}"`) || !html.includes('</head>')) return null;
  return html.replace('</head>', () => `<meta name="${SAVED_PAGE_META}" content="${fetchedAt}"></head>`);
}

/** The kept page of `pathname`, if there is one. */
export async function savedPage(pathname: string): Promise<Response | undefined> {
  const cache = await caches.open(SAVED_PAGES_CACHE);
  return cache.match(pathname);
}

/**
 * Fetches `pathname`'s rendered page and keeps it in place of the last one. A page the server says
 * is gone (404, 410) is forgotten. Any failure leaves what was kept: this runs beside a navigation
 * that the shell has already answered, and nobody waits for it.
 */
export async function keepPage(pathname: string): Promise<void> {
  try {
    // The browser's HTTP cache asks with the page's ETag: an unchanged page costs a 304.
    const response = await fetch(pathname, { credentials: 'same-origin', headers: { Accept: 'text/html' } });
    const cache = await caches.open(SAVED_PAGES_CACHE);
    if (response.status === 404 || response.status === 410) {
      await cache.delete(pathname);
      return;
    }
    if (response.status !== 200 || !response.headers.get('content-type')?.includes('text/html')) return;
    const html = pageToKeep(await response.text(), Date.now());
    if (html === null) return;
    await cache.put(pathname, new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
    await trim(cache);
  } catch {
    // Offline, or the cache is full: the page kept before (if any) stays.
  }
}

export async function forgetPage(pathname: string): Promise<void> {
  await (await caches.open(SAVED_PAGES_CACHE)).delete(pathname);
}

/** Keeps the newest MAX_SAVED_PAGES (a cache lists its entries in the order they were put). */
async function trim(cache: Cache): Promise<void> {
  const keys = await cache.keys();
  for (const request of keys.slice(0, Math.max(0, keys.length - MAX_SAVED_PAGES))) await cache.delete(request);
}
