// The editor's desk (/blog-admin and its sections, docs/product.md#blog-management) in Chromium:
// axe on every section at a phone's and a desktop's size, who may open it, and the journeys of its
// sections. A server of the file's own (its subscribers, reports and devotionals are the file's
// alone, and a second editor is granted on its database). The file's context is the editor's,
// signed in once; readers and the second editor get contexts of their own.
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { appReady, authDialog, toastText, uniqueUsername, visit, visitAndDismissAuth } from '#e2e/support/app';
import { DESKTOP, MOBILE, screenshot, useBrowser } from '#e2e/support/browser';
import { api, seriousAxeViolations, signInThroughApi } from '#e2e/support/desk';
import { addEditorAccount, startOwnServer, type OwnServer } from '#e2e/support/own-server';

/** The second editor (the file's context is 'editor'). */
const OTHER_EDITOR = 'editor_two';

let server: OwnServer | undefined;
beforeAll(async () => {
  server = await startOwnServer();
  await addEditorAccount(server.running.db, OTHER_EDITOR);
  // The server's renderer loads with its first page: before the browser keeps the server busy,
  // else that first render can run out of its time and send the app shell instead.
  await (await fetch(new URL('/blog', server.url), { headers: { Accept: 'text/html' } })).text();
});
afterAll(async () => {
  await server?.close();
});
const baseURL = () => {
  if (!server) throw new Error('the server is not started');
  return server.url;
};

const browser = useBrowser(baseURL);
beforeAll(async () => {
  await signInThroughApi(browser.context(), 'editor');
});

/** The desk's sections, as its nav names them, each with a heading that shows once it is in. */
const SECTIONS = [
  { label: 'Posts', path: '/blog-admin', heading: /^All Posts/ },
  { label: 'Videos', path: '/blog-admin/videos', heading: /^All Videos/ },
  { label: 'Devotionals', path: '/blog-admin/devotionals', heading: /^Devotionals$/ },
  { label: 'Live', path: '/blog-admin/live', heading: /^Streams$/ },
  { label: 'Comments', path: '/blog-admin/comments', heading: /^Reported comments/ },
  { label: 'Subscribers', path: '/blog-admin/subscribers', heading: /^Subscribers/ },
  { label: 'Activity', path: '/blog-admin/activity', heading: /^Activity$/ },
] as const;

/** The sections photographed at each size (screenshots/desk-*.png). */
const SCREENSHOTS: readonly string[] = ['Posts', 'Videos', 'Devotionals', 'Subscribers'];

const main = (page: Page) => page.getByRole('main');
const deskNav = (page: Page) => page.getByRole('navigation', { name: "Editor's desk" });

/** Whether `locator` is on screen, its top not under the sticky header: what an editor sees. */
const inView = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + Math.min(box.height / 2, 16);
    return y >= 0 && y <= window.innerHeight && el.contains(document.elementFromPoint(x, y));
  });

/** Waits until a section has its data: its heading, and no skeleton or "Loading…" left in the page. */
async function sectionReady(page: Page, heading: RegExp): Promise<void> {
  await main(page).getByRole('heading', { level: 2, name: heading }).waitFor();
  await page.waitForFunction(() => !document.querySelector('main [aria-label^="Loading"], main .skeleton'));
}

/** The page's robots meta (React puts the route's <meta> into the head). */
const robots = (page: Page) => page.evaluate(() => [...document.head.querySelectorAll('meta[name="robots"]')].map((m) => m.getAttribute('content')));

/** What the pages of the other people's contexts threw (the file's own are watched by useBrowser). */
const thrown: string[] = [];
afterEach(() => {
  const found = thrown.splice(0);
  if (found.length) throw new Error(`The page threw:\n${found.join('\n')}`);
});

/**
 * Another context of the file's browser, its pages' errors failing the test. Without the service
 * worker: each context's would download the whole precache, which no journey here needs.
 */
async function otherContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.browser().newContext({ baseURL: baseURL(), viewport: DESKTOP, serviceWorkers: 'block', ...options });
  context.setDefaultTimeout(10_000);
  context.on('page', (page) => page.on('pageerror', (error) => thrown.push(`${page.url()}: ${error.message}`)));
  return context;
}

/** Another person's browser, signed in as `username` unless null. */
async function personContext(username: string | null): Promise<BrowserContext> {
  const context = await otherContext();
  if (username) await signInThroughApi(context, username);
  return context;
}

interface CreatedPost {
  id: number;
  title: string;
  version: number;
}

/** A published post made through the API (the journeys that are not about writing one). */
async function createPost(page: Page, title: string, content: string): Promise<CreatedPost> {
  return api<CreatedPost>(page, 'POST', '/api/blog/create', { title, content, category: 'theology', readTime: 3 });
}

const unique = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

/** Opens `title` in the Posts section's form ("Edit") and waits for it to be filled in. */
async function openForEditing(page: Page, title: string): Promise<void> {
  await visit(page, '/blog-admin');
  await main(page).getByRole('button', { name: `Edit "${title}"` }).click();
  await main(page).getByRole('heading', { level: 2, name: 'Edit Article' }).waitFor();
  await expect.poll(() => main(page).getByLabel('Title', { exact: true }).inputValue()).toBe(title);
}

/** The post's page as a reader's browser renders it: its text. */
async function postText(page: Page, id: number): Promise<string> {
  await visit(page, `/blog/${id}`);
  // Not the skeleton (aria-busy) shown while the Markdown renderer loads: that is empty.
  const prose = main(page).locator('.blog-prose:not([aria-busy])');
  await prose.waitFor();
  return (await prose.textContent()) ?? '';
}

describe('the desk: accessibility and who may open it', () => {
  test('axe finds nothing serious in any section, at a phone and a desktop size; each is noindex', async () => {
    // axe's script is put into the page, which the app's CSP refuses: a context that bypasses it,
    // with the editor's cookies and saved sign-in.
    const context = await otherContext({ bypassCSP: true, storageState: await browser.context().storageState() });
    const found: string[] = [];
    try {
      for (const [size, viewport, first] of [
        ['mobile', MOBILE, '/blog-admin/posts'],
        ['desktop', DESKTOP, '/blog-admin'],
      ] as const) {
        const page = await context.newPage();
        await page.setViewportSize(viewport);
        await visit(page, first);
        for (const section of SECTIONS) {
          if (section.label !== 'Posts') {
            await deskNav(page).getByRole('link', { name: section.label, exact: true }).click();
            await page.waitForURL((url) => url.pathname === section.path);
          }
          await sectionReady(page, section.heading);
          // Its tab is the current one (Posts at /blog-admin/posts too).
          expect(await deskNav(page).getByRole('link', { name: section.label, exact: true }).getAttribute('aria-current'), section.path).toBe('page');
          expect(await robots(page), section.path).toEqual(['noindex']);
          const violations = await seriousAxeViolations(page);
          if (violations.length) found.push(`${section.path} (${size}):\n  ${violations.join('\n  ')}`);
          if (SCREENSHOTS.includes(section.label)) await screenshot(page, `desk-${section.label.toLowerCase()}`, [size]);
        }
        await page.close();
      }
    } finally {
      await context.close();
    }
    if (found.length) console.log(`axe:\n${found.join('\n')}`);
    expect(found).toEqual([]);
  });

  test('signed out, a desk section asks for an editor to sign in; a reader is told it is for editors only', async () => {
    const visitor = await personContext(null);
    const page = await visitor.newPage();
    await page.setViewportSize(MOBILE);
    await visitAndDismissAuth(page, '/blog-admin/videos');
    await page.getByRole('heading', { level: 1, name: 'Blog Management' }).waitFor();
    await main(page).getByText('Blog Management is for editors. Please sign in with an editor account.').waitFor();
    expect(await robots(page)).toEqual(['noindex']);
    expect(await deskNav(page).count()).toBe(0);
    expect(await main(page).getByRole('heading', { name: 'Add video' }).count()).toBe(0);
    await main(page).getByRole('button', { name: 'Sign in' }).click();
    await authDialog(page).waitFor();
    await visitor.close();

    const username = uniqueUsername('reader');
    const reader = await personContext(username);
    const readerPage = await reader.newPage();
    await visit(readerPage, '/blog-admin/videos');
    await main(readerPage).getByText('This page is for editors only.').waitFor();
    await main(readerPage).getByText(`You are signed in as @${username}`).waitFor();
    expect(await robots(readerPage)).toEqual(['noindex']);
    expect(await deskNav(readerPage).count()).toBe(0);
    expect(await main(readerPage).getByRole('heading', { name: 'Add video' }).count()).toBe(0);
    await screenshot(readerPage, 'desk-not-editor', ['desktop']);
    // The API refuses them too.
    await expect(api(readerPage, 'GET', '/api/newsletter/subscribers')).rejects.toThrow(/: 403 /);
    await reader.close();
  });
});

describe('the desk: posts', () => {
  test("two editors save the same post: the second is told who saved since, and 'Keep mine' saves theirs", async () => {
    const pageA = await browser.newPage(DESKTOP);
    await visit(pageA, '/blog-admin');
    const post = await createPost(pageA, `E2E conflict ${unique()}`, 'The first text.');
    const other = await personContext(OTHER_EDITOR);
    const pageB = await other.newPage();
    await pageB.setViewportSize(MOBILE);

    await openForEditing(pageA, post.title);
    await openForEditing(pageB, post.title);

    await main(pageA).getByLabel('Content (Markdown)').fill("Editor A's words.");
    await main(pageA).getByRole('button', { name: 'Update' }).click();
    expect(await toastText(pageA, 'Blog post updated')).toContain('Blog post updated');

    await main(pageB).getByLabel('Content (Markdown)').fill("Editor B's words.");
    await main(pageB).getByRole('button', { name: 'Update' }).click();
    const conflict = main(pageB).getByRole('alert').filter({ hasText: 'since you opened it' });
    await conflict.getByText('This post was changed by @editor since you opened it').waitFor();
    await conflict.getByRole('button', { name: 'Load their version' }).waitFor();
    // On the phone, where Update is at the form's foot, the question is brought into view.
    await expect.poll(() => inView(conflict)).toBe(true);
    await screenshot(pageB, 'desk-post-conflict', ['mobile']);
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    expect(await toastText(pageB, 'Blog post updated')).toContain('Blog post updated');
    await conflict.waitFor({ state: 'detached' });

    const text = await postText(pageB, post.id);
    expect(text).toContain("Editor B's words.");
    expect(text).not.toContain("Editor A's words.");
    await other.close();
    await pageA.close();
  });

  test('History: restoring an older version and saving it puts its text back on the post page', async () => {
    const page = await browser.newPage(DESKTOP);
    await visit(page, '/blog-admin');
    const post = await createPost(page, `E2E history ${unique()}`, 'The original words.');
    await api(page, 'PUT', `/api/blog/${post.id}`, { title: post.title, content: 'The newer words.', category: 'theology', readTime: 3, version: post.version });

    await openForEditing(page, post.title);
    const form = main(page).locator('form').filter({ has: page.getByRole('heading', { name: 'Edit Article' }) });
    await form.getByText('History', { exact: true }).click();
    const versions = form.getByRole('list', { name: 'Saved versions' });
    await versions.getByRole('button', { name: `Restore version ${post.version}` }).click();
    expect(await toastText(page, `Version ${post.version} is in the form`)).toContain('Save to make it the post again.');
    expect(await form.getByLabel('Content (Markdown)').inputValue()).toBe('The original words.');
    await form.getByRole('button', { name: 'Update' }).click();
    expect(await toastText(page, 'Blog post updated')).toContain('Blog post updated');

    const text = await postText(page, post.id);
    expect(text).toContain('The original words.');
    expect(text).not.toContain('The newer words.');
    await page.close();
  });

  test("the service worker keeps a reader's answer for offline, never the desk's (no-store: drafts would outlive the editor's sign-out)", async () => {
    const page = await browser.newPage(DESKTOP);
    await visit(page, '/blog-admin');
    const post = await createPost(page, `E2E kept ${unique()}`, 'Published words.');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const kept = await page.evaluate(async (id) => {
      for (const path of [`/api/blog/${id}`, `/api/blog/${id}?status=all`, `/api/blog/${id}/versions`, '/api/blog?status=draft&limit=21']) {
        const answer = await fetch(path);
        if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
      }
      return (await (await caches.open('api-content')).keys()).map((request) => new URL(request.url)).map((url) => url.pathname + url.search);
    }, post.id);
    expect(kept).toContain(`/api/blog/${post.id}`);
    expect(kept.filter((path) => /[?&]status=|\/versions/.test(path))).toEqual([]);
    await page.close();
  });

  test("what is typed in a new post survives a reload: 'Restore unsaved changes' brings it back, 'Discard' lets it go", async () => {
    const page = await browser.newPage(MOBILE);
    await visit(page, '/blog-admin');
    const title = `E2E unsaved ${unique()}`;
    const titleField = main(page).getByLabel('Title', { exact: true });
    const content = main(page).getByLabel('Content (Markdown)');
    await main(page).getByRole('heading', { level: 2, name: 'Add New Article' }).waitFor();
    await titleField.fill(title);
    await content.fill('Words not saved yet.');
    // Kept on the device a moment after the last key.
    await page.waitForFunction((t) => localStorage.getItem('cik.desk.post.new')?.includes(t) === true, title);

    const offer = main(page).getByRole('status').filter({ hasText: 'You have unsaved changes from' });
    await page.reload();
    await appReady(page);
    await offer.waitFor();
    expect(await titleField.inputValue()).toBe('');
    await screenshot(page, 'desk-unsaved', ['mobile']);
    await offer.getByRole('button', { name: 'Restore unsaved changes' }).click();
    await offer.waitFor({ state: 'detached' });
    expect(await titleField.inputValue()).toBe(title);
    expect(await content.inputValue()).toBe('Words not saved yet.');

    await page.reload();
    await appReady(page);
    await offer.getByRole('button', { name: 'Discard' }).click();
    await offer.waitFor({ state: 'detached' });
    expect(await titleField.inputValue()).toBe('');
    await page.waitForFunction(() => localStorage.getItem('cik.desk.post.new') === null);
    await page.reload();
    await appReady(page);
    await main(page).getByRole('heading', { level: 2, name: 'Add New Article' }).waitFor();
    expect(await offer.count()).toBe(0);
    await page.close();
  });
  test('offline, a post\'s Save waits with its note, and goes once back online, exactly once', async () => {
    const page = await browser.newPage(MOBILE);
    await visit(page, '/blog-admin');
    await main(page).getByRole('heading', { level: 2, name: 'Add New Article' }).waitFor();
    const title = `E2E saved offline ${unique()}`;
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/blog/create') sent.push(request.headers()['idempotency-key'] ?? '');
    });
    await browser.context().setOffline(true);
    try {
      await main(page).getByText("You're offline: changes will be saved when you're back online").waitFor();
      await main(page).getByLabel('Title', { exact: true }).fill(title);
      await main(page).getByLabel('Content (Markdown)').fill('Written in a church basement.');
      await main(page).getByRole('button', { name: 'Publish Article' }).click();
      await main(page).getByText("You're offline: the post will be saved when you're back online.").waitFor();
      await screenshot(page, 'desk-save-waiting', ['mobile']);
      expect(sent).toEqual([]);
    } finally {
      await browser.context().setOffline(false);
    }
    expect(await toastText(page, 'Blog post created successfully')).toContain('Blog post created successfully');
    const found = await api<Array<{ title: string }>>(page, 'GET', `/api/blog?status=all&q=${encodeURIComponent(title)}`);
    expect(found.filter((post) => post.title === title)).toHaveLength(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^[0-9a-f]{32}$/);
    await page.close();
  });
});

describe('the desk: videos, devotionals, comments, subscribers', () => {
  test('videos by a youtu.be and a /shorts/ link (a short); a bad link and a second add of one video are refused; both on /videos', async () => {
    const page = await browser.newPage(MOBILE);
    await visit(page, '/blog-admin/videos');
    await sectionReady(page, /^All Videos/);
    const form = main(page).locator('form').filter({ has: page.getByRole('heading', { level: 2, name: 'Add video' }) });
    const link = form.getByLabel('YouTube link');
    const word = `zq${unique()}`;
    const id = (n: number) => `${word}xxxxxxxxx`.slice(0, 10) + String(n);
    const add = async (url: string, title: string) => {
      await link.fill(url);
      await form.getByLabel('Title', { exact: true }).fill(title);
      await form.getByLabel('Duration').fill('4:05');
      await form.getByRole('button', { name: 'Add video' }).click();
    };

    await add('https://example.com/watch?v=abcdefghijk', 'Not a video');
    await form.getByText('url must be a YouTube link').waitFor();
    expect(await link.getAttribute('aria-invalid')).toBe('true');

    const video = `E2E video ${word}`;
    await add(`https://youtu.be/${id(1)}`, video);
    expect(await toastText(page, 'Video added')).toContain('Video added');
    const list = main(page).getByRole('region', { name: /^All Videos/ });
    const videoRow = list.getByRole('listitem', { name: video });
    await videoRow.waitFor();
    expect(await videoRow.getByText('Short', { exact: true }).count()).toBe(0);

    const short = `E2E short ${word}`;
    await link.fill(`https://www.youtube.com/shorts/${id(2)}`);
    await form.getByText(`A short (${id(2)}).`).waitFor();
    await add(`https://www.youtube.com/shorts/${id(2)}`, short);
    expect(await toastText(page, 'Video added')).toContain('Video added');
    await list.getByRole('listitem', { name: short }).getByText('Short', { exact: true }).waitFor();

    // The same YouTube video again, by another of its links: the form names the one on the site.
    await add(`https://www.youtube.com/watch?v=${id(1)}`, 'The same again');
    const taken = form.getByRole('alert');
    await taken.getByText(`This YouTube video is already on the site as "${video}".`).waitFor();
    await taken.getByRole('button', { name: `Edit “${video}”` }).waitFor();
    await expect.poll(() => inView(taken)).toBe(true);
    await screenshot(page, 'desk-video-taken', ['mobile']);

    await visit(page, `/videos?q=${word}`);
    await main(page).getByRole('link', { name: new RegExp(video) }).waitFor();
    await main(page).getByRole('link', { name: new RegExp(short) }).waitFor();
    await page.close();
  });

  test("tomorrow's devotional: 'Not written yet', Write, Save; the row shows it, and today's is unchanged", async () => {
    const page = await browser.newPage(DESKTOP);
    await visit(page, '/blog-admin/devotionals');
    await sectionReady(page, /^Devotionals$/);
    const dates = await page.evaluate(() => {
      const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      const now = new Date();
      return { today: day(now), tomorrow: day(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1)) };
    });
    const todayBefore = await api<{ devotionalTitle: string }>(page, 'GET', `/api/devotional/today?date=${dates.today}`);

    const row = main(page).getByRole('list', { name: 'Days' }).getByRole('listitem').filter({ hasText: 'Tomorrow' });
    await row.getByText('Not written yet').waitFor();
    await row.getByRole('button', { name: /^Write the devotional for / }).click();
    const form = main(page).locator('form').filter({ has: page.getByRole('heading', { level: 2, name: 'Write devotional' }) });
    const title = `E2E devotional ${unique()}`;
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Verse reference').fill('Psalm 118:24');
    await form.getByLabel('Verse text').fill('This is the day which the LORD hath made; we will rejoice and be glad in it.');
    await form.getByLabel('Reflection').fill('Tomorrow is a gift too: written the day before.');
    await form.getByRole('button', { name: 'Save devotional' }).click();
    expect(await toastText(page, 'Devotional saved')).toContain('Devotional saved');
    await row.getByText(title).waitFor();
    expect(await row.getByText('Not written yet').count()).toBe(0);
    await row.getByRole('button', { name: /^Edit the devotional for / }).waitFor();

    expect((await api<{ devotionalTitle: string }>(page, 'GET', `/api/devotional/today?date=${dates.today}`)).devotionalTitle).toBe(todayBefore.devotionalTitle);
    expect((await api<{ devotionalTitle: string }>(page, 'GET', `/api/devotional/today?date=${dates.tomorrow}`)).devotionalTitle).toBe(title);
    await page.close();
  });

  test('a comment a reader reports (with a reason) is on the desk; Hide takes it off the post for everyone', async () => {
    const editorPage = await browser.newPage(DESKTOP);
    await visit(editorPage, '/blog-admin');
    const post = await createPost(editorPage, `E2E comments ${unique()}`, 'A post to talk about.');

    const writer = await personContext(uniqueUsername('writer'));
    const writerPage = await writer.newPage();
    await visit(writerPage, `/blog/${post.id}`);
    const author = await writerPage.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { id: number; name: string });
    const words = `A rude remark ${unique()}`;
    await api(writerPage, 'POST', '/api/comments', { userId: author.id, contentType: 'blog', contentId: post.id, comment: words });

    const reporter = await personContext(uniqueUsername('reporter'));
    const reporterPage = await reporter.newPage();
    await reporterPage.setViewportSize(MOBILE);
    await visit(reporterPage, `/blog/${post.id}`);
    const comments = main(reporterPage).getByRole('list', { name: 'Comments, newest first' });
    await comments.getByText(words).waitFor();
    await comments.getByRole('button', { name: `Report comment by ${author.name}` }).click();
    const dialog = reporterPage.getByRole('dialog', { name: 'Report this comment' });
    await dialog.getByLabel('Reason (optional)').fill('Unkind to other readers');
    await dialog.getByRole('button', { name: 'Report', exact: true }).click();
    expect(await toastText(reporterPage, 'Thanks, an editor will look at it')).toContain('Thanks');
    await dialog.waitFor({ state: 'hidden' });

    await visit(editorPage, '/blog-admin/comments');
    await sectionReady(editorPage, /^Reported comments/);
    const reported = main(editorPage).getByRole('listitem', { name: `Reported comment by ${author.name}` });
    await reported.getByText(words).waitFor();
    await reported.getByRole('list', { name: 'Reasons' }).getByText('“Unkind to other readers”').waitFor();
    await reported.getByRole('link', { name: post.title }).waitFor();
    await screenshot(editorPage, 'desk-comments-reported', ['desktop']);
    await reported.getByRole('button', { name: `Hide comment by ${author.name}` }).click();
    expect(await toastText(editorPage, 'Comment hidden')).toContain('Comment hidden');
    await reported.waitFor({ state: 'detached' });
    await main(editorPage).getByText('No reported comments.').waitFor();

    // Gone for the reader who reported it, for its writer, and from the page as the server renders it.
    for (const page of [reporterPage, writerPage]) {
      await visit(page, `/blog/${post.id}`);
      await main(page).getByText('No comments yet. Be the first to share your thoughts.').waitFor();
      expect(await main(page).getByText(words).count()).toBe(0);
    }
    const rendered = await editorPage.request.get(`/blog/${post.id}`);
    expect(rendered.status()).toBe(200);
    expect(await rendered.text()).not.toContain(words);
    await writer.close();
    await reporter.close();
    await editorPage.close();
  });

  /** The confirmation link mailed to `email`: this file's server writes its mail as .eml files (no SMTP_URL). */
  async function confirmLinkFor(email: string): Promise<string> {
    const dir = server!.running.config.mail.dir;
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
            const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
            const to = mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined;
            if (to === email) link = /https?:\/\/\S+\/newsletter\/confirm\?token=[A-Za-z0-9_-]+/.exec(mail.text ?? '')?.[0];
          }
          return link;
        },
        { timeout: 15_000, interval: 100 },
      )
      .toBeTruthy();
    return link!;
  }

  test('Subscribers lists a new subscriber, and Export CSV downloads a file with them', async () => {
    const page = await browser.newPage(MOBILE);
    await visit(page, '/blog-admin');
    const email = `e2e.${unique()}@example.com`;
    await api(page, 'POST', '/api/newsletter', { email });
    // The desk lists confirmed addresses: the reader confirms from the mail (docs/decisions/017).
    await page.goto(await confirmLinkFor(email));
    await page.getByRole('heading', { name: "You're subscribed" }).waitFor();
    await visit(page, '/blog-admin');
    const { count } = await api<{ count: number }>(page, 'GET', '/api/newsletter/subscribers');

    await deskNav(page).getByRole('link', { name: 'Subscribers', exact: true }).click();
    await sectionReady(page, /^Subscribers/);
    await main(page).getByRole('heading', { level: 2, name: new RegExp(`^Subscribers\\s*\\(${count}\\)$`) }).waitFor();
    await main(page).getByRole('table').getByRole('cell', { name: email }).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), main(page).getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('subscribers.csv');
    const csv = fs.readFileSync(await download.path(), 'utf8');
    expect(csv.split(/\r?\n/)[0]).toBe('email,subscribed_at');
    expect(csv).toContain(`${email},`);
    await page.close();
  });
});
