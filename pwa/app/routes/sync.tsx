import { Suspense } from 'react';
import { lazyExport } from '#pwa/lib/lazy-part';
import { Page, PageHeading } from '#pwa/components/ui/page';
import { SignInRequired } from '#pwa/components/ui/sign-in-required';
import { useUser } from '#pwa/lib/session';
import { useDocumentTitle } from '#pwa/lib/use-document-title';

// The sync centre reads the device's queue (IndexedDB, Dexie): loaded after the page's heading.
const SyncCentre = lazyExport(() => import('#pwa/features/sync/components/sync-centre'), 'SyncCentre');

export function Component() {
  useDocumentTitle('Sync');
  const { user, isLoading } = useUser();
  return (
    <Page>
      <PageHeading title="Sync" description="Changes you make without a connection wait here and are sent, once each, when it returns." />
      {isLoading ? null : user ? (
        <Suspense fallback={<div className="skeleton h-64 w-full rounded-box" aria-label="Loading…" />}>
          <SyncCentre />
        </Suspense>
      ) : <SignInRequired message="Please sign in to see your changes waiting to sync." />}
    </Page>
  );
}
