// Saved for offline (docs/product.md#saved-for-offline): posts and videos kept on this device until the reader removes them.
// The store is api/saved-store.ts (the blog's and videos' reads reach it through lib/saved-copies.ts,
// the offline search through pwa/app; decision 014). Route modules import the components by path so each loads only where it is used.
export { SAVE_LABEL, SAVED_LABEL, VIDEO_NEEDS_CONNECTION } from './components/save-button';
export { SAVE_ALL_LABEL } from './components/save-all-button';
export { useAllSaved } from './api/saved-items';
