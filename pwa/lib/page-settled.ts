import type { QueryClient } from '@tanstack/react-query';

/** The longest the page's own data may hold back the rest (a slow API never delays delivery for long). */
export const SETTLE_TIMEOUT_MS = 4000;
/** How long nothing may be fetching before the page counts as settled (an answer often starts the next query). */
const QUIET_MS = 50;

let started: Promise<void> | null = null;
/** The page's quiet moment (pageQuiet), once per page load. */
let quiet: Promise<void> | null = null;
/** Resolves when the reader leaves the page the visit landed on (readerMovedOn). */
let moveOn = () => {};
const movedOn = new Promise<void>((resolve) => (moveOn = resolve));

/**
 * Resolves once the page has what it came for: the document has loaded and no query is fetching
 * (or `SETTLE_TIMEOUT_MS` has passed), then at the browser's next idle moment. What every page has
 * but no first paint needs (IndexedDB and the outbox, the sync indicator) waits for it, so it
 * never competes with the route's code and data; the service worker's registration waits longer
 * still (`pageQuiet`).
 * The app starts the watch once, with its QueryClient; later calls return the same promise.
 */
export function watchPageSettled(queryClient: QueryClient, timeoutMs = SETTLE_TIMEOUT_MS): Promise<void> {
  started ??= settle(queryClient, timeoutMs);
  return started;
}

/** The app's watch (see `watchPageSettled`); resolved at once where none was started (components rendered on their own, in tests). */
export function pageSettled(): Promise<void> {
  return started ?? Promise.resolve();
}

export function settle(queryClient: QueryClient, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    let done = false;
    let quietTimer: ReturnType<typeof setTimeout> | undefined;
    let unsubscribe = () => {};
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(quietTimer);
      clearTimeout(deadline);
      unsubscribe();
      whenIdle(resolve);
    };
    const deadline = setTimeout(finish, timeoutMs);
    const check = () => {
      clearTimeout(quietTimer);
      if (queryClient.isFetching() === 0) quietTimer = setTimeout(() => queryClient.isFetching() === 0 && finish(), QUIET_MS);
    };
    afterLoad(() => {
      if (done) return;
      unsubscribe = queryClient.getQueryCache().subscribe(check);
      check();
    });
  });
}

function afterLoad(run: () => void): void {
  if (typeof document === 'undefined' || document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}

/** The shortest idle period that counts as quiet: the browser has no frame to draw and no task waiting. */
export const QUIET_IDLE_MS = 40;
/** The longest a quiet moment is waited for after the page settled (an endless shimmer never holds it back for good). */
export const QUIET_TIMEOUT_MS = 5000;
/** Where there is no requestIdleCallback (Safari), how long after settling the page counts as quiet. */
const QUIET_FALLBACK_MS = 1000;

/**
 * Resolves once the page has settled (see `pageSettled`) and then the browser is truly idle: an
 * idle period of at least `QUIET_IDLE_MS`, which Chromium gives only when no frame is pending (no
 * transition or animation running, such as the welcome dialog's opening) and no task is queued.
 * For work that is all background and no screen: the service worker's registration, whose
 * precache of the whole app (a hundred files) kept the network, the server and a second thread
 * busy while the page finished hydrating and opened its dialog. Never later than
 * `QUIET_TIMEOUT_MS` after settling. Resolved at once where no watch was started (components
 * rendered on their own, in tests), as `pageSettled` is.
 */
export function pageQuiet(): Promise<void> {
  // Once per page load, and no longer than until the reader goes to another page: the wait is for
  // the page a visit lands on. A watch page opened from home's links starts its player at once,
  // not after home's quiet moment (up to ~9 s away on a busy phone: a journey clicking a video
  // just after home had loaded waited for it, and failed on a busy CI machine).
  if (!started) return Promise.resolve();
  quiet ??= Promise.race([started.then(() => quietMoment(QUIET_TIMEOUT_MS)), movedOn]);
  return quiet;
}

/**
 * The reader went from the page the visit landed on to another of the app's pages: what waits for
 * the first page's quiet moment (`pageQuiet`) waits no longer.
 */
export function readerMovedOn(): void {
  moveOn();
}

/** What `watchReaderMovingOn` reads of the app's router (react-router's data router). */
interface NavigatingRouter {
  state: { location: { key: string } };
  subscribe: (listener: (state: { location: { key: string }; navigation: { state: string } }) => void) => () => void;
}

/**
 * Calls `readerMovedOn` when `router` starts its first navigation away from the page the visit
 * landed on (a revalidation of the same page does not count). Returns the unsubscribe.
 */
export function watchReaderMovingOn(router: NavigatingRouter): () => void {
  const landed = router.state.location.key;
  return router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || state.location.key !== landed) readerMovedOn();
  });
}

export function quietMoment(timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    if (typeof requestIdleCallback !== 'function') {
      setTimeout(resolve, Math.min(QUIET_FALLBACK_MS, timeoutMs));
      return;
    }
    const giveUpAt = Date.now() + timeoutMs;
    const check = (deadline: IdleDeadline) => {
      const left = giveUpAt - Date.now();
      if (deadline.didTimeout || left <= 0 || deadline.timeRemaining() >= QUIET_IDLE_MS) resolve();
      else requestIdleCallback(check, { timeout: left });
    };
    requestIdleCallback(check, { timeout: timeoutMs });
  });
}

/** requestIdleCallback where there is one (not in Safari), a short timeout elsewhere. */
function whenIdle(run: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => run(), { timeout: 1000 });
  else setTimeout(run, 1);
}
