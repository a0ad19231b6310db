import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ReadingSettings } from '#contract/reading';

/** What the middleware asks of the page builder (server-render.ts): all of it plain data, so it can cross to a thread. */
export interface PageRequest {
  url: string;
  siteUrl: string;
  apiBase: string;
  /** The reader's theme and text size, which a rendered page carries on <html>. */
  reading: ReadingSettings;
}

/** A built page (its UTF-8 bytes), a redirect, or null when there is nothing to render with (the app shell is sent). */
export type PageAnswer = { kind: 'redirect'; status: number; location: string } | { kind: 'page'; status: number; html: Uint8Array };

export interface PageBuilder {
  /** Loads the renderer and the template (its stylesheets compiled), so that the first page does not wait for them. */
  prepare: () => Promise<void>;
  build: (request: PageRequest) => Promise<PageAnswer | null>;
}

/** Builds one page; `timeoutMs` bounds the render itself, not the thread's start. */
export type BuildPage = (request: PageRequest, timeoutMs: number) => Promise<PageAnswer | null>;

/** What the thread answers: a page (or null), or why it could not. */
type Reply = { id: number; answer: PageAnswer | null } | { id: number; error: { message: string; stack?: string } };

/** The thread is told to end after this long without a page to build; the next page starts it again. */
const IDLE_MS = 60_000;
/** How long the thread may take to load (the renderer, jsdom, the stylesheets compiled) before pages give up on it. */
const START_TIMEOUT_MS = 60_000;

/** Pages built on the thread, and a way to start it before the first page comes. */
export interface RenderThread {
  build: BuildPage;
  /** Starts the thread (it loads the renderer), so that the first visitors do not wait for that. */
  warm: () => void;
}

/** One thread per build for the whole process, however many apps it holds (the tests start several). */
const threads = new Map<string, RenderThread>();

/**
 * Builds the pages of the build in `distDir` on a worker thread (render-worker.ts), so the main
 * thread never runs a render: a render of `/` or a post is ~20-30 ms of React, Markdown and
 * critical CSS, and every request that came in meanwhile, cache hits included, waited that long:
 * the tail of the cached pages (docs/decisions/021-pages-render-on-their-own-thread.md). The
 * main thread sends the request and gets the page's bytes back, transferred rather than copied.
 *
 * The thread is started on the first page and ended when it has been idle for a minute; it never
 * keeps the process alive. A thread that dies fails the pages it was building (they are sent the
 * app shell) and the next page starts another. When no thread can be started at all, pages are
 * built on the main thread with `inProcess`, as before.
 */
export function renderThread(distDir: string, inProcess: () => PageBuilder): RenderThread {
  const existing = threads.get(distDir);
  if (existing) return existing;

  let worker: { thread: Worker; ready: Promise<void>; pending: Map<number, Pending> } | null = null;
  let fallback: PageBuilder | null = null;
  let nextId = 0;
  let idleTimer: NodeJS.Timeout | null = null;

  const start = () => {
    const pending = new Map<number, Pending>();
    const thread = new Worker(bootstrap(), { eval: true, workerData: { distDir } });
    let started = false;
    const ready = new Promise<void>((resolve, reject) => {
      // Ended, so that its exit leaves the pages to the main thread rather than to a thread that never answers.
      const timer = setTimeout(() => {
        reject(new Error(`the render thread did not start within ${START_TIMEOUT_MS} ms`));
        void thread.terminate();
      }, START_TIMEOUT_MS);
      timer.unref();
      thread.once('message', () => {
        clearTimeout(timer);
        started = true;
        resolve();
      });
      thread.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
    // Nobody may be waiting yet: the failure is reported to the pages that wait for it.
    ready.catch(() => undefined);
    thread.on('message', (reply: Reply | 'ready') => {
      if (reply === 'ready') return;
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if ('error' in reply) waiting.reject(Object.assign(new Error(reply.error.message), { stack: reply.error.stack }));
      else waiting.resolve(reply.answer);
      idleAfterwards();
    });
    const ended = (err: Error) => {
      if (worker?.thread === thread) worker = null;
      for (const waiting of pending.values()) waiting.reject(err);
      pending.clear();
      if (!started && !fallback) {
        console.error('[server-render] the render thread could not start; pages are built on the main thread', err);
        fallback = inProcess();
      }
    };
    thread.on('error', ended);
    thread.on('exit', (code) => ended(new Error(`the render thread exited (code ${code})`)));
    // After its listeners: adding a 'message' listener refs the thread again.
    thread.unref();
    return { thread, ready, pending };
  };

  const idleAfterwards = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    const current = worker;
    if (!current || current.pending.size > 0) return;
    idleTimer = setTimeout(() => {
      if (worker === current && current.pending.size === 0) {
        worker = null;
        void current.thread.terminate();
      }
    }, IDLE_MS);
    idleTimer.unref();
  };

  const build: BuildPage = async (request, timeoutMs) => {
    if (fallback) return withTimeout(fallback.build(request), timeoutMs);
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    const current = (worker ??= start());
    try {
      await current.ready;
    } catch (err) {
      // The thread could not start: the page is built here, like the ones after it.
      const here = fallback as PageBuilder | null;
      if (here) return withTimeout(here.build(request), timeoutMs);
      throw err;
    }
    const id = (nextId += 1);
    const answer = new Promise<PageAnswer | null>((resolve, reject) => current.pending.set(id, { resolve, reject }));
    current.thread.postMessage({ id, request });
    try {
      return await withTimeout(answer, timeoutMs);
    } finally {
      // A render past its time is still answered by the thread, and then forgotten.
      if (current.pending.delete(id)) idleAfterwards();
    }
  };
  const warm = () => {
    if (fallback || worker) return;
    const current = (worker = start());
    // Ended after a minute if no page comes, like a thread that built its last page.
    current.ready.then(idleAfterwards, () => undefined);
  };
  const thread = { build, warm };
  threads.set(distDir, thread);
  return thread;
}

interface Pending {
  resolve: (answer: PageAnswer | null) => void;
  reject: (err: Error) => void;
}

/**
 * The thread's first code. The server runs its TypeScript through tsx (`node --import tsx`), whose
 * hooks a worker does not inherit (and a test runner may not have them at all), so the thread
 * registers tsx's ES module and CommonJS hooks itself, as `--import tsx` does, before it imports
 * render-worker.ts. Both: with the ES module hooks alone, the server build's entry (an ES module
 * in a folder without a package.json) was loaded as CommonJS and failed.
 */
function bootstrap(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  const api = (name: string) => JSON.stringify(pathToFileURL(path.join(path.dirname(manifest), exports[name]!.import.default)).href);
  const entry = JSON.stringify(new URL('./render-worker.ts', import.meta.url).href);
  return `Promise.all([import(${api('./esm/api')}), import(${api('./cjs/api')})]).then(([esm, cjs]) => { esm.register(); cjs.register(); return import(${entry}); })`;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no render within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}
