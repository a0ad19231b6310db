import { lazy, Suspense } from 'react';
import { Page, PageHeading } from '../../components/ui/page';
import { LoadingBlock } from '../../components/ui/loading-block';
import { useDocumentTitle } from '../../lib/use-document-title';

// The saved items live in IndexedDB (Dexie): their screen loads after the heading.
const SavedList = lazy(() => import('../../features/saved/components/saved-list').then((m) => ({ default: m.SavedList })));

/** /saved: 'Saved for offline', the posts and videos kept on this device (signed in or not). */
export function Component() {
  useDocumentTitle('Saved for offline');
  return (
    <Page>
      <div className="mx-auto w-full max-w-4xl">
        <PageHeading title="Saved for offline" description="Articles and videos kept on this device until you remove them, readable without a connection." />
        <Suspense fallback={<LoadingBlock label="Loading saved items" />}>
          <SavedList />
        </Suspense>
      </div>
    </Page>
  );
}
