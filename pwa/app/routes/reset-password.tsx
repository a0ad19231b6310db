import { Page } from '#pwa/components/ui/page';
import { useDocumentTitle } from '#pwa/lib/use-document-title';
import { ResetPasswordScreen } from '#pwa/features/auth/components/reset-password-screen';

/**
 * `/reset-password` (docs/product.md#the-readers-account): asking for a link, and the page the
 * mailed link opens. Its own chunk, imported by the screen's module rather than the auth
 * feature's index, so the dialog's code does not come with it.
 */
export function Component() {
  useDocumentTitle('Reset password');
  return (
    <Page>
      <ResetPasswordScreen />
    </Page>
  );
}
