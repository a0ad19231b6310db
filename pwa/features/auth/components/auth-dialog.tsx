import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { onOpenAuthDialog, type AuthTab } from '../../../lib/auth-dialog';
import { useUser } from '../../../lib/session';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';

const TABS: { id: AuthTab; label: string }[] = [
  { id: 'signup', label: 'Sign Up' },
  { id: 'login', label: 'Log In' },
];

/**
 * Opens by itself once per page load when loading has finished with nobody signed in (closing it
 * keeps it closed), and again on every `openAuthDialog` event while signed out.
 */
export function AuthDialog() {
  const { user, isLoading } = useUser();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<AuthTab>('signup');
  // Forms start empty each time the dialog opens.
  const [opening, setOpening] = useState(0);
  const decided = useRef(false);
  const baseId = useId();
  const titleId = `${baseId}-title`;

  const show = useCallback((which: AuthTab) => {
    setTab(which);
    setOpening((n) => n + 1);
    setOpen(true);
  }, []);

  useEffect(() => {
    if (isLoading || decided.current) return;
    decided.current = true;
    if (!user) show('signup');
  }, [isLoading, user, show]);

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

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const index = TABS.findIndex((t) => t.id === tab);
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : (index + (event.key === 'ArrowRight' ? 1 : -1) + TABS.length) % TABS.length;
    setTab(TABS[next]!.id);
    document.getElementById(`${baseId}-tab-${TABS[next]!.id}`)?.focus();
  };

  return (
    <Dialog open={open} onClose={() => setOpen(false)} labelledBy={titleId} boxClassName="sm:max-w-md">
      <h2 id={titleId} className="pr-10 font-display text-2xl font-bold outline-none">
        Welcome to context is key
      </h2>
      <p className="mt-1 text-sm text-base-content/75">Sign up or log in to bookmark content, track your progress, take notes and join the conversation.</p>
      <div role="tablist" aria-label="Sign up or log in" className="tabs tabs-box mt-5 grid grid-cols-2">
        {TABS.map((t) => (
          <button
            key={t.id}
            id={`${baseId}-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`${baseId}-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            className={`tab font-medium ${tab === t.id ? 'tab-active' : 'text-base-content/80'}`}
            onClick={() => setTab(t.id)}
            onKeyDown={onTabKey}
          >
            {t.label}
          </button>
        ))}
      </div>
      {TABS.map((t) => (
        <div key={t.id} id={`${baseId}-panel-${t.id}`} role="tabpanel" aria-labelledby={`${baseId}-tab-${t.id}`} hidden={tab !== t.id} className="mt-5">
          {t.id === 'signup' ? <SignupForm key={opening} onSignedUp={() => setOpen(false)} /> : <LoginForm key={opening} onLoggedIn={() => setOpen(false)} />}
          <p className="mt-4 text-center text-sm">
            {t.id === 'signup' ? 'Already have an account? ' : "Don't have an account? "}
            <button type="button" className="link link-primary font-medium" onClick={() => setTab(t.id === 'signup' ? 'login' : 'signup')}>
              {t.id === 'signup' ? 'Log in' : 'Sign up'}
            </button>
          </p>
        </div>
      ))}
    </Dialog>
  );
}
