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

export function setSavedFlag(saved: boolean): void {
  try {
    if (saved) localStorage.setItem(SAVED_CACHE_FLAG, '1');
    else localStorage.removeItem(SAVED_CACHE_FLAG);
  } catch {
    // storage blocked: the next start simply waits for the restore
  }
}
