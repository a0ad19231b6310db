import type { BlogPost, Video } from '#contract/content';

/**
 * The copies saved for offline on this device, by id. The saved feature owns the store
 * (features/saved/api/saved-store.ts); features never import each other, so pwa/app hands it in
 * at start (app/saved-copies.ts) for the blog's and the videos' reads (saved-copy.ts).
 */
export interface SavedCopies {
  post: (id: number) => Promise<BlogPost | undefined>;
  video: (id: number) => Promise<Video | undefined>;
}

let load: (() => Promise<SavedCopies>) | null = null;

/** How reads find the saved copies: a dynamic import, so the store (Dexie) loads only when one is needed. */
export function setSavedCopies(loadSavedCopies: () => Promise<SavedCopies>): void {
  load = loadSavedCopies;
}

/** The saved copies, loaded; null when none were handed in (the server's renderer, a test without them). */
export const loadSavedCopies = (): Promise<SavedCopies> | null => load?.() ?? null;
