import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, MOBILE } from './support/browser';
import { uniqueUsername } from './support/app';
import { apiGet, readStore, signUpInPage, type SignedInUser } from './support/offline';
import { startRestartableServer, type RestartableServer } from './support/restartable-server';

// A server stopped mid-request (docs/decisions/003), as a reader meets it: comments posted while the server is stopped under them
// (a deploy's SIGTERM, a crash's SIGKILL) a few milliseconds after the click, and more posted while
// it is down. Once it is back, every comment reaches it exactly once, none is left failed in the
// outbox, and the page shows each once.

let server: RestartableServer | undefined;
let browser: Browser | undefined;
beforeAll(async () => {
  server = await startRestartableServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
const own = () => {
  if (!server) throw new Error('the server of server-stop.e2e.ts is not running');
  return server;
};

interface Comment {
  comment: string;
}

const main = (page: Page) => page.getByRole('main');

async function readerOnPost(): Promise<{ context: BrowserContext; page: Page; user: SignedInUser }> {
  const context = await browser!.newContext({ baseURL: own().url, viewport: MOBILE });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const user = await signUpInPage(page, uniqueUsername('stop'), '/blog/2');
  await main(page).getByLabel('Add a comment').waitFor();
  return { context, page, user };
}

async function postComment(page: Page, text: string): Promise<void> {
  await main(page).getByLabel('Add a comment').fill(text);
  await main(page).getByRole('button', { name: 'Post Comment', exact: true }).click();
  await main(page).getByRole('list', { name: 'Comments, newest first' }).getByText(text, { exact: true }).waitFor();
}

/** After the server is back: Sync now on /sync until nothing waits, then the outbox must be empty (nothing failed). */
async function syncUntilEmpty(page: Page): Promise<void> {
  await page.goto('/sync');
  await expect
    .poll(
      async () => {
        const left = await readStore<{ status: string }>(page, 'outbox');
        if (left.some((e) => e.status === 'failed')) return 'failed';
        if (left.length === 0) return 'empty';
        await main(page).getByRole('button', { name: /Sync now/ }).click({ timeout: 2000 }).catch(() => undefined);
        return `${left.length} waiting`;
      },
      { timeout: 60_000, interval: 1000 },
    )
    .toBe('empty');
}

describe.each(['SIGKILL', 'SIGTERM'] as const)('the server stopped with %s while comments are on their way', (signal) => {
  test('every comment reaches the server exactly once, nothing is left failed, and the page shows each once', async () => {
    const { context, page } = await readerOnPost();
    const texts = Array.from({ length: 6 }, (_, i) => `${signal} comment ${i + 1} at ${Date.now().toString(36)}`);
    await postComment(page, texts[0]!);
    await postComment(page, texts[1]!);
    // The third goes out, and the server is stopped under it.
    await main(page).getByLabel('Add a comment').fill(texts[2]!);
    await main(page).getByRole('button', { name: 'Post Comment', exact: true }).click();
    await page.waitForTimeout(30);
    if (signal === 'SIGKILL') await own().kill();
    else await own().stop();
    // More while it is down: they wait in the outbox.
    for (const text of texts.slice(3)) await postComment(page, text);
    expect((await readStore<{ status: string }>(page, 'outbox')).every((e) => e.status === 'pending')).toBe(true);

    await own().start();
    await syncUntilEmpty(page);

    const onServer = await apiGet<Comment[]>(page, '/api/comments?contentType=blog&contentId=2&limit=100');
    for (const text of texts) expect(onServer.filter((c) => c.comment === text), `"${text}" on the server`).toHaveLength(1);

    await page.goto('/blog/2');
    const list = main(page).getByRole('list', { name: 'Comments, newest first' });
    await list.getByText(texts[5]!, { exact: true }).waitFor();
    for (const text of texts) expect(await list.getByText(text, { exact: true }).count(), `"${text}" on the page`).toBe(1);
    expect(await main(page).getByText('Waiting to sync', { exact: true }).count()).toBe(0);
    await context.close();
  });
});
