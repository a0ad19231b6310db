import { NetworkError } from '../lib/api-client';

type SavedStore = typeof import('./saved-store');

/**
 * What `fetch` answers, or with no network the copy saved for offline on this device (issue 11):
 * a saved post never opened here still opens with its whole text. Any other failure, or nothing
 * saved, is the network's error as it was. The saved store (Dexie) loads only when needed.
 */
export async function orSavedCopy<T>(fetch: () => Promise<T>, readSaved: (store: SavedStore) => Promise<T | undefined>): Promise<T> {
  try {
    return await fetch();
  } catch (error) {
    if (!(error instanceof NetworkError) || typeof indexedDB === 'undefined') throw error;
    let saved: T | undefined;
    try {
      saved = await readSaved(await import('./saved-store'));
    } catch {
      throw error;
    }
    if (saved === undefined) throw error;
    return saved;
  }
}
