import { LogIn } from 'lucide-react';
import { openAuthDialog } from '#pwa/lib/auth-dialog';

/** For pages that need a signed-in user: the page's own message and a button that opens Log In. */
export function SignInRequired({ message }: { message: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-box border border-base-300 bg-base-200 px-6 py-12 text-center">
      <p className="text-lg">{message}</p>
      <button type="button" className="btn btn-primary" onClick={() => openAuthDialog('login')}>
        <LogIn aria-hidden="true" className="size-4" /> Sign in
      </button>
    </div>
  );
}
