import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { DESKTOP, MOBILE, OFFLINE_ACROSS_DOCUMENTS, screenshot, useBrowser } from './support/browser';
import { toastText, uniqueUsername, visitAndDismissAuth } from './support/app';
import { apiGet, apiSend, fireBackgroundSync, readStore, recordRequests, signUpInPage, trackRequests, waitForServiceWorker, type ServerRequest, type SignedInUser } from './support/offline';
import { buildInto, precacheManifest } from './support/dist';
import { startOwnServer, type OwnServer } from './support/own-server';

// Offline-first (docs/decisions/010, docs/product.md#sync-centre), in Debian's chromium against the production build (the service worker
// exists only there). This file runs its own server over a private copy of dist/: it deploys a
// new build under an open tab and deletes content, which must not disturb the other files.
let server: OwnServer | undefined;
beforeAll(async () => {
  server = await startOwnServer();
});
afterAll(async () => {
  await server?.close();
});
const own = () => {
  if (!server) throw new Error('the server of offline.e2e.ts is not running');
  return server;
};
// Reloads with the network off: the offline switch must hold for each new document (see OFFLINE_ACROSS_DOCUMENTS).
const browser = useBrowser(() => own().url, { args: OFFLINE_ACROSS_DOCUMENTS });

const main = (page: Page) => page.getByRole('main');
const banner = (page: Page) => page.getByRole('banner');
const button = (page: Page, name: string) => main(page).getByRole('button', { name, exact: true });
const h1 = (page: Page) => main(page).getByRole('heading', { level: 1 });
describe('a new day offline', () => {
  test("home shows the last devotional read on this device, saying it is an earlier day's, until today's can be fetched", async () => {
    const context = await visitor();
    const { page } = await newUser(context, MOBILE);
    await waitForServiceWorker(page);
    await open(page, '/');
    const devotional = main(page).getByRole('region', { name: 'Daily Devotional' });
    const title = ((await devotional.getByRole('heading', { level: 3 }).textContent()) ?? '').trim();
    expect(title.length).toBeGreaterThan(3);
    // The heart (its own chunk, then the reader's hearts) has loaded, and the page is quiet.
    await devotional.getByRole('button', { name: /Heart this devotional/ }).waitFor();
    await page.waitForLoadState('networkidle');
    // Saved on the device (the query cache in IndexedDB) before the signal goes.
    await expect.poll(async () => JSON.stringify(await readStore(page, 'queryCache')).includes(title), { timeout: 10_000 }).toBe(true);

    const offline = await offlineWindow(context);
    // The next morning, still with no signal.
    const tomorrow = new Date();
    tomorrow.setDate(tomorrow.getDate() + 1);
    tomorrow.setHours(9, 0, 0, 0);
    await page.clock.setFixedTime(tomorrow);
    await reload(page);
    const note = devotional.getByTestId('earlier-devotional');
    await note.waitFor();
    const today = new Date(tomorrow.getTime() - 24 * 60 * 60 * 1000).toLocaleDateString('en-US', { weekday: 'long' });
    expect(await note.textContent()).toContain(`You're offline. Today's devotional needs a connection; here is the one from ${today}`);
    await devotional.getByRole('heading', { level: 3, name: title }).waitFor();
    await screenshot(page, 'offline-new-day-devotional', ['mobile']);
    await offline.end();

    // Back online: today's (the server's for that date) replaces it, fetched by the app when the
    // connection returns, or by Retry when that first try came too early for the network.
    await expect
      .poll(
        async () => {
          if (!(await note.isVisible())) return true;
          await note.getByRole('button', { name: 'Retry' }).click({ timeout: 1000 }).catch(() => undefined);
          return false;
        },
        { timeout: 15_000, interval: 1000 },
      )
      .toBe(true);
    await devotional.getByRole('heading', { level: 3 }).waitFor();
    await context.close();
  });
});

const waitingToSync = (page: Page) => main(page).getByText('Waiting to sync', { exact: true });

interface BlogPost {
  id: number;
  title: string;
}
interface Video {
  id: number;
  title: string;
}
interface Bookmark {
  contentType: string;
  contentId: number;
}
interface Comment {
  comment: string;
}

const tracked = new WeakMap<BrowserContext, ReturnType<typeof trackRequests>>();

/** A new visitor (a context of their own) whose requests in flight are followed, for offlineWindow(). */
async function visitor(): Promise<BrowserContext> {
  const context = await browser.newContext();
  tracked.set(context, trackRequests(context));
  return context;
}

async function newUser(context: BrowserContext, viewport: { width: number; height: number } = DESKTOP): Promise<{ page: Page; user: SignedInUser }> {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  const user = await signUpInPage(page, uniqueUsername('offline'));
  return { page, user };
}

/** Opens `path` and waits for the header: the app started (from the network or the service worker). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await banner(page).waitFor();
}

async function reload(page: Page): Promise<void> {
  await page.reload();
  await banner(page).waitFor();
}

/**
 * A new signed-in visitor (phone-sized) on /watch/{videoId}, with the service worker in control
 * and the study tools ready: where the offline write journeys start.
 */
async function readyOnWatchPage(videoId: number): Promise<{ context: BrowserContext; page: Page; user: SignedInUser; video: Video }> {
  const context = await visitor();
  const { page, user } = await newUser(context, MOBILE);
  await waitForServiceWorker(page);
  const video = await apiGet<Video>(page, `/api/videos/${videoId}`);
  await open(page, `/watch/${video.id}`);
  await h1(page).filter({ hasText: video.title }).waitFor();
  await expect.poll(() => button(page, 'Bookmark').isEnabled()).toBe(true);
  return { context, page, user, video };
}

/** The user's bookmarks of one item, as the server has them. */
async function serverBookmarks(page: Page, user: SignedInUser, contentType: string, contentId: number): Promise<Bookmark[]> {
  const all = await apiGet<Bookmark[]>(page, `/api/users/${user.id}/bookmarks`);
  return all.filter((b) => b.contentType === contentType && b.contentId === contentId);
}

/**
 * The browser's offline switch, checked from both ends while it is on:
 * - in the browser, no request of this visitor's got an answer from the network: every answer
 *   came from the service worker's caches (what the offline journeys are about);
 * - on the server, no write arrived (a queued write must wait for the connection).
 * Chromium's offline emulation now and then lets a read that the worker passes through to the
 * network reach the server although the page sees it fail; such reads are listed, not counted.
 * `elsewhere` names requests of another, online, visitor (an editor's, say).
 */
async function offlineWindow(context: BrowserContext): Promise<{ end: (elsewhere?: (r: ServerRequest) => boolean) => Promise<void> }> {
  const traffic = tracked.get(context);
  if (!traffic) throw new Error('offlineWindow(): open the context with visitor()');
  await traffic.quiet();
  const log = recordRequests(own().running);
  await context.setOffline(true);
  // A request the page sent in the moment before the switch took effect went out online.
  const since = Date.now();
  return {
    end: async (elsewhere = () => false) => {
      await traffic.quiet();
      log.stop();
      const fromNetwork = traffic.sentSince(since).filter((r) => r.url.startsWith(own().url) && !r.fromServiceWorker);
      expect(fromNetwork.map((r) => `${r.method} ${r.url}${r.byServiceWorker ? ' (by the service worker)' : ''}`), 'answers from the network while offline').toEqual([]);
      const reached = log.all.filter((r) => !elsewhere(r));
      expect(reached.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`), 'writes that reached the server while offline').toEqual([]);
      const reads = reached.filter((r) => r.method === 'GET' && r.path !== '/sw.js');
      if (reads.length) console.log(`[offline] reads that reached the server although the browser was offline (answers never delivered): ${reads.map((r) => r.path).join(', ')}`);
      await context.setOffline(false);
    },
  };
}

describe('the build', () => {
  test("the service worker's precache list names each file once, and every file is in the build", () => {
    // Workbox refuses a list with one URL twice under two revisions (add-to-cache-list-conflicting-
    // entries): sw.js throws when evaluated and never installs, so nothing opens offline.
    const manifest = precacheManifest(own().distDir);
    expect(manifest?.length).toBeGreaterThan(10);
    const urls = manifest!.map((e) => e.url);
    expect(urls.filter((url, i) => urls.indexOf(url) !== i)).toEqual([]);
    expect(urls).toEqual(expect.arrayContaining(['index.html', 'manifest.webmanifest']));
    expect(urls.filter((url) => !fs.existsSync(path.join(own().distDir, url)))).toEqual([]);
  });
});

describe('reads offline', () => {
  test('pages seen online open offline after a reload; a route never visited shows the shell; the sign-in is kept', async () => {
    const context = await visitor();
    const { page, user } = await newUser(context);
    await waitForServiceWorker(page);

    const post = await apiGet<BlogPost>(page, '/api/blog/1');
    const video = await apiGet<Video>(page, '/api/videos/2');
    await open(page, '/');
    await main(page).getByText('Search Our Content', { exact: true }).waitFor();
    await open(page, `/blog/${post.id}`);
    await h1(page).filter({ hasText: post.title }).waitFor();
    const paragraph = ((await page.locator('.blog-prose p').first().textContent()) ?? '').trim();
    expect(paragraph.length).toBeGreaterThan(40);
    await open(page, `/watch/${video.id}`);
    await h1(page).filter({ hasText: video.title }).waitFor();
    await open(page, `/blog/${post.id}`);
    await h1(page).filter({ hasText: post.title }).waitFor();

    const offline = await offlineWindow(context);
    // The blog post: title and body from the device. The page the service worker kept holds the
    // text in its HTML, so it reads before any code runs; the app then takes the page over.
    const document = await page.reload();
    const html = ((await document?.text()) ?? '').replace(/&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    expect(html).toContain(post.title);
    expect(html).toContain(paragraph);
    await h1(page).filter({ hasText: post.title }).waitFor();
    await page.locator('.blog-prose').getByText(paragraph, { exact: true }).waitFor();
    await banner(page).getByRole('link', { name: /^Offline\b/ }).waitFor();
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await screenshot(page, 'offline-blog-post', ['mobile']);

    // The watch page: the video's details; the embedded player says it needs the network.
    await open(page, `/watch/${video.id}`);
    await h1(page).filter({ hasText: video.title }).waitFor();
    await reload(page);
    await h1(page).filter({ hasText: video.title }).waitFor();
    await main(page).getByText(/player needs a connection/).waitFor();
    await screenshot(page, 'offline-watch', ['mobile']);

    // Routes never visited: the app shell (header, navigation) rather than the browser's offline page.
    for (const [route, heading] of [
      ['/live-qa', 'Live Q&A'],
      ['/search?q=grace', null],
    ] as const) {
      await open(page, route);
      const nav = banner(page).getByRole('navigation', { name: 'Main' });
      for (const name of ['Home', 'Videos', 'Blog', 'Live Q&A']) await nav.getByRole('link', { name, exact: true }).waitFor();
      if (heading) await main(page).getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.getByRole('contentinfo').waitFor();
      // Its data was never fetched here: it says so plainly, with a retry (no spinner, no raw error).
      await main(page).getByText(/needs a connection/).first().waitFor();
      await main(page).getByRole('button', { name: 'Retry' }).first().waitFor();
    }
    await open(page, '/live-qa');
    await main(page).getByRole('heading', { level: 1, name: 'Live Q&A' }).waitFor();
    await screenshot(page, 'offline-never-visited', ['mobile']);

    // Still signed in after an offline reload.
    await reload(page);
    const account = banner(page).getByRole('button', { name: `Account menu for @${user.username}` });
    await account.click();
    await banner(page).getByText(`@${user.username}`, { exact: true }).filter({ visible: true }).waitFor();
    await offline.end();
    await context.close();
  });
});

describe('what the server withdrew', () => {
  test('a post taken back to draft, seen again online, is not shown offline afterwards', async () => {
    const editorContext = await browser.newContext();
    const editor = await editorContext.newPage();
    await signUpInPage(editor, 'editor');
    const post = { title: `Withdrawn ${Date.now().toString(36)}`, content: 'Published, read once, then taken back to draft.', excerpt: '', category: 'theology', readTime: 2 };
    const created = await apiSend(editor, 'POST', '/api/blog/create', post);
    expect(created.status).toBe(201);
    const postId = (created.json as { id: number }).id;

    const context = await visitor();
    const { page } = await newUser(context);
    await waitForServiceWorker(page);
    await open(page, `/blog/${postId}`);
    await h1(page).filter({ hasText: post.title }).waitFor();

    expect((await apiSend(editor, 'PUT', `/api/blog/${postId}`, { ...post, status: 'draft', version: 1 })).status).toBe(200);
    await open(page, `/blog/${postId}`);
    await h1(page).filter({ hasText: 'Article Not Found' }).waitFor();

    // Neither the service worker's copy nor the saved query cache brings it back offline.
    const offline = await offlineWindow(context);
    await reload(page);
    await main(page).getByText(/needs a connection|Article Not Found/).first().waitFor();
    expect(await page.getByText(post.title).count()).toBe(0);
    await offline.end();
    await context.close();
    await editorContext.close();
  });
});

describe('writes offline', () => {
  test('a note and a bookmark made offline show at once, the bookmark pending; back online it reaches the server once', async () => {
    const { context, page, user, video } = await readyOnWatchPage(3);

    const offline = await offlineWindow(context);
    await reload(page);
    await h1(page).filter({ hasText: video.title }).waitFor();
    const notes = main(page).getByLabel('Your Notes', { exact: true });
    await notes.fill('Offline on the train: compare with Acts 2.');
    await main(page).getByRole('status').filter({ hasText: 'Saved' }).waitFor();

    await button(page, 'Bookmark').click();
    await toastText(page, 'Bookmarked!');
    await button(page, 'Bookmarked').waitFor();
    await waitingToSync(page).waitFor({ state: 'attached' });
    await banner(page).getByRole('link', { name: 'Offline, 1 change waiting to sync. Open the sync centre' }).waitFor();
    expect(await readStore<{ status: string; kind: string }>(page, 'outbox')).toEqual([expect.objectContaining({ status: 'pending', kind: 'bookmark.save' })]);
    await screenshot(page, 'offline-bookmark-and-note', ['mobile']);

    const log = recordRequests(own().running);
    await offline.end();
    // Back online: delivered within seconds, the pending mark and the header badge go.
    await expect.poll(() => waitingToSync(page).count(), { timeout: 10_000 }).toBe(0);
    await banner(page).getByRole('link', { name: /waiting to sync/ }).waitFor({ state: 'detached' });
    log.stop();
    expect(await serverBookmarks(page, user, 'video', video.id)).toHaveLength(1);
    expect(log.all.filter((r) => r.method === 'POST' && r.path === '/api/bookmarks')).toHaveLength(1);
    expect(await readStore(page, 'outbox')).toEqual([]);

    // The note (device only) and the bookmark (server) after a reload.
    await reload(page);
    await h1(page).filter({ hasText: video.title }).waitFor();
    await expect.poll(() => notes.inputValue()).toBe('Offline on the train: compare with Acts 2.');
    expect(await readStore<{ id: string; text: string }>(page, 'notes')).toEqual([expect.objectContaining({ id: `note-video-${video.id}`, text: 'Offline on the train: compare with Acts 2.' })]);
    await button(page, 'Bookmarked').waitFor();
    expect(log.all.filter((r) => r.path.startsWith('/api/notes'))).toEqual([]);
    await context.close();
  });

  test('what was seen survives a later, unrelated write: offline, after a reload, a video still shows the completion and bookmark the server has', async () => {
    const { context, page, video } = await readyOnWatchPage(4);
    const other = await apiGet<Video>(page, '/api/videos/5');
    // Online: video A completed and bookmarked, delivered.
    await button(page, 'Mark Complete').click();
    await button(page, 'Bookmark').click();
    await button(page, 'Completed').waitFor();
    await button(page, 'Bookmarked').waitFor();
    await expect.poll(() => waitingToSync(page).count(), { timeout: 10_000 }).toBe(0);
    // Then video B: these writes refresh every completion and bookmark query, A's included (not on screen).
    await open(page, `/watch/${other.id}`);
    await h1(page).filter({ hasText: other.title }).waitFor();
    await expect.poll(() => button(page, 'Mark Complete').isEnabled()).toBe(true);
    await button(page, 'Mark Complete').click();
    await button(page, 'Bookmark').click();
    await button(page, 'Bookmarked').waitFor();
    await expect.poll(() => waitingToSync(page).count(), { timeout: 10_000 }).toBe(0);
    await page.waitForLoadState('networkidle');

    const offline = await offlineWindow(context);
    // A's answers are asked for again and cannot come: what was shown stays, also after a reload.
    await open(page, `/watch/${video.id}`);
    await h1(page).filter({ hasText: video.title }).waitFor();
    await button(page, 'Completed').waitFor();
    await button(page, 'Bookmarked').waitFor();
    await page.waitForTimeout(500); // the saved cache is written at most every 250 ms
    for (let i = 0; i < 2; i++) {
      await reload(page);
      await h1(page).filter({ hasText: video.title }).waitFor();
      await expect.poll(() => button(page, 'Completed').isEnabled(), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => button(page, 'Bookmarked').isEnabled(), { timeout: 10_000 }).toBe(true);
      expect(await waitingToSync(page).count()).toBe(0);
    }
    expect(await readStore(page, 'outbox')).toEqual([]);
    await offline.end();
    await context.close();
  });

  test('writes queued offline in a tab that is then closed reach the server once when the app is opened again online', async () => {
    const { context, page, user, video } = await readyOnWatchPage(4);

    const offline = await offlineWindow(context);
    await button(page, 'Bookmark').click();
    await toastText(page, 'Bookmarked!');
    const text = `Queued offline ${Date.now().toString(36)}: the empty tomb matters.`;
    await main(page).getByLabel('Add a comment').fill(text);
    await button(page, 'Post Comment').click();
    await main(page).getByRole('list', { name: 'Comments, newest first' }).getByText(text, { exact: true }).waitFor();
    await expect.poll(async () => (await readStore(page, 'outbox')).length).toBe(2);
    await page.close();

    const log = recordRequests(own().running);
    await offline.end();
    const reopened = await context.newPage();
    await reopened.setViewportSize(MOBILE);
    await open(reopened, '/');
    // Delivered at start (or already by Background Sync): both, once.
    await expect.poll(async () => (await readStore(reopened, 'outbox')).length, { timeout: 10_000 }).toBe(0);
    log.stop();
    expect(await serverBookmarks(reopened, user, 'video', video.id)).toHaveLength(1);
    const comments = await apiGet<Comment[]>(reopened, `/api/comments?contentType=video&contentId=${video.id}`);
    expect(comments.filter((c) => c.comment === text)).toHaveLength(1);
    // Both waiting at start: they go together, in one batch (docs/decisions/020-queued-writes-in-one-request.md), once.
    const writes = log.all.filter((r) => r.method === 'POST' && ['/api/bookmarks', '/api/comments', '/api/sync/batch'].includes(r.path));
    expect(writes.map((r) => r.path)).toEqual(['/api/sync/batch']);
    await context.close();
  });

  test("Background Sync: with no tab of the app open, the service worker delivers a write queued offline once the browser fires 'outbox'", async () => {
    const { context, page, user, video } = await readyOnWatchPage(5);

    const offline = await offlineWindow(context);
    await button(page, 'Bookmark').click();
    await toastText(page, 'Bookmarked!');
    // The first try finds no connection, so the browser is asked to retry after the app is closed.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync?: { getTags: () => Promise<string[]> } };
          return (await registration.sync?.getTags()) ?? null;
        }),
      )
      .toEqual(['outbox']);
    // The tab keeps trying while offline, each failure backing off longer: after three, the next
    // try is seconds away when the connection comes back.
    await expect.poll(async () => (await readStore<{ attempts: number }>(page, 'outbox'))[0]?.attempts ?? 0, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    await page.close();

    // Chromium may fire the registered sync itself the moment the connection returns, before
    // offline.end() resolves: the count starts before going online, so that write is counted too.
    const log = recordRequests(own().running);
    await offline.end();
    await fireBackgroundSync(context, new URL(own().url).origin, 'outbox');
    const bookmarks = async () => {
      const answer = await context.request.get(`${own().url}/api/users/${user.id}/bookmarks`);
      return ((await answer.json()) as Bookmark[]).filter((b) => b.contentType === 'video' && b.contentId === video.id).length;
    };
    await expect.poll(bookmarks, { timeout: 10_000 }).toBe(1);
    log.stop();
    expect(context.pages().map((p) => p.url())).toEqual([]);
    expect(log.all.filter((r) => r.method === 'POST' && r.path === '/api/bookmarks')).toHaveLength(1);
    const worker = context.serviceWorkers()[0]!;
    const left = await worker.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('context-is-key');
          open.onerror = () => reject(new Error(String(open.error)));
          open.onsuccess = () => {
            const request = open.result.transaction('outbox').objectStore('outbox').count();
            request.onsuccess = () => resolve(request.result);
          };
        }),
    );
    expect(left).toBe(0);
    await context.close();
  });

  test('a write the server refuses (the post was deleted meanwhile) shows as failed, and the sync centre offers Retry and Discard', async () => {
    // An editor publishes a post, and deletes it while a reader who has it open is offline.
    const editorContext = await browser.newContext();
    const editor = await editorContext.newPage();
    await signUpInPage(editor, 'editor');
    const title = `Offline refusal ${Date.now().toString(36)}`;
    const created = await apiSend(editor, 'POST', '/api/blog/create', {
      title,
      content: 'A short article that will be deleted while a reader is offline.',
      excerpt: 'Soon gone.',
      category: 'church-history',
      readTime: 2,
    });
    expect(created.status).toBe(201);
    const postId = (created.json as { id: number }).id;

    const context = await visitor();
    const { page, user } = await newUser(context, MOBILE);
    await waitForServiceWorker(page);
    await open(page, `/blog/${postId}`);
    await h1(page).filter({ hasText: title }).waitFor();
    await expect.poll(() => button(page, 'Bookmark').isEnabled()).toBe(true);

    const offline = await offlineWindow(context);
    await button(page, 'Bookmark').click();
    await toastText(page, 'Bookmarked!');
    await waitingToSync(page).waitFor({ state: 'attached' });
    expect((await apiSend(editor, 'DELETE', `/api/blog/${postId}`)).status).toBeLessThan(300);
    await offline.end((r) => r.method === 'DELETE' && r.path === `/api/blog/${postId}`);

    const message = 'That video or article does not exist.';
    await main(page).getByText(`Not saved: ${message}`).waitFor({ timeout: 10_000 });
    await button(page, 'Retry').waitFor();
    await button(page, 'Discard').waitFor();
    await screenshot(page, 'offline-refused-bookmark', ['mobile']);
    expect(await serverBookmarks(page, user, 'blog', postId)).toEqual([]);

    await banner(page).getByRole('link', { name: '1 not synced. Open the sync centre' }).click();
    await page.waitForURL((url) => url.pathname === '/sync');
    const failed = main(page).getByRole('list', { name: 'Not synced' });
    const row = failed.getByRole('listitem').filter({ hasText: `Bookmark article "${title}"` });
    await row.getByText(message, { exact: true }).waitFor();
    await screenshot(page, 'sync-centre-refused', ['mobile']);

    // Retry: sent again, refused again, still listed.
    const log = recordRequests(own().running);
    await row.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => log.all.filter((r) => r.method === 'POST' && r.path === '/api/bookmarks').length).toBe(1);
    await row.getByText(message, { exact: true }).waitFor();
    log.stop();
    // Discard: gone for good.
    await row.getByRole('button', { name: 'Discard' }).click();
    await main(page).getByText('Everything is synced.').waitFor();
    expect(await readStore(page, 'outbox')).toEqual([]);
    await context.close();
    await editorContext.close();
  });
});

describe('updates', () => {
  // Last in the file: it replaces the build this file's server serves.
  test('a new build deployed while a tab is open shows the update prompt; Reload brings the new version', async () => {
    const context = await visitor();
    const page = await context.newPage();
    await page.setViewportSize(MOBILE);
    await visitAndDismissAuth(page, '/videos');
    await waitForServiceWorker(page);
    const entryScript = () => page.evaluate(() => document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.getAttribute('src') ?? null);
    const before = await entryScript();
    expect(before).toMatch(/^\/assets\/.+\.js$/);

    await buildInto(own().distDir, `offline-e2e-${Date.now().toString(36)}`);
    const html = fs.readFileSync(path.join(own().distDir, 'index.html'), 'utf8');
    const after = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);

    // The app looks for a new version when it comes back to the foreground (and hourly): the
    // event it listens for, with the tab visible, as when the user switches back to it.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const prompt = page.getByRole('status').filter({ hasText: 'A new version of context is key is available.' });
    await prompt.waitFor({ timeout: 30_000 });
    await screenshot(page, 'update-prompt', ['mobile']);
    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await banner(page).waitFor();
    expect(await entryScript()).toBe(after);
    await page.waitForFunction(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.active && !r.waiting && !r.installing));
    expect(await prompt.count()).toBe(0);
    await context.close();
  });
});
