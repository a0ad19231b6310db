import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openAuthDialog, OPEN_AUTH_DIALOG_EVENT } from '#pwa/lib/auth-dialog';
import { USER_STORAGE_KEY } from '#pwa/lib/session';
import { json, mockFetch, offline, type MockRequest } from '#pwa/test/fetch';
import { aUser, renderWithProviders, storeUser } from '#pwa/test/render';
import { AuthDialog } from './auth-dialog';

// The welcome waits for the page to settle: a test may hold that moment back.
const page = vi.hoisted(() => ({ settled: Promise.resolve() as Promise<void> }));
vi.mock('#pwa/lib/page-settled', async (importOriginal) => ({
  ...(await importOriginal<typeof import('#pwa/lib/page-settled')>()),
  pageSettled: () => page.settled,
}));

const dialog = () => screen.getByRole('dialog', { hidden: true }) as HTMLDialogElement;
const panel = (name: 'Sign Up' | 'Log In') => {
  const tab = screen.getByRole('tab', { name, hidden: true });
  return document.getElementById(tab.getAttribute('aria-controls')!)!;
};

async function openSignedOut(answer: (r: MockRequest) => Response | Error = () => json(500, {})) {
  const requests = mockFetch(answer);
  const user = userEvent.setup();
  renderWithProviders(<AuthDialog />);
  await waitFor(() => expect(dialog().open).toBe(true));
  await screen.findByRole('tab', { name: 'Sign Up', hidden: true });
  return { requests, user };
}

async function fillSignup(user: ReturnType<typeof userEvent.setup>, values: { username?: string; email?: string; password?: string }) {
  const form = within(panel('Sign Up'));
  if (values.username) await user.type(form.getByLabelText('Username'), values.username);
  if (values.email) await user.type(form.getByLabelText('Email'), values.email);
  if (values.password) await user.type(form.getByLabelText('Password'), values.password);
}

const submitSignup = (user: ReturnType<typeof userEvent.setup>) => user.click(within(panel('Sign Up')).getByRole('button', { name: 'Create Account' }));
const submitLogin = (user: ReturnType<typeof userEvent.setup>) => user.click(within(panel('Log In')).getByRole('button', { name: 'Log In' }));
const toastText = () => screen.queryByTestId('toast')?.textContent ?? '';

describe('AuthDialog: opening and closing', () => {
  test('opens by itself on Sign Up when loading ends with nobody signed in; both tabs remember by default', async () => {
    await openSignedOut();
    expect(screen.getByRole('tab', { name: 'Sign Up', hidden: true }).getAttribute('aria-selected')).toBe('true');
    for (const name of ['Sign Up', 'Log In'] as const) {
      const remember = within(panel(name)).getByLabelText('Remember me on this device') as HTMLInputElement;
      expect(remember.checked).toBe(true);
    }
  });

  test('does not open by itself for a signed-in user, nor on openAuthDialog', async () => {
    storeUser(aUser());
    mockFetch(() => json(200, aUser()));
    renderWithProviders(<AuthDialog />);
    await act(async () => {});
    expect(dialog().open).toBe(false);
    act(() => openAuthDialog());
    expect(dialog().open).toBe(false);
  });

  test('opened on Log In before the page has settled (as "Session ended" does), the welcome does not switch it to Sign Up nor open again once closed', async () => {
    let settle: () => void = () => undefined;
    page.settled = new Promise<void>((resolve) => (settle = resolve));
    mockFetch(() => json(500, {}));
    renderWithProviders(<AuthDialog />);
    act(() => openAuthDialog('login'));
    expect(dialog().open).toBe(true);
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Log In', hidden: true }).getAttribute('aria-selected')).toBe('true'));
    await act(async () => settle());
    await act(async () => {});
    expect(screen.getByRole('tab', { name: 'Log In', hidden: true }).getAttribute('aria-selected')).toBe('true');
    act(() => dialog().close());
    await act(async () => {});
    expect(dialog().open).toBe(false);
    page.settled = Promise.resolve();
  });

  test('once closed it stays closed, and the openAuthDialog event opens it again', async () => {
    await openSignedOut();
    act(() => dialog().close());
    await act(async () => {});
    expect(dialog().open).toBe(false);
    act(() => void window.dispatchEvent(new Event(OPEN_AUTH_DIALOG_EVENT)));
    expect(dialog().open).toBe(true);
    expect((await screen.findByRole('tab', { name: 'Sign Up', hidden: true })).getAttribute('aria-selected')).toBe('true');
  });

  test("openAuthDialog('login') opens on the Log In tab", async () => {
    await openSignedOut();
    act(() => dialog().close());
    act(() => openAuthDialog('login'));
    expect(dialog().open).toBe(true);
    expect((await screen.findByRole('tab', { name: 'Log In', hidden: true })).getAttribute('aria-selected')).toBe('true');
  });

  test('the dialog opens first and its forms come in the next task, not in the same long one', async () => {
    await openSignedOut();
    act(() => dialog().close());
    await act(async () => {});
    act(() => openAuthDialog());
    expect(dialog().open).toBe(true);
    expect(screen.queryByRole('tab', { name: 'Sign Up', hidden: true })).toBeNull();
    expect(await screen.findByRole('tab', { name: 'Sign Up', hidden: true })).toBeTruthy();
    // Opened again, the forms start empty.
    expect((within(panel('Sign Up')).getByLabelText('Username') as HTMLInputElement).value).toBe('');
  });
});

describe('AuthDialog: Sign Up', () => {
  test("blank fields: 'All Fields Required' and no request", async () => {
    const { requests, user } = await openSignedOut();
    await fillSignup(user, { username: 'grace', password: '   ' });
    await submitSignup(user);
    expect(screen.getByRole('alert').textContent).toContain('All Fields Required');
    expect(toastText()).toContain('Please fill in all fields to create your account.');
    expect(requests).toEqual([]);
  });

  test.each([
    ['a short username', { username: 'ab' }, 'Username', 'Username must be 3-20 characters'],
    ['a username with other characters', { username: 'grace hopper!' }, 'Username', 'Username may contain only letters, numbers and underscores'],
    ['a long username', { username: 'a'.repeat(21) }, 'Username', 'Username must be 3-20 characters'],
    ['a bad email', { email: 'grace@' }, 'Email', 'Please enter a valid email address'],
    ['a short password', { password: 'Short1!' }, 'Password', 'Password must be at least 8 characters'],
  ] as const)('%s: the field says why, and nothing is sent', async (_label, bad, field, message) => {
    const { requests, user } = await openSignedOut();
    await fillSignup(user, { username: 'grace_h', email: 'grace@example.com', password: 'Password1!', ...bad });
    await submitSignup(user);
    const input = within(panel('Sign Up')).getByLabelText(field);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!.split(' ').at(-1)!)!.textContent).toBe(message);
    expect(requests).toEqual([]);
  });

  test('a field message appears once the field is left, and goes as the user fixes it', async () => {
    const { user } = await openSignedOut();
    const username = within(panel('Sign Up')).getByLabelText('Username');
    await user.type(username, 'ab');
    expect(within(panel('Sign Up')).queryByText('Username must be 3-20 characters')).toBeNull();
    await user.tab();
    expect(within(panel('Sign Up')).getByText('Username must be 3-20 characters')).toBeTruthy();
    await user.type(username, 'c');
    expect(within(panel('Sign Up')).queryByText('Username must be 3-20 characters')).toBeNull();
  });

  test('shows the password hint about uppercase, lowercase, number and special character', async () => {
    await openSignedOut();
    expect(within(panel('Sign Up')).getByText(/uppercase and lowercase letters, a number and a special character/)).toBeTruthy();
  });

  test('success: signs up with remember, welcomes @username, closes, and remembers the user', async () => {
    const created = aUser({ username: 'new_one' });
    const { requests, user } = await openSignedOut((r) => (r.path === '/api/auth/signup' ? json(201, created) : json(500, {})));
    await fillSignup(user, { username: ' new_one ', email: 'new@example.com', password: 'Password1!' });
    await submitSignup(user);
    await waitFor(() => expect(dialog().open).toBe(false));
    expect(requests).toEqual([expect.objectContaining({ method: 'POST', path: '/api/auth/signup', body: { username: 'new_one', email: 'new@example.com', password: 'Password1!', remember: true } })]);
    expect(screen.getByRole('status').textContent).toContain('Welcome!');
    expect(toastText()).toContain('Account created successfully! Welcome, @new_one');
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY)!)).toMatchObject({ username: 'new_one' });
    expect(sessionStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  test('without remember me the user lives in sessionStorage only', async () => {
    const { requests, user } = await openSignedOut(() => json(201, aUser({ username: 'tab_user' })));
    await fillSignup(user, { username: 'tab_user', email: 'tab@example.com', password: 'Password1!' });
    await user.click(within(panel('Sign Up')).getByLabelText('Remember me on this device'));
    await submitSignup(user);
    await waitFor(() => expect(dialog().open).toBe(false));
    expect(requests[0]!.body).toMatchObject({ remember: false });
    expect(sessionStorage.getItem(USER_STORAGE_KEY)).not.toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  test("failure with a server message: 'Signup Failed' and that message; the dialog stays open", async () => {
    const { user } = await openSignedOut(() => json(409, { message: 'That username is already taken.' }));
    await fillSignup(user, { username: 'taken', email: 'taken@example.com', password: 'Password1!' });
    await submitSignup(user);
    await waitFor(() => expect(toastText()).toContain('Signup Failed'));
    expect(toastText()).toContain('That username is already taken.');
    expect(dialog().open).toBe(true);
  });

  test('failure without a message: the default text', async () => {
    const { user } = await openSignedOut(() => new Response('', { status: 502, statusText: 'Bad Gateway' }));
    await fillSignup(user, { username: 'someone', email: 'someone@example.com', password: 'Password1!' });
    await submitSignup(user);
    await waitFor(() => expect(toastText()).toContain('Failed to create account. Please try again.'));
  });
});

describe('AuthDialog: Log In', () => {
  async function openLogin(answer?: (r: MockRequest) => Response | Error) {
    const setup = await openSignedOut(answer);
    await setup.user.click(screen.getByRole('tab', { name: 'Log In', hidden: true }));
    return setup;
  }
  const typeLogin = async (user: ReturnType<typeof userEvent.setup>, username: string, password: string) => {
    const form = within(panel('Log In'));
    if (username) await user.type(form.getByLabelText('Username'), username);
    if (password) await user.type(form.getByLabelText('Password'), password);
  };

  test("blank fields: 'All Fields Required' and no request", async () => {
    const { requests, user } = await openLogin();
    await typeLogin(user, '  ', '');
    await submitLogin(user);
    expect(toastText()).toContain('All Fields Required');
    expect(toastText()).toContain('Please enter your username and password.');
    expect(requests).toEqual([]);
  });

  test('success: welcomes back @username and closes', async () => {
    const { requests, user } = await openLogin(() => json(200, aUser()));
    await typeLogin(user, 'grace', 'Password1!');
    await submitLogin(user);
    await waitFor(() => expect(dialog().open).toBe(false));
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/auth/login', body: { username: 'grace', password: 'Password1!', remember: true } });
    expect(toastText()).toContain('Welcome back!');
    expect(toastText()).toContain('Successfully logged in as @grace');
  });

  test("wrong password: 'Login Failed' with the server's message", async () => {
    const { user } = await openLogin(() => json(401, { message: 'Invalid username or password.' }));
    await typeLogin(user, 'grace', 'wrong-password');
    await submitLogin(user);
    await waitFor(() => expect(toastText()).toContain('Login Failed'));
    expect(toastText()).toContain('Invalid username or password.');
    expect(dialog().open).toBe(true);
  });

  test('rate limited: the server message is shown as it is', async () => {
    const { user } = await openLogin(() => json(429, { message: 'Too many sign-in attempts. Please try again in 15 minutes.' }));
    await typeLogin(user, 'grace', 'Password1!');
    await submitLogin(user);
    await waitFor(() => expect(toastText()).toContain('Too many sign-in attempts. Please try again in 15 minutes.'));
  });

  test('failure without a message: the default text', async () => {
    const { user } = await openLogin(() => new Response('', { status: 500 }));
    await typeLogin(user, 'grace', 'Password1!');
    await submitLogin(user);
    await waitFor(() => expect(toastText()).toContain('Invalid username or password.'));
  });

  test('offline: says so instead of blaming the password', async () => {
    const { user } = await openLogin(() => offline());
    await typeLogin(user, 'grace', 'Password1!');
    await submitLogin(user);
    await waitFor(() => expect(toastText()).toContain("You're offline."));
  });
});
