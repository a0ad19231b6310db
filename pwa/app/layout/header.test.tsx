import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER_STORAGE_KEY } from '#pwa/lib/session';
import { json, mockFetch, offline } from '#pwa/test/fetch';
import { aUser, renderApp, storeUser } from '#pwa/test/render';

const banner = () => screen.getByRole('banner');

/** The app at `path` with a signed-in user (or none), the auth dialog closed. */
async function open(path: string, signedIn: boolean, answer: Parameters<typeof mockFetch>[0] = () => json(200, aUser())) {
  if (signedIn) storeUser(aUser());
  const requests = mockFetch(answer);
  const user = userEvent.setup();
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  const dialog = screen.getAllByRole('dialog', { hidden: true }).find((d) => d.textContent?.includes('Welcome to context is key')) as HTMLDialogElement;
  if (dialog.open) act(() => dialog.close());
  return { ...app, requests, user };
}

describe('header search', () => {
  test('goes to /search?q={text}, trimmed', async () => {
    const { router, user } = await open('/', false);
    const search = within(banner()).getByRole('searchbox', { name: 'Search' });
    await user.type(search, '  divine hiddenness {enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?q=divine%20hiddenness');
    // The search page reads its query from the URL. Its code is a lazy chunk: until it is in, main
    // still shows home's search box (empty, same name), so the box is looked up afresh each time.
    const pageBox = () => within(screen.getByRole('main')).getByRole('searchbox', { name: 'Search videos, articles, and topics' }) as HTMLInputElement;
    await waitFor(() => expect(pageBox().value).toBe('divine hiddenness'), { timeout: 5000 });
  }, 10_000);

  test('ignores a blank query', async () => {
    const { router, user } = await open('/blog', false);
    await user.type(within(banner()).getByRole('searchbox', { name: 'Search' }), '    {enter}');
    expect(router.state.location.pathname).toBe('/blog');
  });
});

describe('header navigation', () => {
  test('marks the current page', async () => {
    await open('/blog', false);
    const nav = within(banner()).getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Blog' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Home', 'Videos', 'Blog', 'Bookmarks', 'Live Q&A']);
  });

  test('signed out: the Sign in button opens the auth dialog on Log In', async () => {
    const { user } = await open('/', false);
    await user.click(within(banner()).getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('tab', { name: 'Log In', hidden: true }).getAttribute('aria-selected')).toBe('true');
  });

  test('while the next page loads, a bar runs along its top', async () => {
    // The page's code is not loaded yet when this test runs (the file's tests run in order, and the
    // earlier ones do not go there): the navigation waits for it.
    const { router, user } = await open('/', false);
    const bar = () => banner().querySelector('.animate-pulse');
    expect(bar()).toBeNull();
    const nav = within(banner()).getAllByRole('navigation', { name: 'Main' })[0]!;
    await user.click(within(nav).getByRole('link', { name: 'Live Q&A' }));
    expect(router.state.navigation.state).toBe('loading');
    expect(bar()).not.toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/live-qa'));
    await waitFor(() => expect(bar()).toBeNull());
  });
});

describe("'Saved for offline' (saving is per device)", () => {
  test('signed out, it is in the header and in the mobile menu', async () => {
    const { user } = await open('/', false);
    expect(within(banner()).getByRole('link', { name: 'Saved for offline' }).getAttribute('href')).toBe('/saved');
    await user.click(within(banner()).getByRole('button', { name: 'Open menu' }));
    const sheet = screen.getAllByRole('dialog').find((d) => d.textContent?.includes('Menu'))!;
    expect(within(sheet).getByRole('link', { name: 'Saved for offline' }).getAttribute('href')).toBe('/saved');
  });
});

describe('avatar menu', () => {
  test('shows @username with Profile, Bookmarks and Log out', async () => {
    const { user } = await open('/', true);
    const button = await within(banner()).findByRole('button', { name: 'Account menu for @grace, GH' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(menu.textContent).toContain('@grace');
    expect(within(menu).getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
    expect(within(menu).getByRole('link', { name: 'Bookmarks' }).getAttribute('href')).toBe('/bookmarks');
    expect(within(menu).getByRole('link', { name: 'Saved for offline' }).getAttribute('href')).toBe('/saved');
    // The reading settings' controls are a lazy part of the menu.
    expect(await within(menu).findByRole('group', { name: 'Theme' })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  test("Log out: POST /api/auth/logout, signed out, 'Logged out'", async () => {
    const { user, requests } = await open('/', true, (r) => (r.path === '/api/auth/logout' ? json(200, { message: 'ok' }) : json(200, aUser())));
    await user.click(await within(banner()).findByRole('button', { name: 'Account menu for @grace, GH' }));
    await user.click(within(banner()).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(within(banner()).getByRole('button', { name: 'Sign in' })).toBeTruthy());
    // Only the session's calls: the page under the header makes its own reads.
    const auth = requests.filter((r) => r.path.startsWith('/api/auth/'));
    expect(auth.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/auth/me', 'POST /api/auth/logout']);
    expect(auth[1]!.headers.get('Content-Type')).toBe('application/json');
    expect(screen.getByTestId('toast').textContent).toContain("Logged outYou've been successfully logged out.");
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  test("Log out that fails: 'Error' toast and still signed in", async () => {
    const { user } = await open('/', true, (r) => (r.path === '/api/auth/logout' ? offline() : json(200, aUser())));
    await user.click(await within(banner()).findByRole('button', { name: 'Account menu for @grace, GH' }));
    await user.click(within(banner()).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Failed to log out. Please try again.'));
    expect(within(banner()).getByRole('button', { name: 'Account menu for @grace, GH' })).toBeTruthy();
    expect(localStorage.getItem(USER_STORAGE_KEY)).not.toBeNull();
  });
});

describe('routes', () => {
  test.each([
    ['/', 'context is key'],
    ['/videos', 'Video Library'],
    ['/blog', 'Knowledge Blog'],
    ['/blog-admin', 'Blog Management'],
    ['/live-qa', 'Live Q&A'],
    ['/no-such-page', '404 Page Not Found'],
  ])('%s shows its heading', async (path, heading) => {
    await open(path, false);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(heading);
  });

  test('the not-found page asks about the router', async () => {
    await open('/no-such-page', false);
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeTruthy();
  });

  test.each([
    ['/bookmarks', 'Please sign in to view your bookmarks.'],
    ['/profile', 'Please sign in to view your profile.'],
  ])('%s signed out says to sign in', async (path, text) => {
    await open(path, false);
    expect(await screen.findByText(text)).toBeTruthy();
  });

  test('the footer has the quick links and the 2025 copyright', async () => {
    await open('/', false);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getAllByRole('link').map((a) => a.textContent)).toEqual(expect.arrayContaining(['Home', 'Videos', 'Blog']));
    expect(footer.textContent).toContain('© 2025 context is key. All rights reserved.');
  });
});
