import { setSavedCopies } from '#pwa/lib/saved-copies';

/**
 * The blog's and the videos' reads find the copies saved for offline (the saved feature's store)
 * through lib/saved-copies.ts, since features never import each other. The store loads only when a
 * read fails with no network.
 */
export function provideSavedCopies(): void {
  setSavedCopies(() => import('#pwa/features/saved/api/saved-store').then((store) => store.savedCopies));
}
