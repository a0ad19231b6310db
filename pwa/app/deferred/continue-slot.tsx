import { useSyncExternalStore } from 'react';
import { lazyExport } from '#pwa/lib/lazy-part';
import { AfterHydration } from '#pwa/components/ui/after-hydration';
import { RESUME_STORAGE_KEY } from '#pwa/features/resume/storage-key';

// Home's 'Continue where you left off' (docs/product.md#continue-where-you-left-off) is this device's own: nothing of it is in home's
// first download, and a device that keeps no position never loads it.
const ContinueLazy = lazyExport(() => import('./continue-where-you-left-off'), 'ContinueWhereYouLeftOff');

const subscribeToStorage = (onChange: () => void) => {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
};
const anyPositionKept = () => {
  try {
    return localStorage.getItem(RESUME_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
};

/**
 * Home's list of unfinished items (nothing until the page is the reader's). A device that keeps no
 * position (a first visit) never loads its code; another tab that saves one shows it here.
 */
export function ContinueWhereYouLeftOff() {
  const kept = useSyncExternalStore(subscribeToStorage, anyPositionKept, () => false);
  if (!kept) return null;
  return (
    <AfterHydration>
      <ContinueLazy />
    </AfterHydration>
  );
}
