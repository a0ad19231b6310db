import { Suspense, type ComponentProps } from 'react';
import { lazyExport } from '#pwa/lib/lazy-part';

// The settings' controls load when a menu first opens them: nothing of them is in the first
// download of a page (the theme and text size themselves are applied before the first paint).
const ReadingSettingsLazy = lazyExport(() => import('./reading-settings'), 'ReadingSettings');

/** 'Theme' and 'Text size', for the menus; a quiet placeholder of their height while their code loads. */
export function ReadingSettings(props: ComponentProps<typeof ReadingSettingsLazy>) {
  return (
    <Suspense fallback={<div aria-busy="true" className={`h-40 ${props.className ?? ''}`} />}>
      <ReadingSettingsLazy {...props} />
    </Suspense>
  );
}
