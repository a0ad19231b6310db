import type { Locator, Page } from 'playwright-core';

/** The auth dialog (a native modal <dialog>). */
export const authDialog = (page: Page): Locator => page.getByRole('dialog', { name: 'Welcome to context is key' });

/** The one toast on screen. */
export const toast = (page: Page): Locator => page.getByTestId('toast');

/** A unique, valid username (3-20 letters, digits, underscores). */
let counter = 0;
export function uniqueUsername(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}${counter}`.slice(0, 20);
}

export const PASSWORD = 'Password1!';

/** Signs `username` up in the auth dialog (already open, as it is for a signed-out visitor) and waits for it to close. */
export async function signUpThroughDialog(page: Page, username: string): Promise<void> {
  const dialog = authDialog(page);
  await dialog.waitFor();
  await dialog.getByRole('tab', { name: 'Sign Up' }).click();
  const form = dialog.getByRole('tabpanel', { name: 'Sign Up' });
  await form.getByLabel('Username', { exact: true }).fill(username);
  await form.getByLabel('Email', { exact: true }).fill(`${username}@example.com`);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Create Account' }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * Waits until the app has the page: rendered in the browser, or the server's markup hydrated (the
 * server sends the header and content before any script runs, and a click then does nothing).
 */
export async function appReady(page: Page): Promise<void> {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

/** Opens `path` and waits for the app to start. */
export async function visit(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await appReady(page);
}

/** Opens `path` as a signed-out visitor and closes the auth dialog that opens by itself. */
export async function visitAndDismissAuth(page: Page, path: string): Promise<void> {
  await visit(page, path);
  await authDialog(page).waitFor();
  await page.keyboard.press('Escape');
  await authDialog(page).waitFor({ state: 'hidden' });
}

/** Waits for a toast whose text contains `text` and returns its whole text. */
export async function toastText(page: Page, text: string): Promise<string> {
  const found = toast(page).filter({ hasText: text });
  await found.waitFor();
  return (await found.textContent()) ?? '';
}

export async function storedUser(page: Page): Promise<{ local: string | null; session: string | null }> {
  return page.evaluate(() => ({ local: localStorage.getItem('user'), session: sessionStorage.getItem('user') }));
}
