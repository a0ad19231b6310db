import { CardSkeletons } from '../../components/content';
import { Page, PageHeading } from '../../components/ui/page';
import { SignInRequired } from '../../components/ui/sign-in-required';
import { BookmarksScreen } from '../../features/bookmarks';
import { CompletionMark } from '../../features/progress';
import { useUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';

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
        <BookmarksScreen userId={user.id} badge={(b) => <CompletionMark contentType={b.contentType} contentId={b.contentId} />} />
      ) : (
        <SignInRequired message="Please sign in to view your bookmarks." />
      )}
    </Page>
  );
}
