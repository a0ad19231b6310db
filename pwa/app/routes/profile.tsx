import { Page, PageHeading } from '#pwa/components/ui/page';
import { SignInRequired } from '#pwa/components/ui/sign-in-required';
import { useUser } from '#pwa/lib/session';
import { useDocumentTitle } from '#pwa/lib/use-document-title';
import { ProfileScreen } from '#pwa/features/profile';

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
      {user ? <ProfileScreen user={user} /> : <SignInRequired message="Please sign in to view your profile." />}
    </Page>
  );
}
