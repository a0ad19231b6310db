import { lazy, type ComponentProps } from 'react';
import { AfterHydration } from '../../components/ui/after-hydration';

// 'Save for offline' reads the device's saved store (IndexedDB through Dexie): like the study
// tools, it loads just after the article or video it sits beside, and the server renders only its
// placeholder (what this device keeps is not the server's to know).
const SaveButtonLazy = lazy(() => import('../../features/saved/components/save-button').then((m) => ({ default: m.SaveButton })));

export function SaveButton(props: ComponentProps<typeof SaveButtonLazy>) {
  return (
    <AfterHydration placeholder={<span aria-hidden="true" className="skeleton inline-block h-8 w-36 rounded-field" />}>
      <SaveButtonLazy {...props} />
    </AfterHydration>
  );
}
