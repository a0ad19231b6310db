import { ShieldAlert } from 'lucide-react';
import { SignInRequired } from '#pwa/components/ui/sign-in-required';
import { useUser } from '#pwa/lib/session';
import { Desk } from './desk';
import type { DeskSectionProps } from './desk-section';

export const SIGNED_OUT_TEXT = 'Blog Management is for editors. Please sign in with an editor account.';
export const NOT_EDITOR_TEXT = 'This page is for editors only.';

/**
 * /blog-admin below its heading. Only editors (user.isEditor: the role granted with `npm run editor`)
 * get the form and the list; anyone else is told so plainly (the API refuses them anyway, 403).
 * Offline each section shows what this device saved and says what waits for the connection
 * (desk.tsx); a post's Save waits and is sent once back (post-form.tsx).
 */
export function BlogAdmin({ renderPreview }: Pick<DeskSectionProps, 'renderPreview'>) {
  const { user, isLoading } = useUser();
  if (isLoading) return <span className="loading loading-spinner" aria-label="Loading…" />;
  if (!user) return <SignInRequired message={SIGNED_OUT_TEXT} />;
  if (!user.isEditor) {
    return (
      <div role="note" className="mx-auto flex max-w-md flex-col items-center gap-3 rounded-box border border-base-300 bg-base-200 px-6 py-12 text-center">
        <ShieldAlert aria-hidden="true" className="size-10 text-warning" />
        <p className="text-lg font-semibold">{NOT_EDITOR_TEXT}</p>
        <p className="text-base-content/80">
          You are signed in as @{user.username}, who does not have the editor role, so you cannot add, feature or delete posts.
        </p>
      </div>
    );
  }
  return (
    <Desk userId={user.id} renderPreview={renderPreview} />
  );
}
