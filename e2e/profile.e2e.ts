import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { DESKTOP, MOBILE, screenshot, useBrowser } from './support/browser';
import { signUpThroughDialog, toast, toastText, uniqueUsername, visit, visitAndDismissAuth } from './support/app';

const browser = useBrowser(() => inject('baseURL'));

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-profile-e2e-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A real PNG: `size`×`size` pixels in one colour. */
function writePng(name: string, size = 64, rgb: [number, number, number] = [37, 99, 235]): string {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  const file = path.join(tmp, name);
  fs.writeFileSync(file, png);
  return file;
}

function writeText(name: string, text: string): string {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, text);
  return file;
}

/** A page in a context of its own: each journey signs up a new person. */
async function freshPage(viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  return page;
}

const main = (page: Page) => page.getByRole('main');
const field = (page: Page, label: string) => main(page).getByLabel(label, { exact: true });
const uploadDialog = (page: Page) => page.getByRole('dialog', { name: 'Upload Avatar' });
const headerAvatar = (page: Page, username: string) => page.getByRole('banner').getByRole('button', { name: `Account menu for @${username}` }).locator('img');

describe('profile', () => {
  test('signed out: asks to sign in', async () => {
    const page = await browser.newPage();
    await visitAndDismissAuth(page, '/profile');
    await main(page).getByText('Please sign in to view your profile.').waitFor();
    await page.close();
  });

  test('a new account: empty profile, add bio, website and X, save, reload and see them; Cancel resets; a bad website is explained', async () => {
    const username = uniqueUsername('prof');
    const page = await freshPage(MOBILE);
    await visit(page, '/profile');
    await signUpThroughDialog(page, username);
    await main(page).getByRole('heading', { level: 2, name: username }).waitFor();
    await main(page).getByText(`${username}@example.com`).waitFor();
    await main(page).getByText('Your profile is empty. Add some information about yourself!').waitFor();
    await screenshot(page, 'profile-empty');

    await main(page).getByRole('button', { name: 'Add Information' }).click();
    await field(page, 'Bio').fill('I study the letters of Paul in their first-century setting.');
    await field(page, 'Website').fill('grace.example.com');
    await main(page).getByRole('button', { name: 'Save Changes' }).click();
    await main(page).getByText('Website must be a web address starting with http:// or https://').waitFor();
    expect(await field(page, 'Website').getAttribute('aria-invalid')).toBe('true');

    await field(page, 'Website').fill('https://grace.example.com');
    await field(page, 'X (Twitter)').fill('@paul_reader');
    await screenshot(page, 'profile-edit');
    await main(page).getByRole('button', { name: 'Save Changes' }).click();
    expect(await toastText(page, 'Profile updated')).toContain('Your profile has been updated successfully.');
    await main(page).getByRole('button', { name: 'Edit Profile' }).waitFor();

    await page.reload();
    await main(page).getByText('I study the letters of Paul in their first-century setting.').waitFor();
    const website = main(page).getByRole('link', { name: 'grace.example.com' });
    expect(await website.getAttribute('href')).toBe('https://grace.example.com/');
    const x = main(page).getByRole('link', { name: '@paul_reader' });
    expect(await x.getAttribute('href')).toBe('https://x.com/paul_reader');
    expect(await x.getAttribute('rel')).toBe('noopener noreferrer me');
    expect(await main(page).getByText(/Your profile is empty/).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'profile-view');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'profile-view-dark', ['desktop']);
    await page.emulateMedia({ colorScheme: 'light' });

    await main(page).getByRole('button', { name: 'Edit Profile' }).click();
    await field(page, 'Bio').fill('Something I will not keep');
    await field(page, 'X (Twitter)').fill('');
    await main(page).getByRole('button', { name: 'Cancel' }).click();
    await main(page).getByText('I study the letters of Paul in their first-century setting.').waitFor();
    await main(page).getByRole('link', { name: '@paul_reader' }).waitFor();
    await main(page).getByRole('button', { name: 'Edit Profile' }).click();
    expect(await field(page, 'Bio').inputValue()).toBe('I study the letters of Paul in their first-century setting.');
    expect(await field(page, 'X (Twitter)').inputValue()).toBe('@paul_reader');
    await page.close();
  });

  test('avatar: a real PNG uploads and shows in the header and the profile; a renamed text file and a non-image are refused', async () => {
    const username = uniqueUsername('avat');
    const page = await freshPage(DESKTOP);
    await visit(page, '/profile');
    await signUpThroughDialog(page, username);
    await main(page).getByRole('button', { name: 'Add Information' }).click();
    await main(page).getByRole('button', { name: 'Upload Avatar' }).click();
    const dialog = uploadDialog(page);
    await dialog.waitFor();
    await screenshot(page, 'avatar-dialog');

    // Not an image at all: Uppy's restriction, nothing is sent.
    await dialog.locator('input[type=file]').setInputFiles(writeText('notes.txt', 'just words'));
    await dialog.getByText('You can only upload: image/*').waitFor();

    // A text file named .png passes the browser's type check; the server reads the bytes and refuses it.
    await dialog.locator('input[type=file]').setInputFiles(writeText('fake.png', 'this is not really a picture'));
    await dialog.getByText('fake.png').waitFor();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.getByText('Only PNG, JPEG, WebP or GIF images can be uploaded.').waitFor();
    expect(await toastText(page, 'Failed to upload avatar. Please try again.')).toContain('Error');
    await dialog.getByRole('button', { name: 'Retry' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const png = writePng('avatar.png');
    await dialog.locator('input[type=file]').setInputFiles(png);
    await dialog.getByText('avatar.png').waitFor();
    await dialog.getByText(`${fs.statSync(png).size} B`).waitFor();
    await dialog.getByRole('img', { name: 'Preview of the chosen image' }).waitFor();
    await dialog.getByText('Ready to upload').waitFor();
    await screenshot(page, 'avatar-dialog-waiting');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    expect(await toastText(page, 'Avatar updated')).toContain('Your avatar has been uploaded successfully.');
    await dialog.getByText('Upload complete').waitFor();
    expect(await dialog.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('value')).toBe('100');
    await screenshot(page, 'avatar-dialog-complete');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const src = await headerAvatar(page, username).getAttribute('src');
    expect(src).toMatch(/^\/objects\/[0-9a-f-]{36}$/);
    expect(await main(page).locator('img').first().getAttribute('src')).toBe(src);
    // The image is really there, and it is the PNG we sent.
    const served = await page.request.get(src!);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(Buffer.from(await served.body()).equals(fs.readFileSync(png))).toBe(true);

    await page.reload();
    expect(await headerAvatar(page, username).getAttribute('src')).toBe(src);
    expect(await toast(page).count()).toBe(0);
    await page.close();
  });
  test('avatar: Cancel and Pause stop an upload, Resume starts it again, Retry after a refusal', async () => {
    const username = uniqueUsername('paus');
    const page = await freshPage(MOBILE);
    // The upload address answers as the test says: hold the request (so it can be paused), refuse it, or let it through.
    const plan: ('hold' | 'refuse' | 'pass')[] = ['hold', 'hold', 'refuse', 'pass'];
    const held: { abort: () => Promise<void> }[] = [];
    await page.route('**/api/objects/uploads/**', async (route) => {
      const next = plan.shift() ?? 'pass';
      if (next === 'hold') held.push(route);
      else if (next === 'refuse') await route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ message: 'Refused for the test.' }) });
      else await route.continue();
    });
    await visit(page, '/profile');
    await signUpThroughDialog(page, username);
    await main(page).getByRole('button', { name: 'Add Information' }).click();
    await main(page).getByRole('button', { name: 'Upload Avatar' }).click();
    const dialog = uploadDialog(page);
    const input = dialog.locator('input[type=file]');
    const png = writePng('pause.png', 32, [200, 30, 60]);

    await input.setInputFiles(png);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.getByText('Uploading…').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByText('Choose an image').waitFor();

    await input.setInputFiles(png);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.getByText('Uploading…').waitFor();
    await screenshot(page, 'avatar-dialog-uploading', ['mobile']);
    await dialog.getByRole('button', { name: 'Pause' }).click();
    await dialog.getByText('Paused').waitFor();
    await dialog.getByText('pause.png').waitFor();
    for (const route of held.splice(0)) await route.abort().catch(() => undefined);

    await dialog.getByRole('button', { name: 'Resume' }).click();
    await dialog.getByText('Refused for the test.').waitFor();
    expect(await toastText(page, 'Failed to upload avatar. Please try again.')).toContain('Error');
    await screenshot(page, 'avatar-dialog-error', ['mobile']);

    await dialog.getByRole('button', { name: 'Retry' }).click();
    await dialog.getByText('Upload complete').waitFor();
    expect(await toastText(page, 'Avatar updated')).toContain('Your avatar has been uploaded successfully.');
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(await headerAvatar(page, username).getAttribute('src')).toMatch(/^\/objects\//);
    await page.close();
  });
});
