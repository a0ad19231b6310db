import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { AppBoot, ServerRenderedState } from './app/app';
import { SERVER_STATE_ID } from './server-state';
import { backOnline } from './lib/back-online';
import { nextTask } from './lib/next-task';
import { retryableImport } from './lib/retryable-import';
import { setHydratingServerMarkup } from './lib/use-hydrated';
import { startReading } from './features/reading/reading-store';
import './styles.css';

// The reader's theme and text size (the server or /reading-settings.js applied them before the first paint).
startReading();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** What the server rendered this page from, when it did (the service worker's shell carries none). */
function serverState(): ServerRenderedState | null {
  const script = document.getElementById(SERVER_STATE_ID);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as ServerRenderedState;
  } catch {
    return null;
  }
}

type AppModule = typeof import('./app/app');

const importApp = retryableImport(() => import('./app/app'));

/**
 * The app's own modules (its core, the query client, the schemas of the API's answers), evaluated
 * in a task of their own after this module's, which evaluates React. A module graph is evaluated in
 * one task: the entry's whole graph was one of 145-170 ms at a quarter of this machine's speed
 * (Lighthouse's phone), which blocks a tap on the page the visitor already sees; split, this
 * module's is 55-85 ms. The core's files are preloaded with the entry's (vite.config.ts,
 * `preloadBootChunks`), so no round trip is added. Asked for once more when the signal comes back.
 */
function loadApp(): Promise<AppModule> {
  return nextTask()
    .then(importApp)
    .catch(() => backOnline().then(importApp));
}

const app = (App: AppModule['App'], boot: AppBoot) => (
  <StrictMode>
    <App boot={boot} />
  </StrictMode>
);

// A transition: React renders (or hydrates) the first screen in slices of a few milliseconds,
// yielding to the browser between them, instead of one long task that blocks input on a slow phone
// (Lighthouse's total blocking time on home fell from 300-430 ms to 40-150 ms).
function renderInBrowser(container: HTMLElement, { App, bootInBrowser }: AppModule): void {
  const reactRoot = createRoot(container);
  startTransition(() => reactRoot.render(app(App, bootInBrowser())));
}

const state = serverState();
if (state) {
  // The server's markup is the first screen: React takes it over once the page's code is here.
  setHydratingServerMarkup(true);
  // Tasks of their own where there was one: this module's evaluation (React), the app's modules,
  // the boot (the server's answers into the cache, the route's modules, the router), and the start
  // of hydration.
  void loadApp()
    .then(async ({ App, bootFromServer }) => {
      await nextTask();
      // The route's code is asked for again once online: the signal often drops just after a page came.
      return { App, boot: await bootFromServer(state, () => backOnline()) };
    })
    .then(
      async ({ App, boot }) => {
        await nextTask();
        startTransition(
          () =>
            void hydrateRoot(root, app(App, boot), {
              // A mismatch is recovered from (React renders that part afresh) but is a bug: say so.
              onRecoverableError: (error) => console.error('[hydration]', error),
            }),
        );
      },
      // The page's code could not load twice (still no signal, or a deploy removed it). The server's
      // page stays as it is: it reads completely, and its links and search work as they do without
      // JavaScript, each loading its page whole. Rendering afresh put 'Something went wrong' in place
      // of the article the reader had in front of them.
      (error: unknown) => console.warn('[boot] the page stays as the server rendered it:', error),
    );
} else {
  // The shell (a client-only route, or any page offline from the service worker's copy).
  loadApp()
    .then((module) => renderInBrowser(root, module))
    .catch((error: unknown) => console.error('[boot] the app could not load:', error));
}
