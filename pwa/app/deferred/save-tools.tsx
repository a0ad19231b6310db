import { afterHydrationLazy } from '#pwa/components/ui/after-hydration';

// 'Save for offline' reads the device's saved store (IndexedDB through Dexie): like the study
// tools, it loads just after the article or video it sits beside, and the server renders only its
// placeholder (what this device keeps is not the server's to know).
export const SaveButton = afterHydrationLazy(
  () => import('#pwa/features/saved/components/save-button'),
  'SaveButton',
  <span aria-hidden="true" className="skeleton skeleton-still inline-block h-8 w-36 rounded-field" />,
);
