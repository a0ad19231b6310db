import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { Dialog } from '#pwa/components/ui/dialog';
import { onOpenAuthDialog, type AuthTab } from '#pwa/lib/auth-dialog';
import { pageSettled } from '#pwa/lib/page-settled';
import { useUser } from '#pwa/lib/session';
import { LoadingBlock } from '#pwa/components/ui/loading-block';
import { loadExport } from '#pwa/lib/lazy-part';

type Content = typeof import('./auth-dialog-content').default;
/** The content once its chunk is here: rendered directly, so an opening never shows the fallback for a frame. */
let loadedContent: Content | null = null;
// Asked for again once online if it does not come (never an error in place of the page).
const loadContentExport = loadExport(() => import('./auth-dialog-content'), 'default');
const loadContent = () => loadContentExport().then((content) => (loadedContent = content));
const LazyContent = lazy(() => loadContent().then((content) => ({ default: content })));
/** How long the dialog waits for its forms' code before it opens with its loading state instead (offline). */
const OPEN_WITHOUT_CONTENT_MS = 2000;

/**
 * Opens by itself once per page load when loading has finished with nobody signed in (closing it
 * keeps it closed), and again on every `openAuthDialog` event while signed out. `welcome: false`
 * holds the opening by itself back while the current page says so.
 *
 * "Loading has finished" is the page's own code and data (pageSettled), not only the session check:
 * the tabs and forms come in a chunk of their own, fetched then, and the dialog opens with them in
 * one go. On a phone's first visit, opening it (and laying out its forms) while the page was still
 * hydrating was the longest task of the load. While closed, nothing of it is in the page.
 */
export function AuthDialog({ welcome = true }: { welcome?: boolean }) {
  const { user, isLoading } = useUser();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<AuthTab>('signup');
  // Forms start empty each time the dialog opens.
  const [opening, setOpening] = useState(0);
  const decided = useRef(false);
  const signedIn = useRef(false);
  signedIn.current = Boolean(user);
  const baseId = useId();
  const titleId = `${baseId}-title`;

  // Opened once on this page (by itself or by an openAuthDialog event): the welcome is not shown again.
  const opened = useRef(false);
  const show = useCallback((which: AuthTab) => {
    opened.current = true;
    setTab(which);
    setOpening((n) => n + 1);
    setOpen(true);
  }, []);

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (isLoading || decided.current) return;
    // Not over a page that says no (the forgotten password's: its reader is on their way to
    // signing in); decided on the next page instead.
    if (!welcome) return;
    decided.current = true;
    if (user) return;
    void pageSettled()
      // Without its chunk (offline, a deploy removed it) it opens all the same, with its fallback.
      .then(() => Promise.race([loadContent(), new Promise((resolve) => setTimeout(resolve, OPEN_WITHOUT_CONTENT_MS))]))
      .then(() => {
        // Not over a dialog something else opened meanwhile ('Session ended' opens it on Log In).
        if (mounted.current && !signedIn.current && !opened.current) show('signup');
      });
  }, [isLoading, user, show, welcome]);

  useEffect(
    () =>
      onOpenAuthDialog((which) => {
        if (!user) show(which ?? 'signup');
      }),
    [user, show],
  );

  useEffect(() => {
    if (user) setOpen(false);
  }, [user]);

  // The tabs and forms come in the task after the dialog has opened. Opening restyles the whole
  // page behind it (it turns inert) and moves the dialog into the top layer, laying out what it
  // holds twice; with the forms in it, that was one task of 54-59 ms on a first visit in
  // Lighthouse, the longest of the load. Apart, the opening is 40-43 ms and the forms are laid out
  // once, in a task of their own. The box is still fading in then (daisyUI's opening transition),
  // so nobody sees it fill.
  const [formsFor, setFormsFor] = useState(0);
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => setFormsFor(opening));
    return () => clearTimeout(timer);
  }, [open, opening]);

  const Content: ComponentType<Parameters<Content>[0]> = loadedContent ?? LazyContent;
  return (
    <Dialog open={open} onClose={() => setOpen(false)} labelledBy={titleId} boxClassName="sm:max-w-md">
      <h2 id={titleId} className="pr-10 font-display text-2xl font-bold outline-none">
        Welcome to context is key
      </h2>
      <p className="mt-1 text-sm text-base-content/75">Sign up or log in to bookmark content, track your progress, take notes and join the conversation.</p>
      {open && formsFor === opening && (
        <Suspense fallback={<LoadingBlock label="Loading" />}>
          <Content baseId={baseId} tab={tab} onTab={setTab} opening={opening} onDone={() => setOpen(false)} />
        </Suspense>
      )}
    </Dialog>
  );
}
