import { Suspense, type ReactNode } from 'react';
import { Page, PageHeading } from '#pwa/components/ui/page';
import { LoadingBlock } from '#pwa/components/ui/loading-block';
import { useDocumentTitle } from '#pwa/lib/use-document-title';

/**
 * A page of what this device keeps in IndexedDB (Dexie), signed in or not: its title and heading at
 * once, its screen (a lazy component, with Dexie in its chunk) when that has loaded.
 */
export function DeviceDataPage({ title, description, loadingLabel, children }: { title: string; description: string; loadingLabel: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Page>
      <div className="mx-auto w-full max-w-4xl">
        <PageHeading title={title} description={description} />
        <Suspense fallback={<LoadingBlock label={loadingLabel} />}>{children}</Suspense>
      </div>
    </Page>
  );
}
