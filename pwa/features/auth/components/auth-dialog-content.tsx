import type { KeyboardEvent } from 'react';
import type { AuthTab } from '#pwa/lib/auth-dialog';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';

const TABS: { id: AuthTab; label: string }[] = [
  { id: 'signup', label: 'Sign Up' },
  { id: 'login', label: 'Log In' },
];

interface AuthDialogContentProps {
  /** Prefix of the tabs' and panels' ids. */
  baseId: string;
  tab: AuthTab;
  onTab: (tab: AuthTab) => void;
  /** Changes each time the dialog opens: the forms start empty. */
  opening: number;
  onDone: () => void;
}

/**
 * The dialog's Sign Up and Log In tabs and their forms: a chunk of its own, loaded when the
 * dialog first opens (or just before it opens by itself), not with every page's first code.
 */
export default function AuthDialogContent({ baseId, tab, onTab, opening, onDone }: AuthDialogContentProps) {
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const index = TABS.findIndex((t) => t.id === tab);
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : (index + (event.key === 'ArrowRight' ? 1 : -1) + TABS.length) % TABS.length;
    onTab(TABS[next]!.id);
    document.getElementById(`${baseId}-tab-${TABS[next]!.id}`)?.focus();
  };

  return (
    <>
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
            onClick={() => onTab(t.id)}
            onKeyDown={onTabKey}
          >
            {t.label}
          </button>
        ))}
      </div>
      {TABS.map((t) => (
        <div key={t.id} id={`${baseId}-panel-${t.id}`} role="tabpanel" aria-labelledby={`${baseId}-tab-${t.id}`} hidden={tab !== t.id} className="mt-5">
          {t.id === 'signup' ? <SignupForm key={opening} onSignedUp={onDone} /> : <LoginForm key={opening} onLoggedIn={onDone} />}
          <p className="mt-4 text-center text-sm">
            {t.id === 'signup' ? 'Already have an account? ' : "Don't have an account? "}
            <button type="button" className="link link-primary font-medium" onClick={() => onTab(t.id === 'signup' ? 'login' : 'signup')}>
              {t.id === 'signup' ? 'Log in' : 'Sign up'}
            </button>
          </p>
        </div>
      ))}
    </>
  );
}
