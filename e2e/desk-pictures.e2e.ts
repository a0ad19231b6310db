// A post's pictures (docs/product.md#blog-management, #saved-for-offline) in Chromium: an editor,
// on a phone, gives a new post a cover picture and a picture in its text through the desk, sees
// them in Preview and publishes; a reader's page shows both, and after "Save for offline" still
// shows both with no connection and none of the runtime caches left.
import zlib from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { toastText, visit } from '#e2e/support/app';
import { MOBILE, screenshot, useBrowser } from '#e2e/support/browser';
import { api, signInThroughApi } from '#e2e/support/desk';
import { waitForServiceWorker } from '#e2e/support/offline';

const browser = useBrowser(() => inject('baseURL'));
const main = (page: Page) => page.getByRole('main');

/** A real PNG of `width`×`height` in one colour: the server checks an upload by its bytes, and the browser must be able to draw it. */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/** Whether the browser drew the picture (loaded and decoded it), not only put its element there. Scrolled to first: pictures in the text load lazily. */
async function drawn(image: Locator): Promise<boolean> {
  await image.scrollIntoViewIfNeeded();
  return image.evaluate(async (el) => {
    const img = el as HTMLImageElement;
    if (!img.complete) {
      await new Promise((resolve) => {
        img.addEventListener('load', resolve, { once: true });
        img.addEventListener('error', resolve, { once: true });
      });
    }
    return img.naturalWidth > 0;
  });
}

describe('a post with pictures', () => {
  test('the desk uploads a cover and a picture in the text, Preview shows them, and a saved post shows them offline', async () => {
    await signInThroughApi(browser.context(), 'editor');
    const page = await browser.newPage(MOBILE);
    await visit(page, '/blog-admin');
    await waitForServiceWorker(page);
    const form = main(page).locator('form').filter({ has: page.getByRole('heading', { name: 'Add New Article' }) });
    const title = `Lamp unto my feet ${Date.now()}`;
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Content (Markdown)').fill('Psalm 119 walks slowly.');

    await form.getByLabel('Choose a cover picture').setInputFiles({ name: 'lamp.png', mimeType: 'image/png', buffer: png(64, 36, [200, 140, 40]) });
    await form.getByLabel('Cover alt text').fill('An oil lamp on a wooden table');

    // Something that only calls itself a PNG is refused by its bytes, in the server's words.
    await form.getByLabel('Upload a picture').setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await form.getByText('Only PNG, JPEG, WebP or GIF images can be uploaded.').waitFor();
    await form.getByLabel('Upload a picture').setInputFiles({ name: 'scroll.png', mimeType: 'image/png', buffer: png(40, 40, [60, 90, 160]) });
    await form.getByRole('button', { name: 'Insert' }).click();
    await form.getByText(/^Alt text is required/).waitFor();
    await form.getByLabel('Picture alt text').fill('An open scroll');
    await form.getByRole('button', { name: 'Insert' }).click();
    expect(await form.getByLabel('Content (Markdown)').inputValue()).toMatch(/^Psalm 119 walks slowly\.\n\n!\[An open scroll\]\(\/objects\/[0-9a-f-]{36}\)\n\n$/);

    await form.getByRole('tab', { name: 'Preview' }).click();
    const preview = form.getByRole('tabpanel', { name: 'Preview' }).getByRole('article', { name: title });
    expect(await drawn(preview.getByRole('img', { name: 'An oil lamp on a wooden table' }))).toBe(true);
    expect(await drawn(preview.getByRole('img', { name: 'An open scroll' }))).toBe(true);
    await screenshot(page, 'desk-post-pictures-preview', ['mobile']);

    await form.getByRole('button', { name: 'Publish Article' }).click();
    expect(await toastText(page, 'Blog post created successfully')).toContain('Blog post created successfully');
    const posts = await api<Array<{ id: number; title: string; coverImageUrl: string | null }>>(page, 'GET', `/api/blog?status=all&q=${encodeURIComponent('Lamp unto my feet')}`);
    const post = posts.find((p) => p.title === title)!;
    expect(post.coverImageUrl).toMatch(/^\/objects\/[0-9a-f-]{36}$/);

    // A reader's page: both pictures; saved for offline.
    await visit(page, `/blog/${post.id}`);
    const article = main(page).getByRole('article', { name: title });
    expect(await drawn(article.getByRole('img', { name: 'An oil lamp on a wooden table' }))).toBe(true);
    expect(await drawn(article.getByRole('img', { name: 'An open scroll' }))).toBe(true);
    await main(page).getByRole('button', { name: 'Save for offline' }).click();
    await main(page).getByRole('button', { name: 'Saved for offline' }).waitFor();

    // On the train: no connection, and none of the runtime caches (expiry or quota may have taken them).
    await page.evaluate(async () => {
      for (const name of await caches.keys()) if (!name.startsWith('workbox-precache') && name !== 'cik-saved-pictures') await caches.delete(name);
    });
    await browser.context().setOffline(true);
    try {
      await visit(page, `/blog/${post.id}`);
      const offline = main(page).getByRole('article', { name: title });
      await offline.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await drawn(offline.getByRole('img', { name: 'An oil lamp on a wooden table' }))).toBe(true);
      expect(await drawn(offline.getByRole('img', { name: 'An open scroll' }))).toBe(true);
      await screenshot(page, 'blog-post-pictures-offline', ['mobile']);
    } finally {
      await browser.context().setOffline(false);
    }
  });
});
