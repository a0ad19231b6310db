/**
 * A dynamic import that can be tried again after its fetch failed (a dropped signal).
 *
 * A browser keeps a module whose fetch failed in the page's module map, and importing the same
 * address again fails at once without asking the network: Debian's chromium 150 does, as browsers
 * did before the HTML standard allowed such retries. So a retry asks for the address the failure
 * named with a query of its own (`?retry=N`), a new entry in the module map that the server (and
 * the service worker, which ignores that parameter) answers with the same file. Where the error
 * names no address (Safari says only "Importing a module script failed"), `load` is called again.
 * The module must be its dynamic import's own chunk, whose file exports its names as they are (the
 * build keeps pwa/app/app.tsx so, scripts/build/app-core-chunk.ts): a module merged into a shared
 * chunk is read from one of that chunk's renamed exports. Only the imported file is asked for
 * again: a file it imports whose fetch failed stays failed until the page is reloaded.
 */
export function retryableImport<T>(load: () => Promise<T>, importUrl: (url: string) => Promise<T> = importModule): () => Promise<T> {
  // The address that answers from now on once a failure named one: kept after it loads, so a later
  // call finds the same module (a new address would evaluate the page's module a second time).
  let retryUrl: string | null = null;
  let retries = 0;
  return () =>
    (retryUrl === null ? load() : importUrl(retryUrl)).catch((error: unknown) => {
      const failed = failedModuleUrl(error);
      if (failed) retryUrl = `${failed}?${RETRY_PARAM}=${++retries}`;
      throw error;
    });
}

/** Imports a script by its address (a retry's). */
export const importModule = <T,>(url: string) => import(/* @vite-ignore */ url) as Promise<T>;

/** The query parameter of a retry, which the service worker ignores when it looks in its precache. */
export const RETRY_PARAM = 'retry';

/** The same-origin script a failed dynamic import names (Chromium and Firefox do), without its query. */
export function failedModuleUrl(error: unknown): string | null {
  const message = error instanceof Error ? error.message : '';
  const named = /(https?:\/\/[^\s'"]+\.m?js)(?:\?[^\s'"]*)?/.exec(message)?.[1];
  if (!named) return null;
  try {
    const url = new URL(named);
    return url.origin === window.location.origin ? url.href : null;
  } catch {
    return null;
  }
}
