// Helpers of the offline journeys: the service worker, the device's IndexedDB, the API as the
// signed-in page sees it, and what reached the server.
import type { IncomingMessage } from 'node:http';
import type { BrowserContext, Page, Request } from 'playwright-core';
import type { RunningServer } from '#api/server';
import { appReady, PASSWORD } from './app';

/**
 * Waits until a service worker controls the page. The worker calls clientsClaim(), so the first
 * visit is taken over once the worker has installed (precached the shell) and activated.
 */
export async function waitForServiceWorker(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, undefined, { timeout });
}

export interface SignedInUser {
  id: number;
  username: string;
}

/**
 * Signs `username` up through the API from the page and saves the user as a remembered sign-in
 * does (the session cookie lands in the page's context), then opens `path`.
 */
export async function signUpInPage(page: Page, username: string, path = '/'): Promise<SignedInUser> {
  await page.goto('/');
  await appReady(page);
  const user = await page.evaluate(
    async ({ username, password }) => {
      const post = (url: string, body: unknown) => fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      let answer = await post('/api/auth/signup', { username, email: `${username}@example.com`, password });
      if (answer.status === 409) answer = await post('/api/auth/login', { username, password });
      if (!answer.ok) throw new Error(`sign-in failed: ${answer.status} ${await answer.text()}`);
      const json = (await answer.json()) as { id: number; username: string };
      localStorage.setItem('user', JSON.stringify(json));
      return { id: json.id, username: json.username };
    },
    { username, password: PASSWORD },
  );
  await page.goto(path);
  await appReady(page);
  return user;
}

/** GET `path` from the page (its cookies, its service worker): the JSON answer, or throws with the status. */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (p) => {
    const answer = await fetch(p, { headers: { Accept: 'application/json' }, cache: 'no-store' });
    if (!answer.ok) throw new Error(`GET ${p}: ${answer.status}`);
    return (await answer.json()) as T;
  }, path);
}

/** A write from the page (an editor's action in another tab, say): the status and JSON answer. */
export async function apiSend(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const answer = await fetch(path, {
        method,
        headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await answer.text();
      return { status: answer.status, json: text ? (JSON.parse(text) as unknown) : null };
    },
    { method, path, body },
  );
}

/** One row of the app's Dexie tables, read with the plain IndexedDB API (no app code involved). */
export async function readStore<T = Record<string, unknown>>(page: Page, store: 'outbox' | 'notes' | 'meta' | 'queryCache'): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('context-is-key');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(name)) {
            db.close();
            resolve([]);
            return;
          }
          const request = db.transaction(name, 'readonly').objectStore(name).getAll();
          request.onsuccess = () => {
            db.close();
            resolve(request.result as T[]);
          };
          request.onerror = () => reject(new Error(String(request.error)));
        };
      }),
    store,
  );
}

export interface ServerRequest {
  method: string;
  path: string;
  at: number;
  idempotencyKey: string | undefined;
  /** The page that sent it (the Referer), to tell whose request it was. */
  referer: string | undefined;
}

/** Records every request the server receives (the page's, the service worker's, the browser's own). */
export function recordRequests(running: RunningServer): { all: ServerRequest[]; since: (at: number) => ServerRequest[]; stop: () => void } {
  const all: ServerRequest[] = [];
  const onRequest = (req: IncomingMessage) => {
    const key = req.headers['idempotency-key'];
    all.push({ method: req.method ?? '', path: (req.url ?? '').split('?')[0]!, at: Date.now(), idempotencyKey: Array.isArray(key) ? key[0] : key, referer: req.headers.referer });
  };
  running.server.on('request', onRequest);
  return { all, since: (at) => all.filter((r) => r.at >= at), stop: () => running.server.off('request', onRequest) };
}

export interface FinishedRequest {
  url: string;
  method: string;
  at: number;
  /** When the request was sent. */
  sentAt: number;
  /** Answered by the service worker (its caches), not by the network. */
  fromServiceWorker: boolean;
  /** Sent by the service worker itself (its own fetch of the network). */
  byServiceWorker: boolean;
}

/**
 * Follows the context's requests (pages and service worker): which are in flight, so a journey can
 * wait until nothing is on its way before it pulls the plug (a request sent just before going
 * offline still reaches the server), and which got an answer, and from where.
 */
export function trackRequests(context: BrowserContext): {
  quiet: () => Promise<void>;
  sentSince: (at: number) => FinishedRequest[];
} {
  const inFlight = new Map<Request, number>();
  const finished: FinishedRequest[] = [];
  context.on('request', (r) => inFlight.set(r, Date.now()));
  context.on('requestfailed', (r) => inFlight.delete(r));
  context.on('requestfinished', (r) => {
    const at = Date.now();
    const sentAt = inFlight.get(r) ?? at;
    inFlight.delete(r);
    r.response().then(
      (response) =>
        finished.push({ url: r.url(), method: r.method(), at, sentAt, fromServiceWorker: response?.fromServiceWorker() ?? false, byServiceWorker: r.serviceWorker() !== null }),
      // The page or context closed before the answer could be read (a test ending): nothing to record.
      () => undefined,
    );
  });
  return {
    quiet: async () => {
      const deadline = Date.now() + 15_000;
      // Nothing in flight twice in a row, a tick apart: an answer often starts the next request.
      for (let calm = 0; calm < 2; ) {
        if (Date.now() > deadline) throw new Error(`requests still in flight: ${[...inFlight.keys()].map((r) => r.url()).join(', ')}`);
        calm = inFlight.size === 0 ? calm + 1 : 0;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    /** Answered requests that were sent at or after `at` (not those already on their way then). */
    sentSince: (at) => finished.filter((f) => f.sentAt >= at),
  };
}

/**
 * Fires the service worker's Background Sync event `tag` as Chromium does when the connection
 * returns (DevTools protocol, ServiceWorker.dispatchSyncEvent): headless Chromium does not fire it
 * for an emulated reconnection. From an about:blank tab, so no page of the app is open.
 */
export async function fireBackgroundSync(context: BrowserContext, origin: string, tag: string): Promise<void> {
  const blank = await context.newPage();
  try {
    const cdp = await context.newCDPSession(blank);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
    await cdp.send('ServiceWorker.enable');
    const deadline = Date.now() + 10_000;
    let registration = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
    while (!registration) {
      if (Date.now() > deadline) throw new Error(`no service worker registration for ${origin}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      registration = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
    }
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId: registration.registrationId, tag, lastChance: false });
    await cdp.detach();
  } finally {
    await blank.close();
  }
}
