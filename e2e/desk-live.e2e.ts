// The desk's Live and /live-qa together (docs/product.md#live-qa, docs/decisions/012-live-events.md):
// an editor at a desktop schedules a stream, goes live, hides a reader's question and ends the
// stream, while a reader on a phone keeps /live-qa open and sees each step without a reload. A
// server of the file's own: it ends the sample content's live stream, which other files expect.
import type { Page } from 'playwright-core';
import { toastText, visit, visitAndDismissAuth } from '#e2e/support/app';
import { MOBILE, screenshot, useBrowser } from '#e2e/support/browser';
import { signInThroughApi } from '#e2e/support/desk';
import { startOwnServer, type OwnServer } from '#e2e/support/own-server';

const YOUTUBE_ID = 'dQw4w9WgXcQ';

let server: OwnServer | undefined;
beforeAll(async () => {
  server = await startOwnServer();
  // Nothing on air: the editor's "Go live" is the one that counts.
  await server.running.db('live_streams').update({ is_live: false });
});
afterAll(async () => {
  await server?.close();
});

const browser = useBrowser(() => {
  if (!server) throw new Error('the server is not started');
  return server.url;
});

/** The machine has no way out: the video platform's player is a stand-in page that names the video it was asked for. */
async function fakePlayer(page: Page): Promise<void> {
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: `<!doctype html><title>player</title><body style="margin:0;background:#000;color:#fff">fake player: ${new URL(route.request().url()).pathname}</body>` }),
  );
}

describe('the desk’s Live, followed by an open /live-qa', () => {
  test('schedule, go live, hide a question (asked first) and end: the reader’s page shows each without a reload', async () => {
    await signInThroughApi(browser.context(), 'editor');
    const editor = await browser.newPage();
    await fakePlayer(editor);
    const readerContext = await browser.newContext();
    const reader = await readerContext.newPage();
    await reader.setViewportSize(MOBILE);
    await fakePlayer(reader);

    await visitAndDismissAuth(reader, '/live-qa');
    await reader.getByRole('heading', { name: 'No Live Stream Currently' }).waitFor();
    // Nothing below may reload the reader's page: this mark would be gone.
    await reader.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    const title = `Ask the teachers ${Date.now()}`;
    await visit(editor, '/blog-admin/live');
    await editor.getByLabel('Title').fill(title);
    await editor.getByLabel('Description').fill('An hour of your questions, live.');
    await editor.getByLabel('YouTube link').fill(`https://youtu.be/${YOUTUBE_ID}`);
    await editor.getByLabel('Date and time').fill(`${new Date().getFullYear() + 1}-05-04T18:30`);
    await editor.getByRole('button', { name: 'Schedule a stream' }).click();
    await toastText(editor, 'Stream scheduled');
    await reader.getByRole('heading', { level: 3, name: title }).waitFor({ timeout: 5_000 });

    await editor.getByRole('listitem', { name: title }).getByRole('button', { name: 'Go live' }).click();
    await toastText(editor, `"${title}" is live`);
    await reader.getByRole('heading', { level: 2, name: title }).waitFor({ timeout: 5_000 });
    await reader.getByText('LIVE', { exact: true }).waitFor();
    // The stream's link became its YouTube id: the player asks the platform for that video.
    const player = reader.getByTitle(`Live video: ${title}`);
    expect(await player.getAttribute('src')).toContain(`/embed/${YOUTUBE_ID}`);
    await reader.frameLocator(`iframe[title="Live video: ${title}"]`).getByText(`fake player: /embed/${YOUTUBE_ID}`).waitFor();

    const question = `Was this seen by the editor? ${Date.now()}`;
    await reader.getByLabel('Your name').fill('Ruth');
    await reader.getByLabel('Your question').fill(question);
    await reader.getByRole('button', { name: 'Submit Question' }).click();
    // In the list (the form's field holds the same text until its answer clears it).
    const asked = reader.getByRole('region', { name: /^Questions/ }).getByText(question, { exact: true });
    await asked.waitFor();
    await reader.evaluate(() => window.scrollTo(0, 0));
    await screenshot(reader, 'desk-live-reader', ['mobile']);

    await visit(editor, '/live-qa');
    const item = editor.getByRole('listitem').filter({ has: editor.getByText(question, { exact: true }) });
    await item.waitFor();
    await screenshot(editor, 'desk-live-editor-live-qa', ['desktop']);
    await item.getByRole('button', { name: 'Hide' }).click();
    const dialog = editor.getByRole('dialog', { name: 'Hide question' });
    await dialog.getByText('Hide the question from Ruth? It disappears for everyone watching.').waitFor();
    await dialog.getByRole('button', { name: 'Hide question' }).click();
    await item.waitFor({ state: 'detached' });
    await asked.waitFor({ state: 'detached', timeout: 5_000 });

    await visit(editor, '/blog-admin/live');
    await editor.getByRole('listitem', { name: title }).getByRole('button', { name: 'End stream' }).click();
    await toastText(editor, `"${title}" has ended`);
    await editor.evaluate(() => window.scrollTo(0, 0));
    await screenshot(editor, 'desk-live-editor', ['desktop']);
    await reader.getByText(`"${title}" has ended. Thank you for watching.`).waitFor({ timeout: 5_000 });
    await reader.getByRole('heading', { name: 'No Live Stream Currently' }).waitFor();
    expect(await reader.getByTitle(`Live video: ${title}`).count()).toBe(0);
    await reader.evaluate(() => window.scrollTo(0, 0));
    await screenshot(reader, 'desk-live-reader-ended', ['mobile']);

    expect(await reader.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await readerContext.close();
  });
});
