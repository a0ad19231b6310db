// Tiny on purpose: the app's first chunk reads it before IndexedDB (and Dexie) are loaded.

/**
 * Set (in localStorage, readable before IndexedDB opens) once a cache has been saved: a first
 * visit has nothing to restore, so its queries need not wait for IndexedDB to say so.
 */
export const SAVED_CACHE_FLAG = 'cik.savedQueryCache';

export function hasSavedQueryCache(): boolean {
  try {
    return localStorage.getItem(SAVED_CACHE_FLAG) === '1';
  } catch {
    return true; // unknown: wait for the restore, as before
  }
}
