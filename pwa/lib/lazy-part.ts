import { lazy, type ComponentType } from 'react';
import { backOnline } from './back-online';
import { importModule, retryableImport } from './retryable-import';

/** Waits between attempts: a second, then twice as long each time, at most a minute. */
const FIRST_WAIT_MS = 1000;
const LONGEST_WAIT_MS = 60_000;
/** After this many failures in a row (about six minutes online) the part is given up on until the page is reloaded. */
const MOST_ATTEMPTS = 12;

export interface LoadOptions {
  /** Resolves when the next attempt may start, `ms` after the browser is online (tests pass their own). */
  wait?: (ms: number) => Promise<void>;
  /** Imports a script by its address, for a retry (tests pass their own). */
  importUrl?: (url: string) => Promise<unknown>;
}

/**
 * The export `name` of the module `load` imports, asked for until it comes: after a failure (the
 * signal dropped while the page was loading its parts) it waits for the browser to be online, a
 * second, then longer each time, and asks again under a new address where the browser keeps the
 * failure (retryableImport). Never rejects: a part that never comes leaves its placeholder. For the
 * code of what fills in after a page is shown (a button, the comments, the notes panel): `lazy`
 * keeps a rejection for good and throws it to the page's error boundary, which replaced the
 * article the reader had in front of them by 'Something went wrong'.
 */
export function loadExport<M, K extends keyof M>(load: () => Promise<M>, name: K, { wait = backOnline, importUrl = importModule }: LoadOptions = {}): () => Promise<M[K]> {
  const importModule = retryableImport(load, (url) => importUrl(url).then((namespace) => moduleWith<M>(namespace, name)));
  let loading: Promise<M[K]> | null = null;
  const attempt = (failures: number): Promise<M[K]> =>
    importModule().then(
      (module) => module[name],
      () =>
        failures + 1 >= MOST_ATTEMPTS
          ? new Promise<M[K]>(() => {})
          : wait(Math.min(FIRST_WAIT_MS * 2 ** failures, LONGEST_WAIT_MS)).then(() => attempt(failures + 1)),
    );
  return () => (loading ??= attempt(0));
}

/** `loadExport` as a component for `Suspense` (React's `lazy`): its fallback shows until the code comes. */
export function lazyExport<K extends PropertyKey, M extends Record<K, ComponentType<never>>>(load: () => Promise<M>, name: K): M[K] {
  const loaded = loadExport(load, name);
  return lazy(() => loaded().then((component) => ({ default: component as ComponentType<object> }))) as unknown as M[K];
}

/**
 * The module holding `name` in a chunk's namespace: the namespace itself when the module is its
 * chunk's own, else the module's namespace object the chunk exports under a short name (the
 * bundler's way for a module that shares its chunk with others).
 */
export function moduleWith<M>(namespace: unknown, name: PropertyKey): M {
  const has = (value: unknown): value is M => typeof value === 'object' && value !== null && name in value;
  if (has(namespace)) return namespace;
  const nested = Object.values(namespace as object).find(has);
  if (nested) return nested;
  throw new Error(`the module has no export ${String(name)}`);
}
