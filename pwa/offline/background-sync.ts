import { OUTBOX_SYNC_TAG } from './messages';

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register: (tag: string) => Promise<void> };
}

/**
 * Asks the browser to wake the service worker when the connection returns, so queued writes
 * go out even if the app is closed by then. Best effort: Safari and Firefox have no Background
 * Sync, and the page drains the outbox itself on `online`, on visibility and at start anyway.
 */
export async function requestBackgroundSync(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return false;
  try {
    const registration = (await navigator.serviceWorker.ready) as SyncRegistration;
    if (!registration.sync) return false;
    await registration.sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    return false;
  }
}
