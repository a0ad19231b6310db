// Saved for offline (issue 11): posts and videos kept on this device until the reader removes them.
// The store itself is offline/saved-store.ts (the blog and videos features and the offline search
// read it too). Route modules import the components by path so each loads only where it is used.
export { SAVE_LABEL, SAVED_LABEL, VIDEO_NEEDS_CONNECTION } from './components/save-button';
export { SAVE_ALL_LABEL } from './components/save-all-button';
export { useAllSaved } from './api/saved-items';
