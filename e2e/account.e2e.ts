// The reader's account in Chromium (docs/product.md#the-readers-account), against the file's own
// server sending real mail to a loopback SMTP server (tests/support/smtp-sink.ts), read back with
// mailparser and followed as a reader would: a forgotten password reset from the mailed link (and
// the old device signed out), a change of email confirmed from the new address, the data
// downloaded, and the account deleted.
import fs from 'node:fs';
import type { ParsedMail } from 'mailparser';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { FORGOT_PASSWORD_MESSAGE } from '#contract/account';
import { startSmtp, type Smtp } from '#tests/support/smtp-sink';
import { authDialog, PASSWORD, signUpThroughDialog, toastText, uniqueUsername, visit } from '#e2e/support/app';
import { DESKTOP, MOBILE, useBrowser } from '#e2e/support/browser';
import { startOwnServer, type OwnServer } from '#e2e/support/own-server';

let smtp: Smtp | undefined;
let server: OwnServer | undefined;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startOwnServer({ SMTP_URL: smtp.url, MAIL_RATE_PER_SECOND: '1000' });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});
const baseURL = () => {
  if (!server) throw new Error('the server is not started');
  return server.url;
};

const browser = useBrowser(baseURL);

/** Where the screenshots go, to be looked at. */
const SHOTS = '/tmp';
const NEW_PASSWORD = 'N3w-Password!';

const main = (page: Page) => page.getByRole('main');
const account = (page: Page) => main(page).getByRole('region', { name: 'Account', exact: true });
const part = (page: Page, name: string): Locator => account(page).getByRole('region', { name, exact: true });
const addressOf = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address?.toLowerCase() : undefined);
const mailTo = (address: string) => smtp!.received.filter((m) => addressOf(m) === address.toLowerCase());

/** Waits until `address` has a message about `subject`; returns the newest. */
async function mailFor(address: string, subject: string): Promise<ParsedMail> {
  await expect.poll(() => mailTo(address).filter((m) => m.subject === subject).length, { timeout: 15_000, interval: 50 }).toBeGreaterThan(0);
  return mailTo(address).filter((m) => m.subject === subject).at(-1)!;
}

/** The absolute link to `pagePath` (with its token) in the mail's text part. */
function linkIn(mail: ParsedMail, pagePath: string): string {
  const match = new RegExp(`https?://[^\\s)>]+${pagePath.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9_-]+`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${pagePath} link in: ${mail.text}`);
  return match[0];
}

/** A browser of its own (cookies, storage), as another device. */
async function device(viewport: { width: number; height: number } = DESKTOP): Promise<BrowserContext> {
  const context = await browser.browser().newContext({ baseURL: baseURL(), viewport, acceptDownloads: true });
  context.setDefaultTimeout(10_000);
  context.on('page', (page) => page.on('pageerror', (error) => console.error(`${page.url()}: ${error.message}`)));
  return context;
}

/** A new reader signed up on a device of their own; its page is on /. */
async function signedUp(prefix: string): Promise<{ username: string; email: string; context: BrowserContext; page: Page }> {
  const username = uniqueUsername(prefix);
  const context = await device();
  const page = await context.newPage();
  await visit(page, '/');
  await signUpThroughDialog(page, username);
  return { username, email: `${username}@example.com`, context, page };
}

/** Saves /tmp/{name}-mobile.png and -desktop.png of the page (the whole page, or `target`). */
async function shoot(page: Page, name: string, target?: Locator): Promise<void> {
  const size = page.viewportSize();
  for (const [label, viewport] of [['mobile', MOBILE], ['desktop', DESKTOP]] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(300);
    const file = `${SHOTS}/account-${name}-${label}.png`;
    if (target) await target.screenshot({ path: file });
    else await page.screenshot({ path: file, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

async function signInThroughDialog(page: Page, username: string, password: string): Promise<void> {
  const dialog = authDialog(page);
  await dialog.waitFor();
  await dialog.getByRole('tab', { name: 'Log In' }).click();
  const form = dialog.getByRole('tabpanel', { name: 'Log In' });
  await form.getByLabel('Username', { exact: true }).fill(username);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Log In' }).click();
}

describe("the reader's account", () => {
  test('a forgotten password: the mailed link sets a new one and signs in; the old device is signed out', async () => {
    const reader = await signedUp('forgot');
    // Another device, signed out: from the Log In tab to the page for a forgotten password.
    const other = await device(MOBILE);
    const page = await other.newPage();
    await visit(page, '/');
    const dialog = authDialog(page);
    await dialog.waitFor();
    await dialog.getByRole('tab', { name: 'Log In' }).click();
    await dialog.getByRole('link', { name: 'Forgot password?' }).waitFor();
    await dialog.locator('.modal-box').screenshot({ path: `${SHOTS}/account-log-in-mobile.png` });
    await dialog.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL('**/reset-password');
    await main(page).getByLabel('Username or email').fill(reader.email.toUpperCase());
    await shoot(page, 'reset-request');
    await main(page).getByRole('button', { name: 'Send link' }).click();
    await main(page).getByText(FORGOT_PASSWORD_MESSAGE).waitFor();
    await page.screenshot({ path: `${SHOTS}/account-reset-sent-mobile.png` });

    const link = linkIn(await mailFor(reader.email, 'Reset your password'), '/reset-password');
    await page.goto(link);
    await main(page).getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await shoot(page, 'reset-new-password');
    await main(page).getByRole('button', { name: 'Set new password' }).click();
    expect(await toastText(page, 'Password changed')).toContain(`@${reader.username}`);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('banner').getByRole('button', { name: `Account menu for @${reader.username}` }).first().waitFor();

    // The link works once.
    await page.goto(link);
    await main(page).getByLabel('New password', { exact: true }).fill('Another-Passw0rd');
    await main(page).getByRole('button', { name: 'Set new password' }).click();
    await main(page).getByRole('alert').getByText('This link is not valid or has expired. Ask for a new one.').waitFor();
    await main(page).getByRole('link', { name: 'Ask for a new link' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/account-reset-used-link-mobile.png` });

    // The first device's session is gone: its next check signs it out.
    await visit(reader.page, '/profile');
    expect(await toastText(reader.page, 'Session ended')).toContain('Your session has ended. Please sign in again.');
    await main(reader.page).getByText('Please sign in to view your profile.').waitFor();
    await signInThroughDialog(reader.page, reader.username, NEW_PASSWORD);
    await main(reader.page).getByRole('heading', { level: 2, name: reader.username }).waitFor();
    await reader.context.close();
    await other.close();
  });

  test('a change of email waits for the link mailed to the new address; the old one is told', async () => {
    const reader = await signedUp('email');
    const page = reader.page;
    await visit(page, '/profile');
    await part(page, 'Change email').waitFor();
    await shoot(page, 'section', account(page));
    const next = `${reader.username}@example.org`;
    await part(page, 'Change email').getByLabel('New email').fill(next);
    await part(page, 'Change email').getByLabel('Password', { exact: true }).fill(PASSWORD);
    await part(page, 'Change email').getByRole('button', { name: 'Change email' }).click();
    await part(page, 'Change email').getByText(`We've sent a confirmation link to ${next}.`).waitFor();

    const notice = await mailFor(reader.email, 'Your email is being changed');
    expect(notice.text).toContain(next);
    await page.goto(linkIn(await mailFor(next, 'Confirm your new email'), '/confirm-email'));
    await page.getByRole('button', { name: 'Confirm my new email' }).click();
    await page.getByText(`Your account's email is now ${next}.`).waitFor();

    await visit(page, '/profile');
    await main(page).getByText(next, { exact: true }).first().waitFor();
    await reader.context.close();
  });

  test('download my data: a JSON file of what the site holds', async () => {
    const reader = await signedUp('export');
    const page = reader.page;
    await visit(page, '/profile');
    const button = part(page, 'Download my data').getByRole('button', { name: 'Download my data' });
    await part(page, 'Download my data').getByRole('link', { name: /My Notes/ }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toBe('context-is-key-data.json');
    const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as { profile: { username?: string }; bookmarks: unknown[] };
    expect(data.profile.username).toBe(reader.username);
    expect(data.bookmarks).toEqual([]);
    await reader.context.close();
  });

  test('deleting the account signs the reader out, and the account cannot sign in again', async () => {
    const reader = await signedUp('delete');
    const page = reader.page;
    await visit(page, '/profile');
    await part(page, 'Delete account').getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByRole('button', { name: 'Export my notes' }).waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill('Not-the-passw0rd');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByText('Password is incorrect').waitFor();
    await shoot(page, 'delete-dialog', dialog.locator('.modal-box'));
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    expect(await toastText(page, 'Account deleted')).toBeTruthy();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('user') ?? sessionStorage.getItem('user'))).toBeNull();

    await visit(page, '/');
    await signInThroughDialog(page, reader.username, PASSWORD);
    expect(await toastText(page, 'Login Failed')).toBeTruthy();
    await reader.context.close();
  });
});
