// The newsletter's whole journey in Chromium (docs/product.md#newsletter, docs/decisions/017):
// readers subscribe on the home page and confirm from the mail, the editor sends a post from the
// desk and follows its progress, and readers leave by the mail's page and by a mail client's
// one-click POST (RFC 8058). Real mail: the file's own server sends through a loopback SMTP server
// (tests/support/smtp-sink.ts), read back with mailparser; nothing of the mail path is mocked.
import type { ParsedMail } from 'mailparser';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { startSmtp, type Smtp } from '#tests/support/smtp-sink';
import { toastText, uniqueUsername, visit, visitAndDismissAuth } from '#e2e/support/app';
import { DESKTOP, MOBILE, useBrowser } from '#e2e/support/browser';
import { api, signInThroughApi } from '#e2e/support/desk';
import { startOwnServer, type OwnServer } from '#e2e/support/own-server';

let smtp: Smtp | undefined;
let server: OwnServer | undefined;
beforeAll(async () => {
  smtp = await startSmtp();
  server = await startOwnServer({ SMTP_URL: smtp.url, MAIL_RATE_PER_SECOND: '1000' });
  // The server's renderer loads with its first page, before the browser keeps the server busy.
  await (await fetch(new URL('/blog', server.url), { headers: { Accept: 'text/html' } })).text();
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
beforeAll(async () => {
  await signInThroughApi(browser.context(), 'editor');
});

/** Where the screenshots of the desk's dialog and progress go, to be looked at. */
const SHOTS = '/tmp';

const main = (page: Page) => page.getByRole('main');
const addressOf = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address?.toLowerCase() : undefined);
const mailTo = (address: string) => smtp!.received.filter((m) => addressOf(m) === address.toLowerCase());

/** Waits until `address` has `count` messages (or more); returns them, oldest first. */
async function mailFor(address: string, count = 1): Promise<ParsedMail[]> {
  await expect.poll(() => mailTo(address).length, { timeout: 15_000, interval: 50 }).toBeGreaterThanOrEqual(count);
  return mailTo(address);
}

/** The first absolute link to `pagePath` (with its token) in the mail's text part. */
function linkIn(mail: ParsedMail, pagePath: string): string {
  const match = new RegExp(`https?://[^\\s)>]+${pagePath.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9._-]+`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${pagePath} link in: ${mail.text}`);
  return match[0];
}

/** A header as it was sent, unfolded. */
const headerLine = (mail: ParsedMail, key: string) => mail.headerLines.find((h) => h.key === key)?.line.replace(/\r\n(?=[ \t])/g, '');

/** A reader's browser: signed out, its own cookies. */
async function readerContext(): Promise<BrowserContext> {
  const context = await browser.browser().newContext({ baseURL: baseURL(), viewport: MOBILE });
  context.setDefaultTimeout(10_000);
  return context;
}

/** Subscribes `address` with the home page's "Stay Updated" form. */
async function subscribeOnHome(page: Page, address: string): Promise<void> {
  const form = main(page)
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Stay Updated', exact: true }) });
  await form.getByLabel('Email address').fill(address);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  expect(await toastText(page, 'Success!')).toContain("You've been subscribed to our newsletter.");
  await form.getByText('Check your inbox to confirm.').waitFor();
}

/** The desk's row of `title`. */
const row = (page: Page, title: string): Locator => main(page).getByRole('listitem', { name: title });

/** Saves /tmp/{name}-mobile.png and -desktop.png of the page as it is, the page put back to its size after. */
async function shoot(page: Page, name: string, locator?: Locator): Promise<void> {
  const original = page.viewportSize();
  for (const [label, size] of [['mobile', MOBILE], ['desktop', DESKTOP]] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(400);
    if (locator) await locator.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png` });
  }
  if (original) await page.setViewportSize(original);
}

/** What the journey's steps share: the readers' addresses and browsers, the editor's page, the post and its first mail. */
const stamp = uniqueUsername('n');
const first = `${stamp}_a@example.com`;
const second = `${stamp}_b@example.com`;
const third = `${stamp}_c@example.com`;
const title = `The newsletter ${stamp}`;
let readerPage: Page;
let editorPage: Page;
let postId = 0;
/** The first newsletter mail of each reader: first, second, third. */
const firstMails: ParsedMail[] = [];
const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
});

/** Sends the post again from its row (a fresh list: the row knows from the server that it went), and waits for the send to finish. */
async function sendAgainFromRow(page: Page, subscribers: string): Promise<void> {
  await visit(page, '/blog-admin');
  await row(page, title).getByText(/^Emailed /).waitFor();
  await row(page, title).getByRole('button', { name: `Send again: "${title}"` }).click();
  const again = page.getByRole('dialog', { name: `Send again to ${subscribers}?` });
  await again.waitFor();
  await again.getByRole('button', { name: 'Send again' }).click();
  await again.waitFor({ state: 'hidden' });
  await row(page, title).getByRole('status').filter({ hasText: /^Finished at/ }).waitFor({ timeout: 15_000 });
}

describe('the newsletter, from subscribing to a send to leaving', () => {
  test('readers subscribe and confirm; the editor sends a post from the desk and sees it finish; each reader gets it', async () => {
    // A reader subscribes on the home page, and confirms with the mail's link in the browser.
    const reader = await readerContext();
    contexts.push(reader);
    readerPage = await reader.newPage();
    await visitAndDismissAuth(readerPage, '/');
    await subscribeOnHome(readerPage, first);
    const [confirmMail] = await mailFor(first);
    await readerPage.goto(linkIn(confirmMail!, '/newsletter/confirm'));
    await readerPage.getByRole('heading', { name: "You're subscribed" }).waitFor();

    // Two more, from another browser: their links opened as a mail client's preview would (a GET).
    const others = await readerContext();
    contexts.push(others);
    const othersPage = await others.newPage();
    await visitAndDismissAuth(othersPage, '/');
    for (const address of [second, third]) {
      await subscribeOnHome(othersPage, address);
      const [mail] = await mailFor(address);
      const confirmed = await fetch(linkIn(mail!, '/newsletter/confirm'));
      expect(confirmed.status).toBe(200);
    }

    // The editor sends a published post from the desk: it asks first, then shows the send.
    const page = (editorPage = await browser.newPage(DESKTOP));
    await visit(page, '/blog-admin');
    postId = (await api<{ id: number }>(page, 'POST', '/api/blog/create', { title, content: 'A word for the week.', category: 'theology', readTime: 2 })).id;
    await visit(page, '/blog-admin');
    await row(page, title).getByRole('button', { name: `Send as newsletter: "${title}"` }).click();
    const dialog = page.getByRole('dialog', { name: 'Send to 3 subscribers?' });
    await dialog.waitFor();
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await shoot(page, 'newsletter-dialog');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    expect(await toastText(page, 'Newsletter on its way')).toContain(`"${title}" is being sent to 3 subscribers.`);
    await dialog.waitFor({ state: 'hidden' });
    await row(page, title).getByRole('status').filter({ hasText: /^Finished at .+Sent 3 of 3$/ }).waitFor({ timeout: 15_000 });
    expect(await row(page, title).getByRole('button', { name: `Send again: "${title}"` }).count()).toBe(1);
    await shoot(page, 'newsletter-progress', row(page, title));

    // Each subscriber has it: the post's title as the subject, "Read on the site", a way to leave.
    for (const address of [first, second, third]) {
      const mail = (await mailFor(address, 2))[1]!;
      expect(mail.subject).toBe(title);
      expect(mail.html).toContain('Read on the site');
      expect(mail.html).toContain(`/blog/${postId}`);
      expect(headerLine(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      firstMails.push(mail);
    }
  });

  test("a reader leaves by their mail client's one-click POST; sent again from the post's form, it reaches the others alone", async () => {
    // RFC 8058: form-encoded, to the List-Unsubscribe address, from no page and with no cookie.
    const oneClick = /<([^>]+)>/.exec(headerLine(firstMails[1]!, 'list-unsubscribe') ?? '')![1]!;
    const left = await fetch(oneClick, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click', redirect: 'manual' });
    expect(left.status).toBe(200);
    expect(await left.text()).toContain('You&#39;re unsubscribed');

    const page = editorPage;
    await visit(page, '/blog-admin');
    await row(page, title).getByRole('button', { name: `Edit "${title}"` }).click();
    const panel = main(page).getByRole('region', { name: 'Newsletter' });
    await panel.getByText(/^Finished at/).waitFor();
    await panel.getByRole('button', { name: `Send again: "${title}"` }).click();
    const again = page.getByRole('dialog', { name: 'Send again to 2 subscribers?' });
    await again.waitFor();
    await again.getByText(/^Last sent .+ to 3 subscribers\./).waitFor();
    await again.getByRole('button', { name: 'Send again' }).click();
    await again.waitFor({ state: 'hidden' });
    await panel.getByRole('status').filter({ hasText: /^Finished at .+Sent 2 of 2$/ }).waitFor({ timeout: 15_000 });
    await shoot(page, 'newsletter-panel', panel);

    // A new article with a time ahead can be marked to go out when it is published.
    await main(page).getByRole('button', { name: 'Cancel' }).click();
    const publishAt = main(page).getByLabel('Publish at', { exact: true });
    await publishAt.fill('2099-06-07T09:30');
    const mark = main(page).getByRole('checkbox', { name: 'Email subscribers when published' });
    await mark.check();
    await shoot(page, 'newsletter-checkbox', mark);
    await mark.uncheck();
    await publishAt.fill('');

    expect((await mailFor(first, 3))[2]!.subject).toBe(title);
    expect((await mailFor(third, 3))[2]!.subject).toBe(title);
    // Time for a stray message to arrive: none comes to the one who left.
    await page.waitForTimeout(500);
    expect(mailTo(second)).toHaveLength(2);
  });

  test("a reader leaves with the mail's page and its Unsubscribe button; a send then reaches neither who left", async () => {
    await readerPage.goto(linkIn(firstMails[0]!, '/newsletter/unsubscribe'));
    await readerPage.getByRole('heading', { name: 'Unsubscribe from the newsletter?' }).waitFor();
    await readerPage.getByRole('button', { name: 'Unsubscribe' }).click();
    await readerPage.getByRole('heading', { name: "You're unsubscribed" }).waitFor();

    await sendAgainFromRow(editorPage, '1 subscriber');
    expect((await mailFor(third, 4))[3]!.subject).toBe(title);
    await editorPage.waitForTimeout(500);
    expect(mailTo(first)).toHaveLength(3);
    expect(mailTo(second)).toHaveLength(2);
  });
});
