import { Suspense } from 'react';
import { lazyExport } from '#pwa/lib/lazy-part';
import { CardSkeletons } from '#pwa/components/content';
import { Page, PageHeading } from '#pwa/components/ui/page';
import { SignInRequired } from '#pwa/components/ui/sign-in-required';
import { useUser } from '#pwa/lib/session';
import { useDocumentTitle } from '#pwa/lib/use-document-title';

// The screen reads the device's queue of unsent changes (IndexedDB, Dexie ~30 kB gz): it loads
// after the page's heading and skeleton, so signed-out visitors never download it at all.
const BookmarksContent = lazyExport(() => import('../deferred/bookmarks-content'), 'default');

/** /bookmarks: the signed-in user's folders and bookmarks, each card marked when completed. */
export function Component() {
  const { user, isLoading } = useUser();
  useDocumentTitle('My Bookmarks');
  return (
    <Page>
      <PageHeading title="My Bookmarks" description="The videos and articles you saved, in your folders." />
      {isLoading ? (
        <CardSkeletons label="Loading bookmarks…" />
      ) : user ? (
        <Suspense fallback={<CardSkeletons label="Loading bookmarks…" />}>
          <BookmarksContent userId={user.id} />
        </Suspense>
      ) : (
        <SignInRequired message="Please sign in to view your bookmarks." />
      )}
    </Page>
  );
}
