import { Page, PageHeading } from '../../components/ui/page';
import { SignInRequired } from '../../components/ui/sign-in-required';
import { SyncCentre } from '../../features/sync';
import { useUser } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  useDocumentTitle('Sync');
  const { user, isLoading } = useUser();
  return (
    <Page>
      <PageHeading title="Sync" description="Changes you make without a connection wait here and are sent, once each, when it returns." />
      {isLoading ? null : user ? <SyncCentre /> : <SignInRequired message="Please sign in to see your changes waiting to sync." />}
    </Page>
  );
}
