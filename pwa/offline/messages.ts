// Names shared by the page and the service worker.
export const OUTBOX_SYNC_TAG = 'outbox';
export const OUTBOX_SYNCED_MESSAGE = 'OUTBOX_SYNCED';
