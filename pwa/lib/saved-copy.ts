import { NetworkError } from './api-client';
import { loadSavedCopies, type SavedCopies } from './saved-copies';

/**
 * What `fetch` answers, or with no network the copy saved for offline on this device
 * (docs/decisions/011-saved-for-offline-has-its-own-store.md): a saved post never opened here
 * still opens with its whole text. Any other failure, or nothing saved, is the network's error as
 * it was. Apart from saved-copies.ts, which the app's first chunk holds, so that only the pages
 * that read a post or a video load this.
 */
export async function orSavedCopy<T>(fetch: () => Promise<T>, readSaved: (saved: SavedCopies) => Promise<T | undefined>): Promise<T> {
  try {
    return await fetch();
  } catch (error) {
    const saved = error instanceof NetworkError && typeof indexedDB !== 'undefined' ? loadSavedCopies() : null;
    if (!saved) throw error;
    let copy: T | undefined;
    try {
      copy = await readSaved(await saved);
    } catch {
      throw error;
    }
    if (copy === undefined) throw error;
    return copy;
  }
}
