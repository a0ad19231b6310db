import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { User } from '#contract/users';
import { answerSchema, apiFetch, onSessionRefused } from './api-client';
import { openAuthDialog } from './auth-dialog';
import { SIGNED_IN_KEY_ROOTS } from './query-client';

/**
 * The signed-in user (docs/product.md#states-and-transitions). Shared by every feature, which is why it lives in lib/ and not in
 * features/auth: bookmarks, profile, comments and hearts all need to know who is signed in.
 * features/auth owns the calls that change it (signup, login, logout) and the auth dialog.
 */
export const USER_STORAGE_KEY = 'user';

export interface UserContextValue {
  user: User | null;
  /** True until the saved user has been read from storage. */
  isLoading: boolean;
  /**
   * Signs a user in on this device, or out with `null`. `remember` keeps the user in
   * localStorage (and clears sessionStorage); without it the user lives in sessionStorage only
   * (and localStorage is cleared). `null` clears both.
   */
  setUser: (user: User | null, remember?: boolean) => void;
}

const UserContext = createContext<UserContextValue | null>(null);

export function useUser(): UserContextValue {
  const value = useContext(UserContext);
  if (!value) throw new Error('useUser must be used within a UserProvider');
  return value;
}

type Store = 'local' | 'session';

/**
 * A saved copy may come from an older version of the app: it needs a username (docs/product.md#states-and-transitions) and the
 * id every private call carries; anything else missing gets a neutral default. Checked by hand,
 * not by a zod schema: it is read before the first render, and zod is not in the first download
 * (docs/decisions/005-what-loads-first.md).
 */
interface StoredUser {
  id: number;
  username: string;
  name?: string;
  email?: string;
  avatarUrl?: string | null;
  bio?: string | null;
  website?: string | null;
  socialLinks?: string | null;
  isEditor?: boolean;
  createdAt?: string;
}

function asStoredUser(json: unknown): StoredUser | null {
  if (typeof json !== 'object' || json === null) return null;
  const u = json as Record<string, unknown>;
  const optional = (key: string, type: 'string' | 'boolean', nullable = false) => u[key] === undefined || typeof u[key] === type || (nullable && u[key] === null);
  if (typeof u.id !== 'number' || !Number.isInteger(u.id) || u.id <= 0) return null;
  if (typeof u.username !== 'string' || !u.username.trim()) return null;
  const strings = optional('name', 'string') && optional('email', 'string') && optional('createdAt', 'string');
  const nullables = ['avatarUrl', 'bio', 'website', 'socialLinks'].every((key) => optional(key, 'string', true));
  if (!strings || !nullables || !optional('isEditor', 'boolean')) return null;
  return { ...(u as unknown as StoredUser), username: u.username.trim() };
}

function parseStoredUser(raw: string | null): User | null {
  if (!raw) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const u = asStoredUser(json);
  if (!u) return null;
  return {
    id: u.id,
    username: u.username,
    name: u.name || u.username,
    ...(u.email !== undefined ? { email: u.email } : {}),
    avatarUrl: u.avatarUrl ?? null,
    bio: u.bio ?? null,
    website: u.website ?? null,
    socialLinks: u.socialLinks ?? null,
    isEditor: u.isEditor ?? false,
    createdAt: u.createdAt ?? '',
  };
}

function storage(store: Store): Storage | null {
  // Storage can be missing or throw (private modes, disabled cookies): then nothing is saved.
  try {
    return store === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function safely(fn: () => void): void {
  try {
    fn();
  } catch {
    // Quota exceeded or storage disabled: the session still works for this page.
  }
}

/** The saved user, from localStorage first, else sessionStorage; unusable copies are removed. */
export function readStoredUser(): { user: User; store: Store } | null {
  for (const store of ['local', 'session'] as const) {
    const s = storage(store);
    let raw: string | null = null;
    safely(() => {
      raw = s?.getItem(USER_STORAGE_KEY) ?? null;
    });
    if (raw === null) continue;
    const user = parseStoredUser(raw);
    if (user) return { user, store };
    safely(() => s?.removeItem(USER_STORAGE_KEY));
  }
  return null;
}

export function writeStoredUser(user: User | null, remember = true): void {
  const local = storage('local');
  const session = storage('session');
  safely(() => local?.removeItem(USER_STORAGE_KEY));
  safely(() => session?.removeItem(USER_STORAGE_KEY));
  if (!user) return;
  safely(() => (remember ? local : session)?.setItem(USER_STORAGE_KEY, JSON.stringify(user)));
}

/**
 * Reads the saved user, then checks it with GET /api/auth/me; a fresh user refreshes the saved
 * copy in the storage it was in. Offline (network error) or a server fault keeps the saved user,
 * so the app opens signed in without a connection. With nothing saved there is nothing to check,
 * and no request is made.
 *
 * A 401 to any call sent while someone is signed in (that /me, a bookmark list, a profile save: a
 * password changed on another device ends this one's session) means the server session has
 * ended: the user is signed out, told so (`onSessionEnded`: the app's toast) and the auth dialog
 * opens on Log In, rather than left half signed in with no way to sign in again
 * (docs/product.md#states-and-transitions). A 401 to a call sent before the latest sign-in is
 * about an older session, and changes nothing.
 */
export function UserProvider({ children, onSessionEnded }: { children: ReactNode; onSessionEnded?: () => void }) {
  const [user, setUserState] = useState<User | null>(null);
  const [isLoading, setIsLoading] = useState(true);
  // How many sessions the server has ended while this page was open: each is told once.
  const [sessionsEnded, setSessionsEnded] = useState(0);
  const queryClient = useQueryClient();
  const current = useRef<User | null>(null);
  // Bumped by every setUser, so a late /api/auth/me answer never undoes a newer sign-in or sign-out.
  const generation = useRef(0);
  // When (performance.now()) the latest sign-in or sign-out on this page happened.
  const changedAt = useRef(-Infinity);

  /** Shows `next` as the signed-in user; another user's (or no user's) private queries are dropped. */
  const show = useCallback(
    (next: User | null) => {
      if (current.current && current.current.id !== next?.id) for (const queryKey of SIGNED_IN_KEY_ROOTS) queryClient.removeQueries({ queryKey });
      current.current = next;
      setUserState(next);
    },
    [queryClient],
  );

  const setUser = useCallback(
    (next: User | null, remember = true) => {
      generation.current += 1;
      changedAt.current = performance.now();
      writeStoredUser(next, remember);
      show(next);
    },
    [show],
  );

  useEffect(() => {
    const saved = readStoredUser();
    // A transition: on a page the server rendered, every part that depends on the reader renders
    // again now, in slices that leave the browser free for input rather than in one long task.
    startTransition(() => {
      show(saved?.user ?? null);
      setIsLoading(false);
    });
    if (!saved) return;

    const started = generation.current;
    const controller = new AbortController();
    apiFetch('/api/auth/me', { schema: answerSchema('user'), signal: controller.signal }).then(
      // Transitions too, so they apply after the saved user above, in order, never before it.
      (fresh) => {
        // Aborted (unmounted) too: the answer may come after the abort, while its schema loaded.
        if (generation.current !== started || controller.signal.aborted) return;
        writeStoredUser(fresh, saved.store === 'local');
        startTransition(() => show(fresh));
      },
      // A 401 was heard by the listener below; anything else keeps the saved user.
      () => undefined,
    );
    return () => controller.abort();
  }, [show]);

  useEffect(
    () =>
      onSessionRefused((sentAt) => {
        if (!current.current || sentAt < changedAt.current) return;
        generation.current += 1;
        changedAt.current = performance.now();
        writeStoredUser(null);
        startTransition(() => {
          show(null);
          setSessionsEnded((n) => n + 1);
        });
      }),
    [show],
  );

  // After the signed-out state has rendered, so the auth dialog already knows nobody is signed in.
  useEffect(() => {
    if (sessionsEnded === 0) return;
    onSessionEnded?.();
    openAuthDialog('login');
    // Once per ended session: a new callback (a re-render above) is not a second ending.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionsEnded]);

  const value = useMemo(() => ({ user, isLoading, setUser }), [user, isLoading, setUser]);
  return <UserContext value={value}>{children}</UserContext>;
}
