import { Page, PageHeading } from '#pwa/components/ui/page';
import { SignInRequired } from '#pwa/components/ui/sign-in-required';
import { useUser } from '#pwa/lib/session';
import { useDocumentTitle } from '#pwa/lib/use-document-title';
import { ProfileScreen, type ExportNotes } from '#pwa/features/profile';

/**
 * Deleting the account offers the notes' export first (docs/product.md#the-readers-account): the
 * notes feature's, composed here since features never import each other, and loaded when pressed.
 */
const exportNotes: ExportNotes = () => import('#pwa/features/notes/export-all').then((m) => m.exportAllNotes());

export function Component() {
  const { user, isLoading } = useUser();
  useDocumentTitle('My Profile');
  if (isLoading) {
    return (
      <Page>
        <p role="status">Loading profile...</p>
      </Page>
    );
  }
  return (
    <Page>
      <PageHeading title="My Profile" />
      {user ? <ProfileScreen user={user} exportNotes={exportNotes} /> : <SignInRequired message="Please sign in to view your profile." />}
    </Page>
  );
}
