import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { QUIET_IDLE_MS, quietMoment, settle } from './page-settled';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('settle', () => {
  test('waits while a query is fetching, and resolves once nothing is', async () => {
    const client = new QueryClient();
    let answer!: (value: string) => void;
    void client.prefetchQuery({ queryKey: ['slow'], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });
    let settled = false;
    void settle(client, 10_000).then(() => (settled = true));
    await tick(200);
    expect(settled).toBe(false);
    answer('done');
    await tick(200);
    expect(settled).toBe(true);
  });

  test('a query that never answers holds the rest back only until the timeout', async () => {
    const client = new QueryClient();
    void client.prefetchQuery({ queryKey: ['never'], queryFn: () => new Promise<string>(() => {}) });
    let settled = false;
    void settle(client, 150).then(() => (settled = true));
    await tick(50);
    expect(settled).toBe(false);
    await tick(250);
    expect(settled).toBe(true);
  });

  test('with nothing to fetch it resolves at once (after a short quiet spell)', async () => {
    let settled = false;
    void settle(new QueryClient(), 10_000).then(() => (settled = true));
    await tick(150);
    expect(settled).toBe(true);
  });
});

describe('quietMoment', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  /** A browser whose idle periods the test hands out one at a time, each with this many ms left. */
  function manualIdle() {
    const waiting: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback) => waiting.push(run));
    return {
      waiting,
      idle: async (left: number) => {
        waiting.shift()!({ didTimeout: false, timeRemaining: () => left });
        await tick(0);
      },
    };
  }

  test('waits through short idle periods (frames of a transition) for one the length of a quiet browser', async () => {
    const browser = manualIdle();
    let quiet = false;
    void quietMoment(10_000).then(() => (quiet = true));
    for (const left of [8, 12, 3, QUIET_IDLE_MS - 1]) {
      await browser.idle(left);
      expect(quiet).toBe(false);
      expect(browser.waiting).toHaveLength(1);
    }
    await browser.idle(QUIET_IDLE_MS);
    expect(quiet).toBe(true);
    expect(browser.waiting).toHaveLength(0);
  });

  test('a browser that is never quiet (an endless shimmer) holds it back only until the timeout', async () => {
    vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback) => setTimeout(() => run({ didTimeout: false, timeRemaining: () => 5 }), 10));
    let quiet = false;
    void quietMoment(200).then(() => (quiet = true));
    await tick(100);
    expect(quiet).toBe(false);
    await vi.waitFor(() => expect(quiet).toBe(true), { timeout: 1000 });
  });

  test('a timed-out idle callback (a browser never idle) ends the wait', async () => {
    vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback) => setTimeout(() => run({ didTimeout: true, timeRemaining: () => 0 }), 10));
    await expect(quietMoment(10_000)).resolves.toBeUndefined();
  });

  test('without requestIdleCallback (Safari) it waits a second', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    let quiet = false;
    void quietMoment(10_000).then(() => (quiet = true));
    await vi.advanceTimersByTimeAsync(900);
    expect(quiet).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(quiet).toBe(true);
  });
});

describe('pageQuiet', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  test('without a watch (a component on its own) it resolves at once', async () => {
    const { pageQuiet } = await import('./page-settled');
    await expect(pageQuiet()).resolves.toBeUndefined();
  });

  test('waits for the page to settle, then a quiet moment, once per page load: a later call does not wait again', async () => {
    const idle: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (run: IdleRequestCallback) => idle.push(run));
    const { pageQuiet, watchPageSettled } = await import('./page-settled');
    void watchPageSettled(new QueryClient(), 10_000);
    let quiet = false;
    const first = pageQuiet().then(() => (quiet = true));
    // Settling ends at an idle moment, then the quiet wait asks for one of its own.
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    idle.shift()!({ didTimeout: false, timeRemaining: () => 5 });
    await vi.waitFor(() => expect(idle).toHaveLength(1));
    expect(quiet).toBe(false);
    idle.shift()!({ didTimeout: false, timeRemaining: () => QUIET_IDLE_MS });
    await first;
    expect(pageQuiet()).toBe(pageQuiet());
    await pageQuiet();
    expect(idle).toHaveLength(0);
  });

  test('the reader going to another page ends the wait: a page opened from the landing page does not wait for its quiet moment', async () => {
    vi.stubGlobal('requestIdleCallback', () => 0);
    const { pageQuiet, readerMovedOn, watchPageSettled } = await import('./page-settled');
    void watchPageSettled(new QueryClient(), 10_000);
    let quiet = false;
    void pageQuiet().then(() => (quiet = true));
    await tick(50);
    expect(quiet).toBe(false);
    readerMovedOn();
    await vi.waitFor(() => expect(quiet).toBe(true));
  });

  test("the router's first navigation away from the landing page ends the wait; revalidating the same page does not", async () => {
    vi.stubGlobal('requestIdleCallback', () => 0);
    const { pageQuiet, watchPageSettled, watchReaderMovingOn } = await import('./page-settled');
    const router = createMemoryRouter(
      [
        { path: '/', loader: () => 'home', element: null },
        { path: '/watch/:id', element: null },
      ],
      { initialEntries: ['/'] },
    );
    await router.initialize();
    void watchPageSettled(new QueryClient(), 10_000);
    const stop = watchReaderMovingOn(router);
    let quiet = false;
    void pageQuiet().then(() => (quiet = true));
    await router.revalidate();
    await tick(50);
    expect(quiet).toBe(false);
    await router.navigate('/watch/1');
    await vi.waitFor(() => expect(quiet).toBe(true));
    stop();
    router.dispose();
  });
});
