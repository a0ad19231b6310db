import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { MOBILE, screenshot, useBrowser } from './support/browser';
import { appReady, authDialog, signUpThroughDialog, toast, toastText, uniqueUsername, visit, visitAndDismissAuth } from './support/app';

// The study tools on the real app: bookmarks and folders, mark complete, comments, private notes.
const browser = useBrowser(() => inject('baseURL'));

const main = (page: Page) => page.getByRole('main');
const button = (page: Page, name: string) => main(page).getByRole('button', { name, exact: true });

/** A new visitor in a context of their own, signed up on `path`. */
async function newUserOn(path: string, viewport?: { width: number; height: number }): Promise<{ page: Page; username: string }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport);
  const username = uniqueUsername('study');
  await visit(page, path);
  await signUpThroughDialog(page, username);
  return { page, username };
}

async function videoTitle(page: Page): Promise<string> {
  const heading = main(page).getByRole('heading', { level: 1 });
  await heading.waitFor();
  return (await heading.textContent())!.trim();
}

async function waitForToastGone(page: Page): Promise<void> {
  await page.keyboard.press('Escape').catch(() => undefined);
  await toast(page).first().waitFor({ state: 'hidden', timeout: 8000 }).catch(() => undefined);
}

describe('signed out', () => {
  test('bookmark and mark complete ask for a sign-in and send nothing; comments ask for a sign-in; /bookmarks too', async () => {
    const page = await browser.newPage();
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && /\/api\/(bookmarks|progress|comments)/.test(r.url())) writes.push(`${r.method()} ${r.url()}`);
    });
    await visitAndDismissAuth(page, '/watch/1');
    await videoTitle(page);
    await button(page, 'Bookmark').click();
    expect(await toastText(page, 'Please sign in to bookmark content.')).toContain('Sign in required');
    await button(page, 'Mark Complete').click();
    expect(await toastText(page, 'Please sign in to track progress.')).toContain('Sign in required');
    await main(page).getByText('Please sign in to comment.').waitFor();
    expect(await main(page).getByLabel('Add a comment').count()).toBe(0);
    await button(page, 'Sign in to comment').click();
    await authDialog(page).waitFor();
    await page.keyboard.press('Escape');
    expect(writes).toEqual([]);

    await visitAndDismissAuth(page, '/bookmarks');
    await main(page).getByText('Please sign in to view your bookmarks.').waitFor();
    await screenshot(page, 'bookmarks-signed-out');
    await page.close();
  });

  test('notes work signed out too: saved on the device, there after a reload, deleted after the confirmation', async () => {
    const page = await browser.newPage();
    await visitAndDismissAuth(page, '/watch/2');
    const notes = main(page).getByLabel('Your Notes', { exact: true });
    await notes.waitFor();
    await notes.fill('Check 1 Corinthians 15:3-8.');
    await main(page).getByText('27 characters').waitFor();
    await main(page).getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    // Typed and left at once: the last keystrokes are written on the way out.
    await notes.press('End');
    await notes.pressSequentially(' And Gal 1.');
    await page.reload();
    await appReady(page);
    await authDialog(page).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => notes.inputValue()).toBe('Check 1 Corinthians 15:3-8. And Gal 1.');
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('note-')))).toEqual([]);

    await button(page, 'Delete note').click();
    const confirm = page.getByRole('dialog', { name: 'Delete note' });
    await confirm.getByText('Are you sure you want to delete this note?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await notes.inputValue()).toBe('Check 1 Corinthians 15:3-8. And Gal 1.');
    await button(page, 'Delete note').click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await main(page).getByRole('status').filter({ hasText: 'Note deleted' }).waitFor();
    expect(await notes.inputValue()).toBe('');
    expect(await button(page, 'Delete note').count()).toBe(0);
    await page.reload();
    await appReady(page);
    await authDialog(page).waitFor();
    await page.keyboard.press('Escape');
    await notes.waitFor();
    await page.waitForTimeout(300);
    expect(await notes.inputValue()).toBe('');
    await page.close();
  });

  test("the blog post's notes button opens 'Your Notes' in a dialog", async () => {
    const page = await browser.newPage();
    await visitAndDismissAuth(page, '/blog/1');
    await main(page).getByRole('heading', { level: 1 }).waitFor();
    await main(page).getByRole('button', { name: 'Notes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your Notes' });
    await dialog.getByLabel('Your Notes', { exact: true }).fill('Read the whole chapter.');
    await screenshot(page, 'blog-notes-dialog');
    await dialog.getByRole('button', { name: 'Close notes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await main(page).getByRole('button', { name: 'Notes (you have a note here)' }).waitFor();
    await page.reload();
    await appReady(page);
    await authDialog(page).waitFor();
    await page.keyboard.press('Escape');
    await main(page).getByRole('button', { name: 'Notes (you have a note here)' }).click();
    await expect.poll(() => dialog.getByLabel('Your Notes', { exact: true }).inputValue()).toBe('Read the whole chapter.');

    // The notes open with show() (not a modal for the browser): they keep Tab inside themselves,
    // and the confirmation opened from them has its own Escape.
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Delete note' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete note' });
    await confirm.getByText('Are you sure you want to delete this note?').waitFor();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    expect(await dialog.isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Delete note' }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => dialog.getByLabel('Your Notes', { exact: true }).inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await main(page).getByRole('button', { name: 'Notes', exact: true }).waitFor();
    await page.close();
  });
});

describe('signed in: the whole study journey', () => {
  test('bookmark, mark complete, comment, then folders on /bookmarks: create, move, filter, delete (bookmark stays), remove', async () => {
    const { page, username } = await newUserOn('/watch/1');
    const title = await videoTitle(page);

    // Bookmark
    const bookmark = button(page, 'Bookmark');
    await expect.poll(() => bookmark.isEnabled()).toBe(true);
    await bookmark.click();
    await toastText(page, 'Bookmarked!');
    await button(page, 'Bookmarked').waitFor();
    await main(page).getByText('Waiting to sync').waitFor({ state: 'hidden' });

    // Mark complete
    await button(page, 'Mark Complete').click();
    await toastText(page, 'Marked as complete!');
    await button(page, 'Completed').waitFor();

    // Comments: blank is refused, text is trimmed
    const comment = main(page).getByLabel('Add a comment');
    const post = button(page, 'Post Comment');
    expect(await post.isDisabled()).toBe(true);
    await comment.fill('    ');
    expect(await post.isDisabled()).toBe(true);
    await comment.press('Control+Enter');
    expect(await toastText(page, 'Please enter a comment.')).toContain('Empty comment');
    await comment.fill('   This made the resurrection evidence so clear.   ');
    await main(page).getByText('51/2,000 characters').waitFor();
    await post.click();
    await toastText(page, 'Comment posted!');
    const comments = main(page).getByRole('list', { name: 'Comments, newest first' });
    await comments.getByText('This made the resurrection evidence so clear.', { exact: true }).waitFor();
    await comments.getByText(username).first().waitFor();
    await main(page).getByText('Waiting to sync').waitFor({ state: 'hidden' });
    await screenshot(page, 'watch-study-tools');

    // All of it is on the server: still there after a reload.
    await page.reload();
    await videoTitle(page);
    await button(page, 'Bookmarked').waitFor();
    await button(page, 'Completed').waitFor();
    await comments.getByText('This made the resurrection evidence so clear.', { exact: true }).waitFor();

    // /bookmarks
    await waitForToastGone(page);
    await page.getByRole('banner').getByRole('link', { name: 'Bookmarks' }).first().click();
    await main(page).getByRole('heading', { level: 1, name: 'My Bookmarks' }).waitFor();
    const card = main(page).getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
    await card.waitFor();
    await card.getByText('Completed').waitFor();
    expect(await card.getByRole('link', { name: title }).getAttribute('href')).toBe('/watch/1');
    await screenshot(page, 'bookmarks-one');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'bookmarks-one-dark');
    await page.emulateMedia({ colorScheme: 'light' });

    // Create a folder: the name is required
    await button(page, 'New Folder').click();
    await button(page, 'Create Folder').click();
    await main(page).getByText('Folder name is required').waitFor();
    expect(await main(page).getByLabel('Colour').inputValue()).toBe('#3b82f6');
    await main(page).getByLabel('Folder name').fill('Easter Study');
    await button(page, 'Create Folder').click();
    await toastText(page, 'Folder created successfully');
    const folder = main(page).getByRole('button', { name: /^Easter Study/ });
    await folder.waitFor();

    // Move the bookmark into it
    await card.getByLabel('Folder').selectOption({ label: 'Easter Study' });
    await toastText(page, 'Bookmark updated');
    await main(page).getByRole('button', { name: 'Easter Study (1 bookmark)' }).waitFor();
    await main(page).getByText('Waiting to sync').first().waitFor({ state: 'hidden' });

    // Filter by it, and clear the filter by selecting it again
    await folder.click();
    expect(await folder.getAttribute('aria-pressed')).toBe('true');
    await main(page).getByRole('heading', { name: 'Bookmarks in "Easter Study" (1)' }).waitFor();
    await screenshot(page, 'bookmarks-folder-filter');
    await folder.click();
    expect(await folder.getAttribute('aria-pressed')).toBe('false');
    await main(page).getByRole('heading', { name: 'All Bookmarks (1)' }).waitFor();

    // The move is on the server
    await page.reload();
    await main(page).getByRole('button', { name: 'Easter Study (1 bookmark)' }).waitFor();
    await expect.poll(() => card.getByLabel('Folder').locator('option:checked').textContent()).toBe('Easter Study');

    // Delete the folder: the bookmark stays, unfiled
    await main(page).getByRole('button', { name: 'Delete folder "Easter Study"' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete folder' });
    await confirm.getByText('Delete folder "Easter Study"? Bookmarks will not be deleted.').waitFor();
    await screenshot(page, 'bookmarks-delete-folder');
    await confirm.getByRole('button', { name: 'Delete Folder' }).click();
    await toastText(page, 'Folder deleted successfully');
    await folder.waitFor({ state: 'detached' });
    await card.waitFor();
    expect(await card.getByLabel('Folder').locator('option:checked').textContent()).toBe('No folder');
    await page.reload();
    await card.waitFor();
    // A reload shows the saved cache at once and then the server's answer.
    await expect.poll(() => main(page).getByRole('button', { name: /^Easter Study/ }).count()).toBe(0);
    await expect.poll(() => card.getByLabel('Folder').locator('option:checked').textContent()).toBe('No folder');

    // Remove the bookmark
    await card.getByRole('button', { name: `Remove bookmark "${title}"` }).click();
    await toastText(page, 'Bookmark removed');
    await main(page).getByRole('heading', { name: 'No Bookmarks Yet' }).waitFor();
    expect(await main(page).getByRole('link', { name: 'Browse Videos' }).getAttribute('href')).toBe('/videos');
    expect(await main(page).getByRole('link', { name: 'Read Articles' }).getAttribute('href')).toBe('/blog');
    await screenshot(page, 'bookmarks-empty');
    await page.reload();
    await main(page).getByRole('heading', { name: 'No Bookmarks Yet' }).waitFor();
    await page.context().close();
  });

  test("comments come 20 at a time: 'Show older comments' brings the rest, oldest last", async () => {
    const { page, username } = await newUserOn('/watch/3', MOBILE);
    await videoTitle(page);
    // 24 comments from this reader, posted through the API (each answered before the next).
    await page.evaluate(async (userIdName) => {
      const me = (await (await fetch('/api/auth/me')).json()) as { id: number };
      for (let n = 1; n <= 24; n += 1) {
        const answer = await fetch('/api/comments', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ userId: me.id, contentType: 'video', contentId: 3, comment: `${userIdName} paging comment ${n}` }),
        });
        if (!answer.ok) throw new Error(`comment ${n}: ${answer.status}`);
      }
    }, username);
    await page.reload();
    await videoTitle(page);
    const comments = main(page).getByRole('list', { name: 'Comments, newest first' });
    await comments.getByText(`${username} paging comment 24`, { exact: true }).waitFor();
    expect(await comments.getByRole('listitem').count()).toBe(20);
    await main(page).getByRole('heading', { name: 'Comments (20+)' }).waitFor();
    expect(await comments.getByText(`${username} paging comment 1`, { exact: true }).count()).toBe(0);
    const older = button(page, 'Show older comments');
    await older.scrollIntoViewIfNeeded();
    await screenshot(page, 'comments-show-older', ['mobile']);
    await older.click();
    await comments.getByText(`${username} paging comment 1`, { exact: true }).waitFor();
    const texts = await comments.getByText(new RegExp(`^${username} paging comment \\d+$`)).allTextContents();
    expect(texts).toEqual(Array.from({ length: 24 }, (_, i) => `${username} paging comment ${24 - i}`));
    await page.context().close();
  });

  test('offline: a bookmark shows at once as waiting to sync and is delivered when the connection returns', async () => {
    const { page } = await newUserOn('/watch/3', MOBILE);
    const title = await videoTitle(page);
    await expect.poll(() => button(page, 'Bookmark').isEnabled()).toBe(true);
    await page.context().setOffline(true);
    await button(page, 'Bookmark').click();
    await toastText(page, 'Bookmarked!');
    await button(page, 'Bookmarked').waitFor();
    await main(page).getByText('Waiting to sync').waitFor({ state: 'attached' });
    await screenshot(page, 'watch-bookmark-offline', ['mobile']);
    await page.context().setOffline(false);
    await main(page).getByText('Waiting to sync').waitFor({ state: 'detached', timeout: 15_000 });
    await waitForToastGone(page);
    await visit(page, '/bookmarks');
    await main(page).getByRole('link', { name: title }).waitFor();
    await page.context().close();
  });
});
