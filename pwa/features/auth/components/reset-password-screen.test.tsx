import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORGOT_PASSWORD_MESSAGE } from '#contract/account';
import { openAuthDialog } from '#pwa/lib/auth-dialog';
import { USER_STORAGE_KEY } from '#pwa/lib/session';
import { json, mockFetch, offline, type MockRequest } from '#pwa/test/fetch';
import { setOnline } from '#pwa/test/online';
import { aUser, renderApp } from '#pwa/test/render';
import { OFFLINE_TEXT } from '../api/signup';

const TOKEN = 'abcdefghijklmnop_QRSTUV-123';
const main = () => within(screen.getByRole('main'));
const toastText = () => screen.queryByTestId('toast')?.textContent ?? '';
const posts = (requests: MockRequest[]) => requests.filter((r) => r.method === 'POST');

/** The server of these tests: the reset calls answer `answer`; the home page's reads after it are refused. */
function serve(answer: (r: MockRequest) => Response | Error) {
  return mockFetch((request) => (request.path.startsWith('/api/auth/') ? answer(request) : json(503, { message: 'Not in this test' })));
}

async function open(path: string) {
  const user = userEvent.setup();
  const app = renderApp(path);
  await main().findByRole('button', { name: /Send link|Set new password/ });
  return { user, ...app };
}

describe('/reset-password without a token: asking for a link', () => {
  test('sends the login and always answers with the same sentence', async () => {
    const requests = serve(() => json(202, { message: FORGOT_PASSWORD_MESSAGE }));
    const { user } = await open('/reset-password');
    expect(screen.getByRole('heading', { name: 'Forgot your password?' })).toBeTruthy();
    await user.type(main().getByLabelText('Username or email'), '  grace@example.com ');
    await user.click(main().getByRole('button', { name: 'Send link' }));
    const sent = await main().findByText(FORGOT_PASSWORD_MESSAGE);
    expect(posts(requests)).toEqual([expect.objectContaining({ path: '/api/auth/forgot-password', body: { login: 'grace@example.com' } })]);
    // Focus moves to the answer, so a screen reader reads it.
    expect(document.activeElement).toBe(sent.closest('p'));
    // The welcome dialog stays shut on this page: the reader is on their way to signing in.
    expect([...document.querySelectorAll('dialog')].filter((d) => d.open)).toEqual([]);
  });

  test('a blank login is explained at the field and nothing is sent', async () => {
    const requests = serve(() => json(202, {}));
    const { user } = await open('/reset-password');
    await user.click(main().getByRole('button', { name: 'Send link' }));
    const field = main().getByLabelText('Username or email');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!)!.textContent).toBe('Enter your username or email');
    expect(document.activeElement).toBe(field);
    expect(posts(requests)).toEqual([]);
  });

  test('offline: the button waits with the offline words and nothing is sent or queued', async () => {
    const requests = serve(() => json(202, {}));
    const { user } = await open('/reset-password');
    setOnline(false);
    await user.type(main().getByLabelText('Username or email'), 'grace');
    const button = main().getByRole('button', { name: 'Send link' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby')!)!.textContent).toBe(OFFLINE_TEXT);
    await user.type(main().getByLabelText('Username or email'), '{enter}');
    expect(posts(requests)).toEqual([]);
  });

  test('online by the browser but no answer: the offline words, and the form stays', async () => {
    serve(() => offline());
    const { user } = await open('/reset-password');
    await user.type(main().getByLabelText('Username or email'), 'grace{enter}');
    expect((await main().findByRole('alert')).textContent).toBe(OFFLINE_TEXT);
    expect(main().getByLabelText('Username or email')).toBeTruthy();
  });
});

describe('/reset-password?token=…: the new password', () => {
  test('200: the reader is signed in (the header shows them), welcomed, and taken home', async () => {
    const grace = aUser();
    const requests = serve((r) => (r.path === '/api/auth/reset-password' ? json(200, grace) : json(404, {})));
    const { user, router } = await open(`/reset-password?token=${TOKEN}`);
    expect(main().getByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    await user.type(main().getByLabelText('New password'), 'N3w-password!');
    await user.click(main().getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(posts(requests)).toEqual([expect.objectContaining({ path: '/api/auth/reset-password', body: { token: TOKEN, password: 'N3w-password!' } })]);
    expect(JSON.parse(localStorage.getItem(USER_STORAGE_KEY)!)).toMatchObject({ id: 7, username: 'grace' });
    expect(await screen.findByRole('button', { name: /Account menu for @grace/ })).toBeTruthy();
    expect(toastText()).toContain('Password changed');
  });

  test('the sign-up rules: a short password is explained at the field and nothing is sent', async () => {
    const requests = serve(() => json(200, aUser()));
    const { user } = await open(`/reset-password?token=${TOKEN}`);
    const field = main().getByLabelText('New password');
    await user.type(field, 'short{enter}');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(main().getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(posts(requests)).toEqual([]);
  });

  test("400: the server's message, with a link to ask for a new one", async () => {
    serve(() => json(400, { message: 'This link has expired. Ask for a new one.' }));
    const { user, router } = await open(`/reset-password?token=${TOKEN}`);
    await user.type(main().getByLabelText('New password'), 'N3w-password!{enter}');
    const alert = await main().findByRole('alert');
    expect(alert.textContent).toContain('This link has expired. Ask for a new one.');
    expect(document.activeElement).toBe(alert);
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    await user.click(within(alert).getByRole('link', { name: 'Ask for a new link' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await main().findByLabelText('Username or email')).toBeTruthy();
  });

  test('a link that cannot be one says so before anything is sent', async () => {
    const requests = serve(() => json(200, aUser()));
    renderApp('/reset-password?token=not%20a%20token');
    expect((await main().findByRole('alert')).textContent).toContain('This link is not valid');
    const user = userEvent.setup();
    await user.type(main().getByLabelText('New password'), 'N3w-password!{enter}');
    expect(posts(requests)).toEqual([]);
  });

  test('offline: Set new password waits with the offline words and nothing is sent', async () => {
    const requests = serve(() => json(200, aUser()));
    const { user } = await open(`/reset-password?token=${TOKEN}`);
    setOnline(false);
    await user.type(main().getByLabelText('New password'), 'N3w-password!{enter}');
    const button = main().getByRole('button', { name: 'Set new password' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(main().getByText(OFFLINE_TEXT)).toBeTruthy();
    await act(async () => {});
    expect(posts(requests)).toEqual([]);
  });
});

describe('Log In: Forgot password?', () => {
  test('the link under the password closes the dialog and opens /reset-password', async () => {
    serve(() => json(202, {}));
    const user = userEvent.setup();
    const { router } = renderApp('/sync');
    act(() => openAuthDialog('login'));
    const tab = await screen.findByRole('tab', { name: 'Log In', hidden: true });
    const panel = within(document.getElementById(tab.getAttribute('aria-controls')!)!);
    const link = panel.getByRole('link', { name: 'Forgot password?', hidden: true });
    expect(link.getAttribute('href')).toBe('/reset-password');
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'));
    expect(await main().findByLabelText('Username or email')).toBeTruthy();
    await waitFor(() => expect([...document.querySelectorAll('dialog')].filter((d) => d.open)).toEqual([]));
  });
});
