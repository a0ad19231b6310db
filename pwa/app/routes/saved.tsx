import { lazyExport } from '#pwa/lib/lazy-part';
import { DeviceDataPage } from '../layout/device-data-page';

const SavedList = lazyExport(() => import('#pwa/features/saved/components/saved-list'), 'SavedList');

/** /saved: 'Saved for offline', the posts and videos kept on this device (signed in or not). */
export function Component() {
  return (
    <DeviceDataPage title="Saved for offline" description="Articles and videos kept on this device until you remove them, readable without a connection." loadingLabel="Loading saved items">
      <SavedList />
    </DeviceDataPage>
  );
}
