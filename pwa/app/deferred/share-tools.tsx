import { afterHydrationLazy } from '#pwa/components/ui/after-hydration';

// 'Share' needs the browser (the share sheet, the clipboard): like the study tools, it comes in
// once the page is the reader's, and its code is in no page's first download. The server renders
// its placeholder, the same size.
export const ShareButton = afterHydrationLazy(
  () => import('#pwa/features/share/components/share-button'),
  'ShareButton',
  <span aria-hidden="true" className="skeleton skeleton-still inline-block h-8 w-24 rounded-field" />,
);
