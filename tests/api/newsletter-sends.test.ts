// Sending a post to the newsletter's subscribers (docs/product.md#newsletter,
// docs/decisions/017-newsletter-double-opt-in.md): the editor's sends, their progress from the mail
// queue, and "Email subscribers when published", through a real sender and a loopback SMTP server.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { startNewsletterJob, type NewsletterJob } from '#api/modules/newsletter/newsletter.service';
import { insertBlogPost } from '../support/fixtures';
import { editorClient, headerLine, insertConfirmed, startMailbox, waitUntil, type Mailbox } from '../support/newsletter';
import { sleep } from '../support/server-process';
import { signUp, startTestApp, uniqueName, useTestApp, type ApiClient } from '../support/test-app';

const app = useTestApp();
let mailbox: Mailbox;
let editor: { client: ApiClient; email: string };
/** The confirmed subscribers every test's send goes to (plus any a test adds). */
const SUBSCRIBERS = ['one@subscribers.example', 'two@subscribers.example', 'three@subscribers.example'];
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  mailbox = await startMailbox(app.db);
  editor = await editorClient(app);
  await insertConfirmed(app.db, SUBSCRIBERS);
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  await mailbox?.close();
});

const send = (body: unknown, client = editor.client) => client.post('/api/newsletter/sends', body);
const confirmedCount = async () => Number((await app.db('newsletter_subscriptions').whereNotNull('confirmed_at').count({ n: '*' }).first())?.n);
const queuedFor = async (sendId: number) => Number((await app.db('outgoing_mail').where({ newsletter_send_id: sendId }).count({ n: '*' }).first())?.n);
const publishedPost = (overrides: Record<string, unknown> = {}) => insertBlogPost(app.db, { title: `Sent ${uniqueName('p')}`, content: 'Hello **subscribers**.', ...overrides });
const finished = (id: number) =>
  waitUntil(`send ${id} finished`, async () => {
    const res = await editor.client.get(`/api/newsletter/sends/${id}`);
    return res.body.status === 'finished' && res.body;
  });

describe('POST /api/newsletter/sends: who may send, and what', () => {
  test('signed out: 401; a reader: 403; nothing queued', async () => {
    const postId = await publishedPost();
    const anonymous = await app.client().post('/api/newsletter/sends', { postId });
    expect([anonymous.status, typeof anonymous.body.message]).toEqual([401, 'string']);
    const reader = app.client();
    await signUp(reader, uniqueName('reader'));
    const refused = await reader.post('/api/newsletter/sends', { postId });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'Only editors can send the newsletter.' });
    for (const path of ['/api/newsletter/sends/1', `/api/newsletter/sends?postId=${postId}`]) {
      expect((await app.client().get(path)).status).toBe(401);
      expect((await reader.get(path)).status).toBe(403);
    }
    expect(await app.db('newsletter_sends').where({ post_id: postId })).toEqual([]);
  });

  test.each([
    ['no body', undefined],
    ['no postId', {}],
    ['a postId that is not one', { postId: 'abc' }],
    ['a negative postId', { postId: -1 }],
    ['test that is not a boolean', { postId: 1, test: 'yes' }],
    ['again that is not a boolean', { postId: 1, again: 1 }],
  ])('%s: 400 with a message', async (_label, body) => {
    const res = await send(body);
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
  });

  test('malformed JSON: 400, not 500', async () => {
    const res = await editor.client.post('/api/newsletter/sends', undefined, { raw: '{"postId":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
  });

  test('an unknown post: 404', async () => {
    const res = await send({ postId: 99_999_999 });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Article not found' });
  });

  test('a draft or a scheduled post: 409 with a clear message, nothing queued', async () => {
    const draft = await publishedPost({ status: 'draft' });
    const draftRes = await send({ postId: draft });
    expect(draftRes.status).toBe(409);
    expect(draftRes.body.message).toMatch(/draft: publish it before/);
    const scheduled = await publishedPost({ published_at: new Date(Date.now() + 86_400_000).toISOString() });
    const scheduledRes = await send({ postId: scheduled });
    expect(scheduledRes.status).toBe(409);
    expect(scheduledRes.body.message).toMatch(/^This post is scheduled for .*: it can be sent once it is published/);
    expect(await app.db('newsletter_sends').whereIn('post_id', [draft, scheduled])).toEqual([]);
  });
});

describe('sending a post', () => {
  test('test: true goes to the signed-in editor alone (recipients 1) and is not the send', async () => {
    const postId = await publishedPost();
    const before = mailbox.smtp.received.length;
    const res = await send({ postId, test: true });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ id: expect.any(Number), recipients: 1 });
    const [mail] = await mailbox.waitFor(editor.email);
    expect((await finished(res.body.id)).sent).toBe(1);
    await sleep(100);
    expect(mailbox.smtp.received.length).toBe(before + 1);
    expect(mail!.subject).toMatch(/^Sent /);
    const sentAt = async () => (await editor.client.get(`/api/blog/${postId}?status=all`)).body.newsletterSentAt;
    expect(await sentAt()).toBeNull();
    // Not the send: the real one goes without `again`.
    const real = await send({ postId });
    expect(real.status).toBe(202);
    expect(real.body.recipients).toBe(await confirmedCount());
    // The desk's post and its list say when it went out.
    expect(Date.parse(await sentAt())).toBeGreaterThan(Date.now() - 60_000);
    const listed = (await editor.client.get('/api/blog?status=published&limit=100')).body as Array<{ id: number; newsletterSentAt: string | null }>;
    expect(listed.find((p) => p.id === postId)?.newsletterSentAt).toBe(await sentAt());
    expect(listed.filter((p) => p.id !== postId).every((p) => p.newsletterSentAt === null || typeof p.newsletterSentAt === 'string')).toBe(true);
  });

  test('once: a second send is 409 naming the date; again: true sends it again; progress counts from the queue', async () => {
    const postId = await publishedPost();
    const first = await send({ postId });
    expect(first.status).toBe(202);
    const recipients = await confirmedCount();
    expect(first.body.recipients).toBe(recipients);
    expect(await queuedFor(first.body.id)).toBe(recipients);
    const status = await finished(first.body.id);
    expect(status).toEqual({ status: 'finished', sent: recipients, pending: 0, failed: 0, finishedAt: expect.any(String) });
    expect(Date.parse(status.finishedAt)).toBeGreaterThan(Date.now() - 60_000);

    const second = await send({ postId });
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/^This post was already sent to subscribers on \d{1,2} \w+ \d{4}/);
    expect(await app.db('newsletter_sends').where({ post_id: postId })).toHaveLength(1);

    const again = await send({ postId, again: true });
    expect(again.status).toBe(202);
    expect(again.body.id).not.toBe(first.body.id);
    await finished(again.body.id);
    const { title } = await app.db('blog_posts').where({ id: postId }).first();
    for (const address of SUBSCRIBERS) expect(mailbox.to(address).filter((m) => m.subject === title)).toHaveLength(2);

    const list = await editor.client.get(`/api/newsletter/sends?postId=${postId}`);
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(list.body.subscribers).toBe(recipients);
    expect(list.body.sends.map((s: { id: number }) => s.id)).toEqual([again.body.id, first.body.id]);
    expect(list.body.sends[1]).toMatchObject({ postId, test: false, recipients, status: 'finished', sent: recipients, pending: 0, failed: 0, createdBy: { username: expect.any(String) } });
  });

  test('while the queue waits: sending, with the messages pending; a refused message counts as failed', async () => {
    const postId = await publishedPost();
    await mailbox.close();
    const res = await send({ postId });
    const recipients = res.body.recipients;
    const waiting = await editor.client.get(`/api/newsletter/sends/${res.body.id}`);
    expect(waiting.body).toEqual({ status: 'sending', sent: 0, pending: recipients, failed: 0, finishedAt: null });
    // A mail server that refuses the second message for good (550).
    const refusing = await startMailbox(app.db, { answer: (n) => (n === 2 ? 550 : 250) });
    const status = await finished(res.body.id);
    expect(status).toMatchObject({ status: 'finished', sent: recipients - 1, pending: 0, failed: 1 });
    await refusing.close();
    mailbox = await startMailbox(app.db);
  });

  test('unknown send: 404; a bad id: 404; a bad postId query: 400; an unknown post: 404', async () => {
    expect((await editor.client.get('/api/newsletter/sends/99999999')).status).toBe(404);
    expect((await editor.client.get('/api/newsletter/sends/abc')).status).toBe(404);
    expect((await editor.client.get('/api/newsletter/sends?postId=abc')).status).toBe(400);
    expect((await editor.client.get('/api/newsletter/sends')).status).toBe(400);
    expect((await editor.client.get('/api/newsletter/sends?postId=99999999')).status).toBe(404);
  });
});

describe('the message', () => {
  test('subject the title; HTML with absolute links and pictures, inline styles, no script or style sheet; a text part; unsubscribe headers', async () => {
    const title = `Grace & truth ${uniqueName('m')}`;
    const postId = await publishedPost({
      title,
      content: 'Watch [the videos](/videos) or read [more](https://example.org/more).\n\n![A hill at dawn](/objects/0123456789abcdef)\n\n<script>alert(1)</script>',
    });
    const res = await send({ postId, test: true });
    expect(res.status).toBe(202);
    const mail = (await mailbox.waitFor(editor.email)).find((m) => m.subject === title)
      ?? (await waitUntil('the message', () => mailbox.to(editor.email).find((m) => m.subject === title)));
    const html = String(mail.html);
    expect(html).toContain(`<a href="${app.url}/blog/${postId}"`);
    expect(html).toContain('>Read on the site</a>');
    expect(html).toContain(`href="${app.url}/videos"`);
    expect(html).toContain(`src="${app.url}/objects/0123456789abcdef"`);
    expect(html).toContain('context is key');
    expect(html).toMatch(/style="[^"]+"/);
    expect(html).not.toMatch(/<script|<style/i);
    for (const [, url] of html.matchAll(/(?:href|src)="([^"]*)"/g)) expect(url).toMatch(/^https?:\/\//);
    expect(mail.text).toContain(`Read on the site: ${app.url}/blog/${postId}`);
    expect(mail.text).toContain(`the videos (${app.url}/videos)`);
    expect(mail.text).toMatch(/Unsubscribe: http/);
    expect(headerLine(mail, 'list-unsubscribe')).toMatch(/^List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/newsletter\/unsubscribe\?token=\S+>$/);
    expect(headerLine(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });
});

describe('"Email subscribers when published"', () => {
  function job(pollMs = 50): NewsletterJob {
    const j = startNewsletterJob(app.db, app.config, { holder: `publish-${uniqueName('j')}`, pollMs });
    cleanups.push(() => j.stop());
    return j;
  }
  const sendsOf = async (postId: number) => app.db('newsletter_sends').where({ post_id: postId, is_test: false });

  test('the desk reads the flag: on the post and in its lists', async () => {
    const created = await editor.client.post('/api/blog/create', {
      title: `Scheduled ${uniqueName('s')}`,
      content: 'Soon.',
      category: 'theology',
      publishedAt: new Date(Date.now() + 86_400_000).toISOString(),
      emailSubscribers: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'scheduled', emailSubscribers: true });
    const read = await editor.client.get(`/api/blog/${created.body.id}?status=scheduled`);
    expect(read.body.emailSubscribers).toBe(true);
    const list = await editor.client.get('/api/blog?status=all&limit=100');
    expect(list.body.every((p: { emailSubscribers?: unknown }) => typeof p.emailSubscribers === 'boolean')).toBe(true);
    expect(list.body.find((p: { id: number }) => p.id === created.body.id).emailSubscribers).toBe(true);
    // An edit that does not name the flag keeps it; one that does changes it.
    const kept = await editor.client.put(`/api/blog/${created.body.id}`, { title: 'Renamed', content: 'Soon.', category: 'theology', status: 'published', version: created.body.version });
    expect(kept.body.emailSubscribers).toBe(true);
    const cleared = await editor.client.put(`/api/blog/${created.body.id}`, { title: 'Renamed', content: 'Soon.', category: 'theology', status: 'published', version: kept.body.version, emailSubscribers: false });
    expect(cleared.body.emailSubscribers).toBe(false);
  });

  test('a scheduled post is sent once its time has passed, exactly once, and loses its flag', async () => {
    const created = await editor.client.post('/api/blog/create', {
      title: `Scheduled ${uniqueName('s')}`,
      content: 'Now it is out.',
      category: 'theology',
      publishedAt: new Date(Date.now() + 86_400_000).toISOString(),
      emailSubscribers: true,
    });
    const postId = created.body.id as number;
    job();
    await sleep(300);
    expect(await sendsOf(postId)).toEqual([]);
    // Its time passes (the publication instant set back, as the clock would have moved on).
    await app.db('blog_posts').where({ id: postId }).update({ published_at: new Date(Date.now() - 1000).toISOString() });
    const [sendRow] = await waitUntil('the send', async () => {
      const rows = await sendsOf(postId);
      return rows.length > 0 && rows;
    });
    const status = await finished(Number(sendRow.id));
    expect(status.sent).toBe(await confirmedCount());
    // A second job (another process) and more polls send nothing more.
    job();
    await sleep(300);
    expect(await sendsOf(postId)).toHaveLength(1);
    expect((await editor.client.get(`/api/blog/${postId}?status=published`)).body.emailSubscribers).toBe(false);
    for (const address of SUBSCRIBERS) expect(mailbox.to(address).filter((m) => m.subject === created.body.title)).toHaveLength(1);
  });

  test('a post published at once with the flag is sent at once (the job is woken, not polled)', async () => {
    job(60_000);
    await sleep(50);
    const created = await editor.client.post('/api/blog/create', { title: `Now ${uniqueName('n')}`, content: 'Out now.', category: 'theology', emailSubscribers: true });
    expect(created.status).toBe(201);
    const rows = await waitUntil('the send', async () => {
      const r = await sendsOf(created.body.id);
      return r.length > 0 && r;
    }, 3_000);
    expect(rows).toHaveLength(1);
    expect(Number(rows[0].recipients)).toBe(await confirmedCount());
  });

  test('a post already sent by hand is not sent again when marked: the flag is only cleared', async () => {
    const postId = await publishedPost();
    expect((await send({ postId })).status).toBe(202);
    await app.db('blog_posts').where({ id: postId }).update({ email_subscribers: true });
    const j = job(60_000);
    await j.wake();
    expect(await sendsOf(postId)).toHaveLength(1);
    expect((await app.db('blog_posts').where({ id: postId }).first()).email_subscribers).toBeFalsy();
  });
});

describe('a large list', () => {
  test('10,000 confirmed subscribers are queued in one transaction in seconds', async () => {
    const big = await startTestApp();
    try {
      const emails = Array.from({ length: 10_000 }, (_, i) => `reader${i}@big.example`);
      await big.db.transaction(async (trx) => {
        for (let i = 0; i < emails.length; i += 500) {
          const at = new Date().toISOString();
          await trx('newsletter_subscriptions').insert(emails.slice(i, i + 500).map((email) => ({ email, created_at: at, confirmed_at: at })));
        }
      });
      const postId = await insertBlogPost(big.db, { title: 'To everyone', content: '# Hello\n\nA post for ten thousand readers, with a [link](/blog).' });
      const { client } = await editorClient(big);
      const started = performance.now();
      const res = await client.post('/api/newsletter/sends', { postId });
      const took = performance.now() - started;
      expect(res.status).toBe(202);
      expect(res.body.recipients).toBe(10_000);
      expect(Number((await big.db('outgoing_mail').where({ newsletter_send_id: res.body.id, status: 'pending' }).count({ n: '*' }).first())?.n)).toBe(10_000);
      expect(took).toBeLessThan(15_000);
      console.log(`[newsletter] 10,000 messages queued in ${Math.round(took)} ms`);
    } finally {
      await big.close();
    }
  }, 60_000);
});
