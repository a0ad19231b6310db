import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, type MockRequest } from '#pwa/test/fetch';
import { setOnline } from '#pwa/test/online';
import { aUser, renderApp, storeUser } from '#pwa/test/render';
import { USER_STORAGE_KEY } from '#pwa/lib/session';
import { ACCOUNT_OFFLINE, NOTES_STAY } from './account-section';

type Answer = (request: MockRequest) => Response | Error;

const grace = aUser();
const account = () => within(screen.getByRole('region', { name: 'Account' }));
const part = (name: string) => within(account().getByRole('region', { name }));
const toastText = () => screen.queryByTestId('toast')?.textContent ?? '';
/** The message tied to a field (its aria-describedby's last part: the error follows the hint). */
const messageOf = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent;
const accountCalls = (requests: MockRequest[]) => requests.filter((r) => r.method !== 'GET' || r.path.endsWith('/export'));

/** /profile signed in as grace; the account calls answer `answer`. */
async function openAccount(answer: Answer = () => json(204, null)) {
  storeUser(grace);
  const requests = mockFetch((request) => {
    if (request.path === '/api/auth/me' || (request.path === '/api/users/7' && request.method === 'GET')) return json(200, grace);
    return answer(request);
  });
  const user = userEvent.setup();
  const app = renderApp('/profile');
  await screen.findByRole('region', { name: 'Account' });
  return { requests, user, ...app };
}

describe('Account: change password', () => {
  test('sends the current and new password, says so, and empties the fields', async () => {
    const { requests, user } = await openAccount(() => new Response(null, { status: 204 }));
    await user.type(part('Change password').getByLabelText('Current password'), 'Old-passw0rd');
    await user.type(part('Change password').getByLabelText('New password'), 'N3w-passw0rd!');
    await user.click(part('Change password').getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(toastText()).toContain('Password changed'));
    expect(accountCalls(requests)).toEqual([expect.objectContaining({ method: 'PUT', path: '/api/users/7/password', body: { currentPassword: 'Old-passw0rd', newPassword: 'N3w-passw0rd!' } })]);
    expect((part('Change password').getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  test('a wrong current password: the server says so at that field, and it gets the focus', async () => {
    const { user } = await openAccount(() => json(400, { message: 'Current password is incorrect' }));
    const current = part('Change password').getByLabelText('Current password');
    await user.type(current, 'Wrong-passw0rd');
    await user.type(part('Change password').getByLabelText('New password'), 'N3w-passw0rd!{enter}');
    await waitFor(() => expect(messageOf(current)).toBe('Current password is incorrect'));
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(current);
    // Typing again clears the refusal.
    await user.type(current, 'x');
    expect(current.getAttribute('aria-invalid')).toBeNull();
  });

  test("the server's field errors go to their fields", async () => {
    const { user } = await openAccount(() => json(400, { message: 'newPassword: Password cannot be blank', issues: [{ path: ['newPassword'], message: 'Password cannot be blank' }] }));
    await user.type(part('Change password').getByLabelText('Current password'), 'Old-passw0rd');
    await user.type(part('Change password').getByLabelText('New password'), 'N3w-passw0rd!{enter}');
    await waitFor(() => expect(messageOf(part('Change password').getByLabelText('New password'))).toBe('Password cannot be blank'));
    expect(part('Change password').getByLabelText('Current password').getAttribute('aria-invalid')).toBeNull();
  });

  test("the sign-up rules are checked first: a short new password is explained and nothing is sent", async () => {
    const { requests, user } = await openAccount();
    await user.type(part('Change password').getByLabelText('New password'), 'short{enter}');
    expect(messageOf(part('Change password').getByLabelText('Current password'))).toBe('Current password is required');
    expect(messageOf(part('Change password').getByLabelText('New password'))).toBe('Password must be at least 8 characters');
    expect(document.activeElement).toBe(part('Change password').getByLabelText('Current password'));
    expect(accountCalls(requests)).toEqual([]);
  });

  test('403: the server refuses, and its words show on the form', async () => {
    const { user } = await openAccount(() => json(403, { message: 'You are not allowed to do that.' }));
    await user.type(part('Change password').getByLabelText('Current password'), 'Old-passw0rd');
    await user.type(part('Change password').getByLabelText('New password'), 'N3w-passw0rd!{enter}');
    expect((await part('Change password').findByRole('alert')).textContent).toBe('You are not allowed to do that.');
  });

  test('401: the session ended, so the reader is signed out here too and asked to sign in', async () => {
    const { user } = await openAccount(() => json(401, { message: 'Please sign in to continue.' }));
    await user.type(part('Change password').getByLabelText('Current password'), 'Old-passw0rd');
    await user.type(part('Change password').getByLabelText('New password'), 'N3w-passw0rd!{enter}');
    await waitFor(() => expect(toastText()).toContain('Your session has ended. Please sign in again.'));
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(await screen.findByText('Please sign in to view your profile.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Log In', hidden: true }).getAttribute('aria-selected')).toBe('true'));
  });
});

describe('Account: change email', () => {
  test('sends the new email and the password; says a link went to the new address', async () => {
    const { requests, user } = await openAccount(() => json(202, { message: 'Check your new inbox' }));
    await user.type(part('Change email').getByLabelText('New email'), ' ada@example.com ');
    await user.type(part('Change email').getByLabelText('Password'), 'Passw0rd!{enter}');
    const status = await part('Change email').findByRole('status');
    expect(status.textContent).toBe("We've sent a confirmation link to ada@example.com. Your email changes when you open it.");
    expect(accountCalls(requests)).toEqual([expect.objectContaining({ method: 'PUT', path: '/api/users/7/email', body: { email: 'ada@example.com', password: 'Passw0rd!' } })]);
    expect((part('Change email').getByLabelText('New email') as HTMLInputElement).value).toBe('');
  });

  test('a wrong password is said at the password field; an address in use at the email field', async () => {
    let answer = json(400, { message: 'Password is incorrect' });
    const { user } = await openAccount(() => answer);
    const email = part('Change email').getByLabelText('New email');
    const password = part('Change email').getByLabelText('Password');
    await user.type(email, 'ada@example.com');
    await user.type(password, 'Wrong-passw0rd{enter}');
    await waitFor(() => expect(messageOf(password)).toBe('Password is incorrect'));
    expect(document.activeElement).toBe(password);
    answer = json(409, { message: 'That email is already in use', field: 'email' });
    await user.type(password, '!{enter}');
    await waitFor(() => expect(messageOf(email)).toBe('That email is already in use'));
    expect(document.activeElement).toBe(email);
  });

  test('an email that is not one is explained before sending', async () => {
    const { requests, user } = await openAccount();
    await user.type(part('Change email').getByLabelText('New email'), 'ada@');
    await user.type(part('Change email').getByLabelText('Password'), 'Passw0rd!{enter}');
    expect(messageOf(part('Change email').getByLabelText('New email'))).toBe('Please enter a valid email address');
    expect(accountCalls(requests)).toEqual([]);
  });
});

describe('Account: download my data', () => {
  test('fetches the export and saves it as a JSON file; says the notes stay on this device, linking to /notes', async () => {
    const data = { exportedAt: '2026-11-27T00:00:00.000Z', profile: { username: 'grace' }, bookmarks: [], folders: [], progress: [], comments: [], hearts: [], subscription: null, notes: 'On this device' };
    const { requests, user } = await openAccount((r) => (r.path === '/api/users/7/export' ? json(200, data) : json(404, {})));
    const saved: { name: string; type: string; text: Promise<string> }[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      saved.push({ name: '', type: blob.type, text: blob.text() });
      return 'blob:export';
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    expect(part('Download my data').getByText(new RegExp(NOTES_STAY.replace(/[.:]/g, '.')))).toBeTruthy();
    expect(part('Download my data').getByRole('link', { name: /My Notes/ }).getAttribute('href')).toBe('/notes');
    await user.click(part('Download my data').getByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    click.mockRestore();
    expect(clicks[0]).toBe('context-is-key-data.json');
    expect(saved[0]!.type).toBe('application/json');
    expect(JSON.parse(await saved[0]!.text)).toEqual(data);
    expect(accountCalls(requests).map((r) => r.path)).toEqual(['/api/users/7/export']);
  });
});

describe('Account: offline', () => {
  test('every action waits with the offline words, and nothing is sent', async () => {
    const { requests, user } = await openAccount();
    setOnline(false);
    expect(account().getByText(ACCOUNT_OFFLINE)).toBeTruthy();
    for (const [name, button] of [
      ['Change password', 'Change password'],
      ['Change email', 'Change email'],
      ['Download my data', 'Download my data'],
      ['Delete account', 'Delete account'],
    ] as const) {
      const b = part(name).getByRole('button', { name: button }) as HTMLButtonElement;
      expect(b.disabled).toBe(true);
      expect(document.getElementById(b.getAttribute('aria-describedby')!)!.textContent).toBe(ACCOUNT_OFFLINE);
    }
    await user.type(part('Change password').getByLabelText('Current password'), 'Old-passw0rd');
    await user.type(part('Change password').getByLabelText('New password'), 'N3w-passw0rd!{enter}');
    await act(async () => {});
    expect(accountCalls(requests)).toEqual([]);
  });
});
