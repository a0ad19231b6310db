import { Page, PageHeading } from '../../components/ui/page';
import { SignInRequired } from '../../components/ui/sign-in-required';
import { useUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';

// Issue 3 (bookmarks): folders, filtered list, move and remove, 'No Bookmarks Yet', skeleton.
export function Component() {
  const { user, isLoading } = useUser();
  useDocumentTitle('My Bookmarks');
  return (
    <Page>
      <PageHeading title="My Bookmarks" />
      {isLoading ? null : user ? null : <SignInRequired message="Please sign in to view your bookmarks." />}
    </Page>
  );
}
