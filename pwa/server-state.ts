/** The id of the JSON script in which the server renderer hands a page its state (see main.tsx). */
export const SERVER_STATE_ID = 'server-state';

/**
 * A <meta> the service worker adds to a rendered page it keeps for offline (pwa/saved-pages.ts):
 * when it fetched the page, in ms since the epoch. The answers in the page's state are that old.
 */
export const SAVED_PAGE_META = 'page-saved-at';
