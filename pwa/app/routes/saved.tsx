import { lazy } from 'react';
import { DeviceDataPage } from '../layout/device-data-page';

const SavedList = lazy(() => import('../../features/saved/components/saved-list').then((m) => ({ default: m.SavedList })));

/** /saved: 'Saved for offline', the posts and videos kept on this device (signed in or not). */
export function Component() {
  return (
    <DeviceDataPage title="Saved for offline" description="Articles and videos kept on this device until you remove them, readable without a connection." loadingLabel="Loading saved items">
      <SavedList />
    </DeviceDataPage>
  );
}
