import { act, render, screen, waitFor } from '@testing-library/react';
import type { User } from '#contract/users';
import { aUser, renderWithProviders, storeUser } from '../test/render';
import { json, mockFetch, offline } from '../test/fetch';
import { apiFetch } from './api-client';
import { OPEN_AUTH_DIALOG_EVENT } from './auth-dialog';
import { DESK_POSTS_KEY_ROOT, privateKey } from './query-client';
import { USER_STORAGE_KEY, useUser, type UserContextValue } from './session';

let session: UserContextValue;
function Probe() {
  session = useUser();
  return <p data-testid="probe">{session.isLoading ? 'loading' : (session.user?.username ?? 'signed out')}</p>;
}

const probeText = () => screen.getByTestId('probe').textContent;
const local = () => localStorage.getItem(USER_STORAGE_KEY);
const sessionCopy = () => sessionStorage.getItem(USER_STORAGE_KEY);

function meAnswers(answer: () => Response | Error) {
  return mockFetch((r) => {
    if (r.path === '/api/auth/me') return answer();
    throw new Error(`unexpected ${r.method} ${r.path}`);
  });
}

describe('useUser', () => {
  test('outside a UserProvider it throws', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow('useUser must be used within a UserProvider');
    spy.mockRestore();
  });
});

describe('UserProvider: loading the saved user', () => {
  test('with nothing saved: loading, then signed out, and no request is made', async () => {
    const requests = mockFetch(() => json(500, {}));
    renderWithProviders(<Probe />);
    await waitFor(() => expect(probeText()).toBe('signed out'));
    expect(requests).toEqual([]);
  });

  test('isLoading is true on the first render, before storage has been read', async () => {
    storeUser(aUser());
    meAnswers(() => json(200, aUser()));
    const seen: [boolean, string | undefined][] = [];
    function Recorder() {
      const { isLoading, user } = useUser();
      seen.push([isLoading, user?.username]);
      return null;
    }
    renderWithProviders(<Recorder />);
    expect(seen[0]).toEqual([true, undefined]);
    await waitFor(() => expect(seen.at(-1)).toEqual([false, 'grace']));
    await act(async () => {});
  });

  test('reads the user from localStorage first', async () => {
    storeUser(aUser({ username: 'remembered' }), 'local');
    storeUser(aUser({ username: 'tab_only' }), 'session');
    meAnswers(() => offline());
    renderWithProviders(<Probe />);
    await waitFor(() => expect(probeText()).toBe('remembered'));
  });

  test('falls back to sessionStorage when localStorage has no user', async () => {
    storeUser(aUser({ username: 'tab_only' }), 'session');
    meAnswers(() => offline());
    renderWithProviders(<Probe />);
    await waitFor(() => expect(probeText()).toBe('tab_only'));
  });

  test.each([
    ['unparsable JSON', '{not json'],
    ['a user without a username', JSON.stringify({ id: 3, name: 'No Name' })],
    ['a blank username', JSON.stringify({ id: 3, username: '  ' })],
    ['not an object', JSON.stringify('grace')],
    ['null', 'null'],
    ['an id that is not a whole number above 0', JSON.stringify({ id: 1.5, username: 'grace' })],
    ['an id written as text', JSON.stringify({ id: '3', username: 'grace' })],
    ['a name that is not text', JSON.stringify({ id: 3, username: 'grace', name: 7 })],
    ['an avatar that is not text or null', JSON.stringify({ id: 3, username: 'grace', avatarUrl: {} })],
    ['isEditor that is not a boolean', JSON.stringify({ id: 3, username: 'grace', isEditor: 'yes' })],
  ])('discards %s', async (_label, raw) => {
    localStorage.setItem(USER_STORAGE_KEY, raw);
    const requests = mockFetch(() => json(500, {}));
    renderWithProviders(<Probe />);
    await waitFor(() => expect(probeText()).toBe('signed out'));
    expect(local()).toBeNull();
    expect(requests).toEqual([]);
  });

  test('a bad persistent copy is discarded and the session copy is used', async () => {
    localStorage.setItem(USER_STORAGE_KEY, '{oops');
    storeUser(aUser({ username: 'tab_only' }), 'session');
    meAnswers(() => offline());
    renderWithProviders(<Probe />);
    await waitFor(() => expect(probeText()).toBe('tab_only'));
  });

  test('an older saved copy with only id and username still signs in, with defaults', async () => {
    storeUser({ id: 9, username: 'old_timer' });
    meAnswers(() => offline());
    renderWithProviders(<Probe />);
    await waitFor(() => expect(probeText()).toBe('old_timer'));
    expect(session.user).toMatchObject({ id: 9, username: 'old_timer', name: 'old_timer', avatarUrl: null, isEditor: false });
  });
});

describe('UserProvider: setUser', () => {
  async function ready() {
    mockFetch(() => json(500, {}));
    renderWithProviders(<Probe />);
    await waitFor(() => expect(probeText()).toBe('signed out'));
  }

  test('with remember, the user goes to localStorage and the session copy is cleared', async () => {
    await ready();
    sessionStorage.setItem(USER_STORAGE_KEY, JSON.stringify(aUser({ username: 'stale' })));
    act(() => session.setUser(aUser(), true));
    expect(probeText()).toBe('grace');
    expect(JSON.parse(local()!)).toMatchObject({ username: 'grace' });
    expect(sessionCopy()).toBeNull();
  });

  test('without remember, the user lives in sessionStorage only and the persistent copy is cleared', async () => {
    await ready();
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(aUser({ username: 'stale' })));
    act(() => session.setUser(aUser(), false));
    expect(JSON.parse(sessionCopy()!)).toMatchObject({ username: 'grace' });
    expect(local()).toBeNull();
  });

  test('setUser(null) clears both copies and signs out', async () => {
    await ready();
    act(() => session.setUser(aUser(), true));
    sessionStorage.setItem(USER_STORAGE_KEY, JSON.stringify(aUser()));
    act(() => session.setUser(null));
    expect(probeText()).toBe('signed out');
    expect(local()).toBeNull();
    expect(sessionCopy()).toBeNull();
  });

  test("signing out drops the user's private queries, and an editor's desk posts (drafts)", async () => {
    mockFetch(() => json(500, {}));
    const { queryClient } = renderWithProviders(<Probe />);
    await waitFor(() => expect(probeText()).toBe('signed out'));
    act(() => session.setUser(aUser({ id: 7 }), true));
    queryClient.setQueryData([...privateKey(7), 'bookmarks'], ['secret']);
    queryClient.setQueryData([...DESK_POSTS_KEY_ROOT, 'editing', 3], { title: 'A draft' });
    queryClient.setQueryData(['blog', 'detail', 3], ['public post']);
    queryClient.setQueryData(['videos'], ['public']);
    act(() => session.setUser(null));
    expect(queryClient.getQueryData([...privateKey(7), 'bookmarks'])).toBeUndefined();
    expect(queryClient.getQueryData([...DESK_POSTS_KEY_ROOT, 'editing', 3])).toBeUndefined();
    expect(queryClient.getQueryData(['blog', 'detail', 3])).toEqual(['public post']);
    expect(queryClient.getQueryData(['videos'])).toEqual(['public']);
  });
});

describe('UserProvider: checking the saved user with GET /api/auth/me', () => {
  test('a 401 signs the stored user out, clears storage, says the session ended and asks to log in', async () => {
    storeUser(aUser(), 'local');
    const requests = meAnswers(() => json(401, { message: 'Your session has ended. Please sign in again.' }));
    const asked: (string | undefined)[] = [];
    const listener = (e: Event) => asked.push((e as CustomEvent<{ tab?: string }>).detail.tab);
    window.addEventListener(OPEN_AUTH_DIALOG_EVENT, listener);
    onTestFinished(() => window.removeEventListener(OPEN_AUTH_DIALOG_EVENT, listener));
    renderWithProviders(<Probe />);
    await waitFor(() => expect(probeText()).toBe('signed out'));
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/auth/me']);
    expect(local()).toBeNull();
    expect(sessionCopy()).toBeNull();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Your session has ended. Please sign in again.'));
    expect(asked).toEqual(['login']);
  });

  test('a network error keeps the stored user (offline start)', async () => {
    storeUser(aUser(), 'session');
    const requests = meAnswers(() => offline());
    renderWithProviders(<Probe />);
    await waitFor(() => expect(requests).toHaveLength(1));
    await act(async () => {});
    expect(probeText()).toBe('grace');
    expect(sessionCopy()).not.toBeNull();
  });

  test('a server fault keeps the stored user', async () => {
    storeUser(aUser(), 'local');
    const requests = meAnswers(() => json(500, { message: 'Something went wrong on our side. Please try again.' }));
    renderWithProviders(<Probe />);
    await waitFor(() => expect(requests).toHaveLength(1));
    await act(async () => {});
    expect(probeText()).toBe('grace');
  });

  test.each(['local', 'session'] as const)('a fresh user from the server refreshes the %sStorage copy and stays there', async (where) => {
    storeUser(aUser({ name: 'Old Name' }), where);
    meAnswers(() => json(200, aUser({ name: 'New Name', avatarUrl: '/objects/a.png' })));
    renderWithProviders(<Probe />);
    await waitFor(() => expect(session.user?.name).toBe('New Name'));
    const [kept, other] = where === 'local' ? [local(), sessionCopy()] : [sessionCopy(), local()];
    expect(JSON.parse(kept!) as User).toMatchObject({ name: 'New Name', avatarUrl: '/objects/a.png' });
    expect(other).toBeNull();
  });

  test('a late answer never undoes a newer sign-in', async () => {
    storeUser(aUser(), 'local');
    let answer!: (r: Response) => void;
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(<Probe />);
    await waitFor(() => expect(probeText()).toBe('grace'));
    act(() => session.setUser(aUser({ id: 8, username: 'newer' }), true));
    await act(async () => answer(json(401, { message: 'ended' })));
    expect(probeText()).toBe('newer');
    expect(JSON.parse(local()!)).toMatchObject({ username: 'newer' });
  });
});

describe('UserProvider: the session ends while the page is open', () => {
  /** Signed in as grace (the /me check answered), with `later` answering every other call. */
  async function signedInThen(later: (path: string) => Response) {
    storeUser(aUser(), 'local');
    const requests = mockFetch((r) => (r.path === '/api/auth/me' ? json(200, aUser()) : later(r.path)));
    const asked: (string | undefined)[] = [];
    const listener = (e: Event) => asked.push((e as CustomEvent<{ tab?: string }>).detail.tab);
    window.addEventListener(OPEN_AUTH_DIALOG_EVENT, listener);
    onTestFinished(() => window.removeEventListener(OPEN_AUTH_DIALOG_EVENT, listener));
    renderWithProviders(<Probe />);
    await waitFor(() => expect(requests).toHaveLength(1));
    await waitFor(() => expect(probeText()).toBe('grace'));
    return { requests, asked };
  }

  test("a 401 to any call (a password changed on another device): signed out here, told once, and the dialog opens on Log In", async () => {
    const { asked } = await signedInThen(() => json(401, { message: 'Please sign in to continue.' }));
    // Two private reads find it out at once: one ending, one toast.
    await act(async () => {
      await Promise.allSettled([apiFetch('/api/users/1/bookmarks'), apiFetch('/api/users/1/progress')]);
    });
    await waitFor(() => expect(probeText()).toBe('signed out'));
    expect(local()).toBeNull();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Session endedYour session has ended. Please sign in again.'));
    expect(asked).toEqual(['login']);

    // Signed in again, and ended again later: told again.
    act(() => session.setUser(aUser(), true));
    await act(async () => {
      await apiFetch('/api/users/1/bookmarks').catch(() => undefined);
    });
    await waitFor(() => expect(probeText()).toBe('signed out'));
    await waitFor(() => expect(asked).toEqual(['login', 'login']));
  });

  test('a 401 to a call sent before the latest sign-in is about the older session: it changes nothing', async () => {
    let answer!: (r: Response) => void;
    await signedInThen(() => {
      throw new Error('unexpected');
    });
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const late = apiFetch('/api/users/1/bookmarks').catch(() => undefined);
    act(() => session.setUser(aUser({ id: 8, username: 'newer' }), true));
    await act(async () => {
      answer(json(401, { message: 'Please sign in to continue.' }));
      await late;
    });
    expect(probeText()).toBe('newer');
  });

  test("a sign-in's 401 (a wrong password) and an outbox delivery's are not an ended session", async () => {
    const { asked } = await signedInThen(() => json(401, { message: 'Invalid username or password.' }));
    await act(async () => {
      await apiFetch('/api/auth/login', { method: 'POST', body: {}, reportsEndedSession: false }).catch(() => undefined);
    });
    expect(probeText()).toBe('grace');
    expect(asked).toEqual([]);
  });
});
