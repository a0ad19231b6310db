import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { MOBILE, screenshot, useBrowser } from './support/browser';
import { authDialog, PASSWORD, storedUser, toast, toastText, uniqueUsername, visit, visitAndDismissAuth } from './support/app';

const browser = useBrowser(() => inject('baseURL'));

const tab = (page: Page, name: 'Sign Up' | 'Log In') => authDialog(page).getByRole('tab', { name });
const panel = (page: Page, name: 'Sign Up' | 'Log In') => authDialog(page).getByRole('tabpanel', { name });
const field = (page: Page, form: 'Sign Up' | 'Log In', label: string) => panel(page, form).getByLabel(label, { exact: true });
const avatarButton = (page: Page, username: string) => page.getByRole('banner').getByRole('button', { name: `Account menu for @${username}` });

async function signUpThroughDialog(page: Page, username: string): Promise<void> {
  await authDialog(page).waitFor();
  await tab(page, 'Sign Up').click();
  await field(page, 'Sign Up', 'Username').fill(username);
  await field(page, 'Sign Up', 'Email').fill(`${username}@example.com`);
  await field(page, 'Sign Up', 'Password').fill(PASSWORD);
  await panel(page, 'Sign Up').getByRole('button', { name: 'Create Account' }).click();
}

async function logInThroughDialog(page: Page, username: string, password: string, remember = true): Promise<void> {
  await authDialog(page).waitFor();
  await tab(page, 'Log In').click();
  await field(page, 'Log In', 'Username').fill(username);
  await field(page, 'Log In', 'Password').fill(password);
  const box = field(page, 'Log In', 'Remember me on this device');
  if ((await box.isChecked()) !== remember) await box.click();
  await panel(page, 'Log In').getByRole('button', { name: 'Log In' }).click();
}

async function logOut(page: Page, username: string): Promise<void> {
  await avatarButton(page, username).click();
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  expect(await toastText(page, 'Logged out')).toContain("You've been successfully logged out.");
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).waitFor();
}

describe('the auth dialog', () => {
  test('opens by itself for a new visitor, on Sign Up, remembering by default', async () => {
    const page = await browser.newPage();
    await visit(page, '/');
    await authDialog(page).waitFor();
    expect(await tab(page, 'Sign Up').getAttribute('aria-selected')).toBe('true');
    expect(await field(page, 'Sign Up', 'Remember me on this device').isChecked()).toBe(true);
    await tab(page, 'Log In').click();
    expect(await field(page, 'Log In', 'Remember me on this device').isChecked()).toBe(true);
    await screenshot(page, 'auth-dialog-login');
    await tab(page, 'Sign Up').click();
    await screenshot(page, 'auth-dialog');
    await page.close();
  });

  test('Escape closes it and it stays closed; the Sign in button and the openAuthDialog event reopen it', async () => {
    const page = await browser.newPage();
    await visitAndDismissAuth(page, '/blog');
    await page.waitForTimeout(300);
    expect(await authDialog(page).isVisible()).toBe(false);
    const signIn = page.getByRole('banner').getByRole('button', { name: 'Sign in' });
    await signIn.click();
    await authDialog(page).waitFor();
    expect(await tab(page, 'Log In').getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Escape');
    await authDialog(page).waitFor({ state: 'hidden' });
    expect(await signIn.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.evaluate(() => window.dispatchEvent(new Event('openAuthDialog')));
    await authDialog(page).waitFor();
    await page.close();
  });

  test('keeps keyboard focus inside while open', async () => {
    const page = await browser.newPage();
    await visit(page, '/');
    await authDialog(page).waitFor();
    for (let i = 0; i < 15; i += 1) {
      await page.keyboard.press('Tab');
      const inside = await page.evaluate(() => !!document.activeElement?.closest('dialog[open]') || document.activeElement === document.body);
      expect(inside).toBe(true);
    }
    await page.close();
  });
});

describe('bad inputs, as a user types them', () => {
  test("Sign Up: blank fields, a short username, a bad email, a short password", async () => {
    const page = await browser.newPage();
    await visit(page, '/');
    await authDialog(page).waitFor();
    const create = panel(page, 'Sign Up').getByRole('button', { name: 'Create Account' });

    await create.click();
    expect(await toastText(page, 'All Fields Required')).toContain('Please fill in all fields to create your account.');
    expect(await authDialog(page).isVisible()).toBe(true);

    await field(page, 'Sign Up', 'Username').pressSequentially('ab');
    await field(page, 'Sign Up', 'Email').click();
    await panel(page, 'Sign Up').getByText('Username must be 3-20 characters').waitFor();
    await field(page, 'Sign Up', 'Username').press('End');
    await field(page, 'Sign Up', 'Username').pressSequentially('c!');
    await panel(page, 'Sign Up').getByText('Username may contain only letters, numbers and underscores').waitFor();
    await field(page, 'Sign Up', 'Username').press('Backspace');
    await panel(page, 'Sign Up').getByText('Username may contain only letters, numbers and underscores').waitFor({ state: 'detached' });

    await field(page, 'Sign Up', 'Email').pressSequentially('abc@');
    await field(page, 'Sign Up', 'Password').click();
    await panel(page, 'Sign Up').getByText('Please enter a valid email address').waitFor();

    await field(page, 'Sign Up', 'Password').pressSequentially('Short1!');
    await create.click();
    await panel(page, 'Sign Up').getByText('Password must be at least 8 characters').waitFor();
    await panel(page, 'Sign Up').getByText('Please enter a valid email address').waitFor();
    expect(await field(page, 'Sign Up', 'Email').evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, 'auth-dialog-errors');
    await page.close();
  });

  test("Log In: blank fields, then a wrong password", async () => {
    const page = await browser.newPage();
    await visit(page, '/');
    await authDialog(page).waitFor();
    await tab(page, 'Log In').click();
    await panel(page, 'Log In').getByRole('button', { name: 'Log In' }).click();
    expect(await toastText(page, 'All Fields Required')).toContain('Please enter your username and password.');
    await logInThroughDialog(page, 'nobody_here', 'wrong-password');
    expect(await toastText(page, 'Login Failed')).toContain('Invalid username or password.');
    expect(await authDialog(page).isVisible()).toBe(true);
    await page.close();
  });
});

describe('signing up, out and in', () => {
  const username = uniqueUsername();

  test('sign up: Welcome toast, the dialog closes, @username in the avatar menu, remembered', async () => {
    const page = await browser.newPage();
    await visit(page, '/');
    await signUpThroughDialog(page, username);
    expect(await toastText(page, 'Welcome!')).toContain(`Account created successfully! Welcome, @${username}`);
    await authDialog(page).waitFor({ state: 'hidden' });
    await avatarButton(page, username).click();
    const menu = page.locator(`[id="${await avatarButton(page, username).getAttribute('aria-controls')}"]`);
    await menu.getByText(`@${username}`).waitFor();
    await menu.getByRole('link', { name: 'Profile' }).waitFor();
    await menu.getByRole('link', { name: 'Bookmarks' }).waitFor();
    await menu.getByRole('button', { name: 'Log out' }).waitFor();
    const stored = await storedUser(page);
    expect(stored.session).toBeNull();
    expect(JSON.parse(stored.local!)).toMatchObject({ username });
    await screenshot(page, 'signed-in-menu');
    await page.close();
  });

  test('a signed-in user keeps the session on reload, and the dialog does not open', async () => {
    const page = await browser.newPage();
    await visit(page, '/profile');
    await avatarButton(page, username).waitFor();
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    await page.waitForTimeout(300);
    expect(await authDialog(page).isVisible()).toBe(false);
    await page.close();
  });

  test('the same username cannot sign up twice: Signup Failed with the server message', async () => {
    const other = await browser.newContext();
    const page = await other.newPage();
    await visit(page, '/');
    await signUpThroughDialog(page, username);
    expect(await toastText(page, 'Signup Failed')).toContain('That username is already taken.');
    await other.close();
  });

  test('log out: Logged out, and the user is gone from both storages', async () => {
    const page = await browser.newPage();
    await visit(page, '/');
    await logOut(page, username);
    expect(await storedUser(page)).toEqual({ local: null, session: null });
    await page.close();
  });

  test('log in without remember me: the user is in sessionStorage, not localStorage', async () => {
    const page = await browser.newPage();
    await visit(page, '/');
    await logInThroughDialog(page, username, PASSWORD, false);
    expect(await toastText(page, 'Welcome back!')).toContain(`Successfully logged in as @${username}`);
    await avatarButton(page, username).waitFor();
    const stored = await storedUser(page);
    expect(stored.local).toBeNull();
    expect(JSON.parse(stored.session!)).toMatchObject({ username });
    // The browser-session cookie has no expiry.
    const cookies = await browser.context().cookies();
    expect(cookies.filter((c) => c.httpOnly).every((c) => c.expires === -1)).toBe(true);
    await page.reload();
    await avatarButton(page, username).waitFor();
    await logOut(page, username);
    await page.close();
  });

  test('log in with remember me: the user is in localStorage, not sessionStorage', async () => {
    const page = await browser.newPage(MOBILE);
    await visit(page, '/');
    await logInThroughDialog(page, username, PASSWORD, true);
    expect(await toastText(page, 'Welcome back!')).toContain(`@${username}`);
    const stored = await storedUser(page);
    expect(stored.session).toBeNull();
    expect(JSON.parse(stored.local!)).toMatchObject({ username });
    await page.close();
  });

  test('a saved user whose server session has ended is signed out and told so', async () => {
    const page = await browser.newPage();
    await browser.context().clearCookies();
    await visit(page, '/');
    expect(await toastText(page, 'Session ended')).toContain('Your session has ended. Please sign in again.');
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).waitFor();
    await authDialog(page).waitFor();
    expect(await tab(page, 'Log In').getAttribute('aria-selected')).toBe('true');
    expect(await storedUser(page)).toEqual({ local: null, session: null });
    expect(await toast(page).isVisible()).toBe(true);
    await page.close();
  });

  test('a session that ends while the app is open (signed out elsewhere): the next call signs the reader out, says so, and Log In brings them back', async () => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const username = uniqueUsername('ended');
      await visit(page, '/');
      await signUpThroughDialog(page, username);
      await avatarButton(page, username).waitFor();
      // The server no longer knows this browser's session.
      await context.clearCookies();
      // Their bookmarks, a private read: the server answers 401.
      await page.getByRole('banner').getByRole('navigation').getByRole('link', { name: 'Bookmarks' }).click();
      expect(await toastText(page, 'Session ended')).toContain('Your session has ended. Please sign in again.');
      await authDialog(page).waitFor();
      expect(await tab(page, 'Log In').getAttribute('aria-selected')).toBe('true');
      await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).waitFor();
      expect(await storedUser(page)).toEqual({ local: null, session: null });
      await screenshot(page, 'session-ended-mid-visit', ['mobile']);

      await logInThroughDialog(page, username, PASSWORD);
      await authDialog(page).waitFor({ state: 'hidden' });
      await page.getByRole('main').getByText('No Bookmarks Yet').waitFor();
      expect(JSON.parse((await storedUser(page)).local!)).toMatchObject({ username });
    } finally {
      await context.close();
    }
  });
});
