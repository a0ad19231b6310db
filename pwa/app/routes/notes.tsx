import { lazy, Suspense } from 'react';
import { Page, PageHeading } from '../../components/ui/page';
import { LoadingBlock } from '../../components/ui/loading-block';
import { useDocumentTitle } from '../../lib/use-document-title';

// The notes live in IndexedDB (Dexie): their screen loads after the heading.
const MyNotes = lazy(() => import('../../features/notes/components/my-notes').then((m) => ({ default: m.MyNotes })));

/** /notes: 'My Notes', every note on this device (signed in or not: notes never leave it). */
export function Component() {
  useDocumentTitle('My Notes');
  return (
    <Page>
      <div className="mx-auto w-full max-w-4xl">
        <PageHeading title="My Notes" description="Your notes on videos and articles, kept on this device only." />
        <Suspense fallback={<LoadingBlock label="Loading notes" />}>
          <MyNotes />
        </Suspense>
      </div>
    </Page>
  );
}
