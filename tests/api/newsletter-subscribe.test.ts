// The newsletter's double opt-in and unsubscribing (docs/decisions/017-newsletter-double-opt-in.md),
// through the mail a reader gets: a real sender and a loopback SMTP server (tests/support/newsletter.ts).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import os from 'node:os';
import { migrationSourceFor } from '#api/migrations/index';
import { newsletterService } from '#api/modules/newsletter/newsletter.service';
import { addressOf, headerLine, insertConfirmed, linkIn, startMailbox, editorClient, type Mailbox } from '../support/newsletter';
import { insertBlogPost } from '../support/fixtures';
import { uniqueName, useTestApp, type ApiResponse } from '../support/test-app';
import { createTestDatabase } from '../support/test-db';

const SUBSCRIBED = { message: "You've been subscribed to our newsletter." };
const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

const app = useTestApp();
let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox(app.db);
});
afterAll(async () => {
  await mailbox?.close();
});

const address = (tag = 'reader') => `${uniqueName(tag).toLowerCase()}@example.com`;
const subscribe = (email: string) => app.client().post('/api/newsletter', { email });
const rowOf = (email: string) => app.db('newsletter_subscriptions').whereRaw('lower(email) = ?', [email.toLowerCase()]).first();
const queuedTo = async (email: string) => (await app.db('outgoing_mail').where({ to_address: email }).orderBy('id')) as Array<{ kind: string; status: string }>;
/** Status, body and headers, but the date and cookies: what would tell two answers apart. */
const answerOf = (res: ApiResponse) => ({ status: res.status, text: res.text, headers: [...res.headers].filter(([name]) => !['date', 'set-cookie'].includes(name)) });
/** Opens a page as a browser without JavaScript would: a plain GET, HTML back. */
const open = (url: string) => app.client().get(url);
/** Sends one post to the confirmed subscribers; returns its send's id. */
async function sendAPost(title = `Post ${uniqueName('p')}`): Promise<{ id: number; postId: number }> {
  const postId = await insertBlogPost(app.db, { title, content: 'Hello **subscribers**.' });
  const { client } = await editorClient(app);
  const res = await client.post('/api/newsletter/sends', { postId });
  expect(res.status).toBe(202);
  return { id: res.body.id, postId };
}

describe('subscribing (double opt-in)', () => {
  test('a new address gets one "Confirm your subscription" mail with a link; it is pending, not a subscriber', async () => {
    const email = address();
    const res = await subscribe(email);
    expect([res.status, res.body]).toEqual([200, SUBSCRIBED]);
    const [mail] = await mailbox.waitFor(email);
    expect(mail!.subject).toBe('Confirm your subscription');
    expect(linkIn(mail!, '/newsletter/confirm')).toMatch(new RegExp(`^${app.url}/newsletter/confirm\\?token=[A-Za-z0-9_-]{43}$`));
    expect(mail!.html).toContain('/newsletter/confirm?token=');
    const row = await rowOf(email);
    expect(row.confirmed_at).toBeNull();
    // Stored hashed: the token in the mail is nowhere in the database.
    const token = new URL(linkIn(mail!, '/newsletter/confirm')).searchParams.get('token')!;
    expect(row.confirm_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    const { client } = await editorClient(app);
    expect((await client.get('/api/newsletter/subscribers')).body.subscribers.map((s: { email: string }) => s.email)).not.toContain(email);
  });

  test('the same answer (status, headers, body) for a new, a pending, a confirmed and a known address in another case', async () => {
    const known = address('known');
    await insertConfirmed(app.db, [known]);
    const fresh = answerOf(await subscribe(address('fresh')));
    const pendingEmail = address('pending');
    await subscribe(pendingEmail);
    const pending = answerOf(await subscribe(pendingEmail));
    const confirmed = answerOf(await subscribe(known));
    const otherCase = answerOf(await subscribe(known.toUpperCase()));
    expect(fresh.status).toBe(200);
    expect(JSON.parse(fresh.text)).toEqual(SUBSCRIBED);
    expect(pending).toEqual(fresh);
    expect(confirmed).toEqual(fresh);
    expect(otherCase).toEqual(fresh);
    // A confirmed address gets no mail, and stays one row.
    expect(await queuedTo(known)).toEqual([]);
    expect(await app.db('newsletter_subscriptions').whereRaw('lower(email) = ?', [known])).toHaveLength(1);
  });

  test('no enumeration: an unknown and a known address get the very same answer', async () => {
    const known = address('enum-known');
    await insertConfirmed(app.db, [known]);
    expect(answerOf(await subscribe(known))).toEqual(answerOf(await subscribe(address('enum-unknown'))));
  });

  test('at most one confirmation mail an hour per address; after the hour a new link, which works', async () => {
    const email = address('hourly');
    await subscribe(email);
    await subscribe(email);
    await subscribe(email.toUpperCase());
    expect((await queuedTo(email)).map((m) => m.kind)).toEqual(['newsletter-confirm']);
    const [first] = await mailbox.waitFor(email);
    // An hour on (the last mail's time set back), the next subscribe mails a new link.
    await app.db('newsletter_subscriptions').whereRaw('lower(email) = ?', [email]).update({ confirm_sent_at: new Date(Date.now() - HOUR - 1000).toISOString() });
    await subscribe(email);
    const [, second] = await mailbox.waitFor(email, 2);
    expect(await queuedTo(email)).toHaveLength(2);
    const newest = linkIn(second!, '/newsletter/confirm');
    expect(newest).not.toBe(linkIn(first!, '/newsletter/confirm'));
    expect((await open(newest)).status).toBe(200);
    expect((await rowOf(email)).confirmed_at).not.toBeNull();
  });
});

describe('the confirmation page', () => {
  test('the link confirms: "You\'re subscribed", plain HTML with no script; the address is a subscriber', async () => {
    const email = address('confirm');
    await subscribe(email);
    const [mail] = await mailbox.waitFor(email);
    const res = await open(linkIn(mail!, '/newsletter/confirm'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.text).toContain("<h1>You&#39;re subscribed</h1>");
    expect(res.text).not.toMatch(/<script/i);
    expect((await rowOf(email)).confirmed_at).not.toBeNull();
    const { client } = await editorClient(app);
    expect((await client.get('/api/newsletter/subscribers')).body.subscribers.map((s: { email: string }) => s.email)).toContain(email);
  });

  test('a used link: a clear page, 400', async () => {
    const email = address('used');
    await subscribe(email);
    const link = linkIn((await mailbox.waitFor(email))[0]!, '/newsletter/confirm');
    expect((await open(link)).status).toBe(200);
    const again = await open(link);
    expect(again.status).toBe(400);
    expect(again.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(again.text).toContain('This confirmation link is not valid');
    expect(again.text).toMatch(/used already|expired/);
  });

  test.each([
    ['a made-up token', '?token=' + 'x'.repeat(43)],
    ['no token', ''],
    ['an empty token', '?token='],
    ['two tokens', '?token=a&token=b'],
    ['a token with markup', '?token=%3Cscript%3Ealert(1)%3C%2Fscript%3E'],
  ])('%s: a clear page, 400, never a 500', async (_label, query) => {
    const res = await open(`/newsletter/confirm${query}`);
    expect(res.status).toBe(400);
    expect(res.text).toContain('This confirmation link is not valid');
    expect(res.text).not.toMatch(/<script/i);
  });

  test('a link older than 7 days has expired: 400, the address stays pending', async () => {
    const email = address('expired');
    await subscribe(email);
    const link = linkIn((await mailbox.waitFor(email))[0]!, '/newsletter/confirm');
    await app.db('newsletter_subscriptions').whereRaw('lower(email) = ?', [email]).update({ confirm_sent_at: new Date(Date.now() - 7 * DAY - 1000).toISOString() });
    expect((await open(link)).status).toBe(400);
    expect((await rowOf(email)).confirmed_at).toBeNull();
  });
});

describe('unconfirmed addresses', () => {
  test('never get a post: a send goes to confirmed subscribers only', async () => {
    const pending = address('never');
    await subscribe(pending);
    await mailbox.waitFor(pending);
    const confirmed = address('gets');
    await insertConfirmed(app.db, [confirmed]);
    const total = Number((await app.db('newsletter_subscriptions').whereNotNull('confirmed_at').count({ n: '*' }).first())?.n);
    const { id } = await sendAPost();
    expect(Number((await app.db('outgoing_mail').where({ newsletter_send_id: id }).count({ n: '*' }).first())?.n)).toBe(total);
    expect(await app.db('outgoing_mail').where({ newsletter_send_id: id, to_address: pending })).toEqual([]);
    await mailbox.waitFor(confirmed, 1);
    expect(mailbox.to(pending).map((m) => m.subject)).toEqual(['Confirm your subscription']);
  });

  test('are forgotten 7 days after their last confirmation mail; confirmed and recent ones stay', async () => {
    const old = address('old-pending');
    const recent = address('recent-pending');
    const confirmedLongAgo = address('old-confirmed');
    const eightDaysAgo = new Date(Date.now() - 8 * DAY).toISOString();
    await app.db('newsletter_subscriptions').insert([
      { email: old, created_at: eightDaysAgo, confirm_sent_at: eightDaysAgo, confirm_token_hash: 'a'.repeat(64) },
      { email: recent, created_at: eightDaysAgo, confirm_sent_at: new Date(Date.now() - DAY).toISOString(), confirm_token_hash: 'b'.repeat(64) },
    ]);
    await insertConfirmed(app.db, [confirmedLongAgo], eightDaysAgo);
    const forgotten = await newsletterService(app.db, app.config).forgetUnconfirmed();
    expect(forgotten).toBeGreaterThanOrEqual(1);
    expect(await rowOf(old)).toBeUndefined();
    expect(await rowOf(recent)).toBeTruthy();
    expect(await rowOf(confirmedLongAgo)).toBeTruthy();
  });
});

describe('unsubscribing', () => {
  /** A confirmed subscriber and the newsletter mail they got. */
  async function subscriberWithMail() {
    const email = address('unsub');
    await insertConfirmed(app.db, [email]);
    await sendAPost();
    const [mail] = await mailbox.waitFor(email);
    return { email, mail: mail!, link: linkIn(mail!, '/newsletter/unsubscribe') };
  }

  test('every newsletter mail has the link, and List-Unsubscribe with its absolute address and One-Click (RFC 8058)', async () => {
    const { mail, link } = await subscriberWithMail();
    expect(link).toMatch(new RegExp(`^${app.url}/newsletter/unsubscribe\\?token=\\d+\\.[A-Za-z0-9_-]{43}$`));
    expect(mail.html).toContain(`href="${link}"`);
    expect(headerLine(mail, 'list-unsubscribe')).toBe(`List-Unsubscribe: <${link}>`);
    expect(headerLine(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  test('opening the link (GET, as a link scanner does) unsubscribes no one: it shows an Unsubscribe button', async () => {
    const { email, link } = await subscriberWithMail();
    for (let i = 0; i < 2; i += 1) {
      const res = await open(link);
      expect(res.status).toBe(200);
      expect(res.text).toMatch(/<form method="post" action="\/newsletter\/unsubscribe\?token=[^"]+">/);
      expect(res.text).toContain('<button type="submit">Unsubscribe</button>');
      expect(res.text).not.toMatch(/<script/i);
    }
    expect(await rowOf(email)).toBeTruthy();
  });

  test("the page's form (a form POST from the page, no JavaScript) unsubscribes: \"You're unsubscribed\"; twice is fine", async () => {
    const { email, link } = await subscriberWithMail();
    const page = await open(link);
    const action = /<form method="post" action="([^"]+)">/.exec(page.text)![1]!.replace(/&amp;/g, '&');
    const fields = new URLSearchParams([...page.text.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]));
    const form = { headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.url }, raw: fields.toString() };
    const res = await app.client().post(action, undefined, form);
    expect(res.status).toBe(200);
    expect(res.text).toContain('You&#39;re unsubscribed');
    expect(await rowOf(email)).toBeUndefined();
    const again = await app.client().post(action, undefined, form);
    expect(again.status).toBe(200);
    expect(again.text).toContain('You&#39;re unsubscribed');
    // The link opened afterwards says so too.
    expect((await open(link)).text).toContain('You&#39;re unsubscribed');
  });

  test('one-click (RFC 8058): a form-encoded POST to the List-Unsubscribe address, no Origin, no cookie, unsubscribes at once', async () => {
    const { email, mail } = await subscriberWithMail();
    const url = /<([^>]+)>/.exec(headerLine(mail, 'list-unsubscribe')!)![1]!;
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click', redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('You&#39;re unsubscribed');
    expect(await rowOf(email)).toBeUndefined();
    // The next send does not go to them.
    const { id } = await sendAPost();
    expect(await app.db('outgoing_mail').where({ newsletter_send_id: id, to_address: email })).toEqual([]);
  });

  test('the newsletter mail still waiting for them in the queue is given up; other mail is not', async () => {
    const { email, mail } = await subscriberWithMail();
    const later = Date.now() + 60 * 60_000;
    const waiting = { to_address: email, subject: 'Next post', text_body: 'x', headers_json: '{}', status: 'pending', attempts: 0, next_attempt_at: later, created_at: Date.now() };
    await app.db('outgoing_mail').insert([
      { ...waiting, kind: 'newsletter' },
      { ...waiting, kind: 'password-reset' },
    ]);
    const url = /<([^>]+)>/.exec(headerLine(mail, 'list-unsubscribe')!)![1]!;
    expect((await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' })).status).toBe(200);
    const rows = await app.db('outgoing_mail').where({ to_address: email, next_attempt_at: later }).orderBy('id');
    expect(rows.map((r: { kind: string; status: string; last_error: string | null }) => [r.kind, r.status, r.last_error])).toEqual([
      ['newsletter', 'failed', 'unsubscribed before it was sent'],
      ['password-reset', 'pending', null],
    ]);
    await app.db('outgoing_mail').where({ to_address: email, next_attempt_at: later }).delete();
  });

  test.each([
    ['a made-up token', '?token=1.' + 'x'.repeat(43)],
    ['a token signed for another id', null],
    ['no token', ''],
    ['garbage', '?token=%3Cb%3E'],
  ])('%s: a clear page, 400, on GET and POST; nobody unsubscribed', async (_label, query) => {
    const { email, link } = await subscriberWithMail();
    let q = query;
    if (q === null) {
      const [, id, mac] = /token=(\d+)\.(.+)$/.exec(link)!;
      q = `?token=${Number(id) + 1}.${mac}`;
    }
    const shown = await open(`/newsletter/unsubscribe${q}`);
    expect(shown.status).toBe(400);
    expect(shown.text).toContain('This unsubscribe link is not valid');
    const posted = await fetch(`${app.url}/newsletter/unsubscribe${q}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(posted.status).toBe(400);
    expect(await posted.text()).toContain('This unsubscribe link is not valid');
    expect(await rowOf(email)).toBeTruthy();
    expect(addressOf((await mailbox.waitFor(email))[0]!)).toBe(email);
  });

  test('a POST from another site (a webmail page) unsubscribes too: the token is its only authority; a forged token names no one', async () => {
    const { email, link } = await subscriberWithMail();
    const other = await subscriberWithMail();
    const crossSite = { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example', 'sec-fetch-site': 'cross-site' };
    const forged = await fetch(link.replace(/token=[^&]+/, 'token=1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'), { method: 'POST', headers: crossSite, body: 'List-Unsubscribe=One-Click' });
    expect(forged.status).toBe(400);
    expect(await rowOf(email)).toBeTruthy();
    expect(await rowOf(other.email)).toBeTruthy();
    const res = await fetch(link, { method: 'POST', headers: crossSite, body: 'List-Unsubscribe=One-Click' });
    expect(res.status).toBe(200);
    expect(await rowOf(email)).toBeFalsy();
    expect(await rowOf(other.email)).toBeTruthy();
  });

  test('the JSON-only rule still holds for every other write', async () => {
    const res = await app.client().post('/newsletter/confirm', undefined, { raw: 'token=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(415);
  });
});

describe('migration 014', () => {
  test('addresses stored before it subscribed under the old rules: they count as confirmed, from the day they subscribed', async () => {
    const tdb = await createTestDatabase({ migrated: false });
    try {
      const full = migrationSourceFor({ uploadDir: os.tmpdir() });
      const upTo = (last: string) => ({ migrationSource: { ...full, getMigrations: async () => (await full.getMigrations([])).filter((name) => name <= last) } });
      await tdb.db.migrate.latest(upTo('013'));
      await tdb.db('newsletter_subscriptions').insert({ email: 'before@example.com', created_at: '2025-05-01T10:00:00.000Z' });
      await tdb.db.migrate.latest(upTo('014~'));
      const row = await tdb.db('newsletter_subscriptions').where({ email: 'before@example.com' }).first();
      expect(new Date(row.confirmed_at).toISOString()).toBe('2025-05-01T10:00:00.000Z');
      expect(row.confirm_token_hash).toBeNull();
      const service = newsletterService(tdb.db, app.config);
      expect(await service.subscribers()).toEqual({ count: 1, subscribers: [{ email: 'before@example.com', subscribedAt: '2025-05-01T10:00:00.000Z' }] });
      // Nothing to forget: it is confirmed.
      expect(await service.forgetUnconfirmed()).toBe(0);
    } finally {
      await tdb.drop();
    }
  });
});
