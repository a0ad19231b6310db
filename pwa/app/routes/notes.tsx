import { lazyExport } from '#pwa/lib/lazy-part';
import { DeviceDataPage } from '../layout/device-data-page';

const MyNotes = lazyExport(() => import('#pwa/features/notes/components/my-notes'), 'MyNotes');

/** /notes: 'My Notes', every note on this device (signed in or not: notes never leave it). */
export function Component() {
  return (
    <DeviceDataPage title="My Notes" description="Your notes on videos and articles, kept on this device only." loadingLabel="Loading notes">
      <MyNotes />
    </DeviceDataPage>
  );
}
