import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '#contract/users';
import { json, mockFetch, offline, type MockRequest } from '#pwa/test/fetch';
import { setOnline } from '#pwa/test/online';
import { aUser, renderApp, storeUser } from '#pwa/test/render';
import { renderAppWithSaved } from '#pwa/test/render-saved';
import { profileKeys } from '../api/profile';
import { toUpdateProfileInput } from '../api/update-profile';

type Answer = (request: MockRequest) => Response | Promise<Response>;

/** The server side of these tests: GET /api/auth/me and /api/users/7, PUT …/profile answering `onPut`. */
function serve(initial: User, onPut?: Answer) {
  let stored = initial;
  const put: Answer = onPut ?? ((r) => json(200, { ...stored, ...(r.body as object) }));
  const requests = mockFetch(async (request) => {
    if (request.path === '/api/auth/me') return json(200, stored);
    if (request.path === `/api/users/${stored.id}` && request.method === 'GET') return json(200, stored);
    if (request.path === `/api/users/${stored.id}/profile` && request.method === 'PUT') {
      const answer = await put(request);
      if (answer.ok) stored = (await answer.clone().json()) as User;
      return answer;
    }
    return json(404, { message: 'Not found' });
  });
  return { requests, stored: () => stored };
}

const main = () => within(screen.getByRole('main'));
const field = (label: string) => main().getByLabelText(label) as HTMLInputElement;
/** Edit Profile, then the form (its code loads when the reader edits). */
async function openEditor(): Promise<void> {
  await userEvent.click(main().getByRole('button', { name: 'Edit Profile' }));
  await main().findByRole('button', { name: 'Save Changes' });
}
const toastText = () => screen.queryByTestId('toast')?.textContent ?? '';

async function openProfile(user: User, where: 'local' | 'session' = 'local', onPut?: Answer) {
  storeUser(user, where);
  const server = serve(user, onPut);
  renderApp('/profile');
  await main().findByRole('heading', { level: 2, name: user.name });
  return server;
}

describe('profile', () => {
  test('signed out: asks to sign in and loads nothing', async () => {
    const requests = mockFetch(() => json(500, {}));
    renderApp('/profile');
    expect(await main().findByText('Please sign in to view your profile.')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  test('says "Loading profile..." until the profile arrives', async () => {
    storeUser(aUser());
    // The profile requests wait until released (the text may show before the first is sent); later ones are answered at once.
    const waiting: (() => void)[] = [];
    let released = false;
    mockFetch((request) => {
      if (request.path === '/api/users/7' && !released) return new Promise<Response>((resolve) => waiting.push(() => resolve(json(200, aUser()))));
      return json(200, aUser());
    });
    renderApp('/profile');
    expect(await main().findByText('Loading profile...')).toBeTruthy();
    released = true;
    for (const release of waiting) release();
    await main().findByRole('heading', { level: 2, name: 'Grace Hopper' });
  });

  test('an empty profile: name, email, initials, the empty message, and Add Information opens the form', async () => {
    await openProfile(aUser());
    expect(main().getByText('@grace')).toBeTruthy();
    expect(main().getByText('grace@example.com')).toBeTruthy();
    expect(main().getByText('GH')).toBeTruthy();
    expect(main().getByText('Your profile is empty. Add some information about yourself!')).toBeTruthy();
    await userEvent.click(main().getByRole('button', { name: 'Add Information' }));
    await main().findByRole('button', { name: 'Save Changes' });
    for (const label of ['Bio', 'Website', 'X (Twitter)', 'Instagram']) expect(field(label).value).toBe('');
    expect(main().getByRole('button', { name: 'Save Changes' })).toBeTruthy();
    expect(main().getByRole('button', { name: 'Upload Avatar' })).toBeTruthy();
  });

  test('view mode: bio, website, and X and Instagram handles linked to their networks; legacy twitter reads as X', async () => {
    await openProfile(
      aUser({ avatarUrl: '/objects/abc', bio: 'Teacher of\nmathematics.', website: 'https://grace.example.com', socialLinks: JSON.stringify({ twitter: '@amazing_grace', instagram: 'https://instagram.com/grace.h' }) }),
    );
    expect(main().getByText(/Teacher of/).textContent).toBe('Teacher of\nmathematics.');
    const website = main().getByRole('link', { name: 'grace.example.com' });
    expect(website.getAttribute('href')).toBe('https://grace.example.com/');
    const x = main().getByRole('link', { name: '@amazing_grace' });
    expect(x.getAttribute('href')).toBe('https://x.com/amazing_grace');
    const instagram = main().getByRole('link', { name: '@grace.h' });
    expect(instagram.getAttribute('href')).toBe('https://instagram.com/grace.h');
    for (const link of [website, x, instagram]) expect(link.getAttribute('rel')).toBe('noopener noreferrer me');
    expect(main().queryByText(/Your profile is empty/)).toBeNull();
    expect(screen.getByRole('main').querySelector('img')?.getAttribute('src')).toBe('/objects/abc');

    await openEditor();
    expect(field('X (Twitter)').value).toBe('@amazing_grace');
    expect(field('Instagram').value).toBe('https://instagram.com/grace.h');
  });

  test('a link that is not a handle or an http(s) address is shown as text, never linked', async () => {
    await openProfile(aUser({ socialLinks: JSON.stringify({ x: 'javascript:alert(1)' }) }));
    expect(main().getByText('javascript:alert(1)')).toBeTruthy();
    // The account's own link (to /notes) aside.
    expect(main().queryAllByRole('link').filter((link) => !link.closest('section[aria-labelledby="account-heading"]'))).toHaveLength(0);
  });

  test('Cancel throws the edits away and the form starts again from the stored profile', async () => {
    const { requests } = await openProfile(aUser({ bio: 'Stored bio', socialLinks: JSON.stringify({ x: 'grace' }) }));
    await openEditor();
    await userEvent.clear(field('Bio'));
    await userEvent.type(field('Bio'), 'Changed my mind');
    await userEvent.type(field('Instagram'), 'someone');
    await userEvent.click(main().getByRole('button', { name: 'Cancel' }));
    expect(main().getByText('Stored bio')).toBeTruthy();
    expect(main().queryByText('Changed my mind')).toBeNull();
    await openEditor();
    expect(field('Bio').value).toBe('Stored bio');
    expect(field('X (Twitter)').value).toBe('grace');
    expect(field('Instagram').value).toBe('');
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  test('Save Changes sends bio, website and socialLinks as JSON with empty links left out, then shows the saved profile', async () => {
    const { requests } = await openProfile(aUser(), 'session');
    await userEvent.click(main().getByRole('button', { name: 'Add Information' }));
    await userEvent.type(field('Bio'), '  I write compilers.  ');
    await userEvent.type(field('Website'), 'https://grace.example.com');
    await userEvent.type(field('X (Twitter)'), '@grace');
    await userEvent.click(main().getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toastText()).toContain('Profile updated'));
    expect(toastText()).toContain('Your profile has been updated successfully.');
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe('/api/users/7/profile');
    expect(put.body).toEqual({ bio: 'I write compilers.', website: 'https://grace.example.com', socialLinks: '{"x":"@grace"}' });
    expect(main().getByText('I write compilers.')).toBeTruthy();
    expect(main().getByRole('link', { name: '@grace' }).getAttribute('href')).toBe('https://x.com/grace');
    expect(main().queryByRole('button', { name: 'Save Changes' })).toBeNull();
    // The signed-in copy is updated where it was kept: a browser-session sign-in stays one.
    expect(JSON.parse(sessionStorage.getItem('user') ?? '{}').bio).toBe('I write compilers.');
    expect(localStorage.getItem('user')).toBeNull();
  });

  test('clearing everything sends empty bio and website and no socialLinks', async () => {
    const { requests } = await openProfile(aUser({ bio: 'Old', website: 'https://old.example.com', socialLinks: '{"x":"old"}' }));
    await openEditor();
    for (const label of ['Bio', 'Website', 'X (Twitter)']) await userEvent.clear(field(label));
    await userEvent.click(main().getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({ bio: '', website: '' });
  });

  test('a website without http(s) is explained under the field and nothing is sent', async () => {
    const { requests } = await openProfile(aUser());
    await userEvent.click(main().getByRole('button', { name: 'Add Information' }));
    await userEvent.type(field('Website'), 'grace.example.com');
    await userEvent.click(main().getByRole('button', { name: 'Save Changes' }));
    expect(main().getByText('Website must be a web address starting with http:// or https://')).toBeTruthy();
    expect(field('Website').getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  test('a social link with another scheme is explained under its field with the API\'s message and nothing is sent', async () => {
    const { requests } = await openProfile(aUser());
    await userEvent.click(main().getByRole('button', { name: 'Add Information' }));
    await userEvent.type(field('Instagram'), 'vbscript:msgbox(1)');
    await userEvent.click(main().getByRole('button', { name: 'Save Changes' }));
    expect(main().getByText('Social links must be a handle or an http(s) address')).toBeTruthy();
    expect(field('Instagram').getAttribute('aria-invalid')).toBe('true');
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  test("the server's 400 shows under its field, with the failure toast; the form stays open", async () => {
    await openProfile(aUser(), 'local', () =>
      json(400, { message: 'website: Website must be a web address starting with http:// or https://', issues: [{ path: ['website'], message: 'Website must be a web address starting with http:// or https://' }] }),
    );
    await userEvent.click(main().getByRole('button', { name: 'Add Information' }));
    await userEvent.type(field('Website'), 'https://x.y');
    await userEvent.click(main().getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(toastText()).toContain('Failed to update profile. Please try again.'));
    expect(toastText()).toContain('Error');
    expect(main().getByText('Website must be a web address starting with http:// or https://')).toBeTruthy();
    expect(field('Website').value).toBe('https://x.y');
  });
});

describe('toUpdateProfileInput', () => {
  test('socialLinks is JSON of the non-empty links, omitted when both are empty; bio and website always sent', () => {
    expect(toUpdateProfileInput({ bio: ' a ', website: '', x: ' @x ', instagram: 'insta' })).toEqual({ bio: 'a', website: '', socialLinks: '{"x":"@x","instagram":"insta"}' });
    expect(toUpdateProfileInput({ bio: '', website: '', x: '', instagram: 'insta' })).toEqual({ bio: '', website: '', socialLinks: '{"instagram":"insta"}' });
    expect(toUpdateProfileInput({ bio: '', website: '', x: '  ', instagram: '' })).toEqual({ bio: '', website: '' });
  });
});

describe('profile offline', () => {
  const DAY = 24 * 60 * 60 * 1000;

  test('the profile saved here shows with its age; editing works but Save Changes and Upload Avatar wait for the connection', async () => {
    const user = aUser({ bio: 'Saved bio.' });
    storeUser(user);
    const requests = mockFetch(() => offline());
    setOnline(false);
    renderAppWithSaved('/profile', (queryClient) => queryClient.setQueryData(profileKeys.detail(7), user, { updatedAt: Date.now() - DAY }));
    await main().findByRole('heading', { level: 2, name: user.name });
    expect(main().getByText('Saved bio.')).toBeTruthy();
    expect(main().getByTestId('saved-age').textContent).toBe('Offline · saved 1 day ago');

    await openEditor();
    await userEvent.type(field('Website'), 'https://example.com');
    expect((main().getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement).disabled).toBe(true);
    expect((main().getByRole('button', { name: 'Upload Avatar' }) as HTMLButtonElement).disabled).toBe(true);
    expect(main().getByText("You're offline. Connect to save your changes or upload an avatar.").closest('[role="status"]')).toBeTruthy();
    expect(requests.filter((r) => r.path.startsWith('/api/users'))).toEqual([]);

    setOnline(true);
    await waitFor(() => expect((main().getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement).disabled).toBe(false));
    expect((main().getByRole('button', { name: 'Upload Avatar' }) as HTMLButtonElement).disabled).toBe(false);
    expect(main().queryByText("You're offline. Connect to save your changes or upload an avatar.")).toBeNull();
    expect(field('Website').value).toBe('https://example.com');
  });

  test('a profile never fetched on this device needs a connection, not "Failed to load your profile."', async () => {
    storeUser(aUser());
    mockFetch(() => offline());
    setOnline(false);
    renderApp('/profile');
    expect(await main().findByText("You're offline. This page needs a connection the first time you open it.")).toBeTruthy();
    expect(main().queryByText('Failed to load your profile.')).toBeNull();
    expect(main().getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
