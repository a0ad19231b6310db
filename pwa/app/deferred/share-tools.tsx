import { lazy, type ComponentProps } from 'react';
import { AfterHydration } from '../../components/ui/after-hydration';

// 'Share' needs the browser (the share sheet, the clipboard): like the study tools, it comes in
// once the page is the reader's, and its code is in no page's first download. The server renders
// its placeholder, the same size.
const ShareButtonLazy = lazy(() => import('../../features/share/components/share-button').then((m) => ({ default: m.ShareButton })));

export function ShareButton(props: ComponentProps<typeof ShareButtonLazy>) {
  return (
    <AfterHydration placeholder={<span aria-hidden="true" className="skeleton inline-block h-8 w-24 rounded-field" />}>
      <ShareButtonLazy {...props} />
    </AfterHydration>
  );
}
