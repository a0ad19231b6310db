// The reader's account (docs/product.md#the-readers-account, docs/decisions/018): a forgotten
// password's link, a change of password and of email, the export and the deletion, against a real
// SMTP server on loopback whose mail is read back, and the links in it followed.
import crypto from 'node:crypto';
import http from 'node:http';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FORGOT_PASSWORD_MESSAGE, accountExportSchema } from '#contract';
import { startMailSender, type MailSender } from '#api/modules/mail/mail.service';
import { grantEditor, insertBlogPost } from '../support/fixtures';
import { waitUntil } from '../support/server-process';
import { startSmtp, type Smtp } from '../support/smtp-sink';
import { signUp, startTestApp, uniqueName, type ApiClient, type ApiResponse, type TestApp } from '../support/test-app';

const PASSWORD = 'Password1!';
const NEW_PASSWORD = 'New-password2?';
const BAD_LINK = /not valid or has expired/;

let app: TestApp;
let smtp: Smtp;
let sender: MailSender;

beforeAll(async () => {
  smtp = await startSmtp();
  app = await startTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: '"context is key" <no-reply@account-test.localhost>' } });
  sender = startMailSender(app.db, app.config, { holder: 'account-test', pollMs: 20 });
});
afterAll(async () => {
  await sender?.stop();
  await app?.close();
  await smtp?.close();
});

const recipient = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined);

/** The next mail to `to` whose subject matches, taken off the list so a later wait finds the one after it. */
async function mailTo(to: string, subject: RegExp): Promise<ParsedMail> {
  return waitUntil(`a mail "${subject}" to ${to}`, () => {
    const i = smtp.received.findIndex((m) => recipient(m)?.toLowerCase() === to.toLowerCase() && subject.test(m.subject ?? ''));
    return i >= 0 ? smtp.received.splice(i, 1)[0] : undefined;
  });
}

/** The link to `page` in a mail's text, as the reader would open it. */
function linkIn(mail: ParsedMail, page: string): URL {
  const match = new RegExp(`https?://\\S+${page}\\?token=[A-Za-z0-9_-]+`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${page} link in: ${mail.text}`);
  return new URL(match[0]);
}

async function count(table: string, where: Record<string, unknown>): Promise<number> {
  const [row] = (await app.db(table).where(where).count({ n: '*' })) as { n: number | string }[];
  return Number(row?.n);
}

/** A reader signed up on a client of their own, and a second client signed in as them (another device). */
async function reader(prefix = 'acct') {
  const client = app.client();
  const user = await signUp(client, uniqueName(prefix));
  const device = app.client();
  expect((await device.post('/api/auth/login', { username: user.username, password: PASSWORD })).status).toBe(200);
  return { client, device, user };
}

/** A reset link for `login`, from the mail it sends. */
async function resetToken(login: string, email: string): Promise<string> {
  const res = await app.client().post('/api/auth/forgot-password', { login });
  expect(res.status).toBe(202);
  const mail = await mailTo(email, /reset your password/i);
  return linkIn(mail, '/reset-password').searchParams.get('token')!;
}

function expectBadLink(res: ApiResponse) {
  expect(res.status).toBe(400);
  expect(res.body.message).toMatch(BAD_LINK);
}

/** POST `path` with a Host (and X-Forwarded-Host) header of the caller's choosing: fetch does not let a test set Host. */
function postWithHost(path: string, body: unknown, host: string): Promise<number> {
  const url = new URL(path, app.url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { hostname: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { host, 'x-forwarded-host': host, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

describe('POST /api/auth/forgot-password and /api/auth/reset-password', () => {
  test("when the request names another host (Host, X-Forwarded-Host), then the mailed link still points at this site, never at that host", async () => {
    const { user } = await reader();
    expect(await postWithHost('/api/auth/forgot-password', { login: user.username }, 'evil.example')).toBe(202);
    const link = linkIn(await mailTo(user.email, /reset your password/i), '/reset-password');
    expect(link.hostname).not.toBe('evil.example');
    expect(link.hostname).toBe('localhost');
    // The newsletter's confirmation mail, which anyone can have sent to any address, too.
    const address = `${uniqueName('host').toLowerCase()}@example.com`;
    expect(await postWithHost('/api/newsletter', { email: address }, 'evil.example')).toBe(200);
    const confirm = await mailTo(address, /confirm/i);
    expect(confirm.text).not.toContain('evil.example');
    expect(confirm.text).toContain('http://localhost:');
  });

  test('when a reader follows the mailed link, then the new password signs them in there and every other session ends', async () => {
    const { client, device, user } = await reader();
    const res = await app.client().post('/api/auth/forgot-password', { login: user.username.toUpperCase() });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ message: FORGOT_PASSWORD_MESSAGE });

    const mail = await mailTo(user.email, /reset your password/i);
    const link = linkIn(mail, '/reset-password');
    expect(link.origin).toBe(app.url);
    const token = link.searchParams.get('token')!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(mail.text).toContain('60 minutes');
    // Only the token's hash is stored.
    const row = await app.db('account_tokens').where({ user_id: user.id, purpose: 'reset-password' }).first();
    expect(row.token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);

    const browser = app.client();
    const reset = await browser.post('/api/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ id: user.id, username: user.username, email: user.email });
    expect(reset.text).not.toMatch(/scrypt|password/i);
    expect((await browser.get('/api/auth/me')).body).toMatchObject({ id: user.id });
    // Both sessions signed in with the old password are over.
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect((await device.get('/api/auth/me')).status).toBe(401);
    expect(await count('sessions', { user_id: user.id })).toBe(1);

    expect((await app.client().post('/api/auth/login', { username: user.username, password: PASSWORD })).status).toBe(401);
    expect((await app.client().post('/api/auth/login', { username: user.username, password: NEW_PASSWORD })).status).toBe(200);
    // One use.
    expectBadLink(await app.client().post('/api/auth/reset-password', { token, password: 'Another-one3#' }));
  });

  test('when the login is the email in another case, then the link goes to the account email', async () => {
    const { user } = await reader();
    const token = await resetToken(user.email.toUpperCase(), user.email);
    expect((await app.client().post('/api/auth/reset-password', { token, password: NEW_PASSWORD })).status).toBe(200);
  });

  test('when the login names no account, then the same 202 and body, and no mail is queued', async () => {
    const { user } = await reader();
    const before = await count('outgoing_mail', {});
    const unknown = await app.client().post('/api/auth/forgot-password', { login: `nobody_${crypto.randomUUID()}@example.com` });
    const known = await app.client().post('/api/auth/forgot-password', { login: user.username });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.headers.get('content-type')).toBe(known.headers.get('content-type'));
    expect(await count('outgoing_mail', {})).toBe(before + 1);
    await mailTo(user.email, /reset your password/i);
  });

  test('when a new link is asked for, then the older one no longer works', async () => {
    const { user } = await reader();
    const first = await resetToken(user.username, user.email);
    const second = await resetToken(user.username, user.email);
    expectBadLink(await app.client().post('/api/auth/reset-password', { token: first, password: NEW_PASSWORD }));
    expect((await app.client().post('/api/auth/reset-password', { token: second, password: NEW_PASSWORD })).status).toBe(200);
  });

  test('when the link has expired, then 400 and the password is unchanged', async () => {
    const { user } = await reader();
    const token = await resetToken(user.username, user.email);
    await app.db('account_tokens').where({ user_id: user.id, purpose: 'reset-password' }).update({ expires_at: Date.now() - 1 });
    expectBadLink(await app.client().post('/api/auth/reset-password', { token, password: NEW_PASSWORD }));
    expect((await app.client().post('/api/auth/login', { username: user.username, password: PASSWORD })).status).toBe(200);
  });

  test.each([
    ['a token nobody was sent', { token: crypto.randomBytes(32).toString('base64url'), password: NEW_PASSWORD }, BAD_LINK],
    ['a token with characters no token has', { token: 'not a token at all!!', password: NEW_PASSWORD }, /This link is not valid/],
    ['no token', { password: NEW_PASSWORD }, /token/],
    ['a token as a number', { token: 12345, password: NEW_PASSWORD }, /token/],
  ])('when given %s, then 400 with a message', async (_label, body, message) => {
    const res = await app.client().post('/api/auth/reset-password', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  test('when the new password breaks the sign-up rules, then 400 and the link still works', async () => {
    const { user } = await reader();
    const token = await resetToken(user.username, user.email);
    const res = await app.client().post('/api/auth/reset-password', { token, password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/at least 8/);
    expect((await app.client().post('/api/auth/reset-password', { token, password: NEW_PASSWORD })).status).toBe(200);
  });

  test.each([
    ['no login', {}],
    ['a blank login', { login: '   ' }],
    ['a login as an array', { login: ['a'] }],
  ])('when given %s, then 400', async (_label, body) => {
    const res = await app.client().post('/api/auth/forgot-password', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/username or email/i);
  });
});

describe('PUT /api/users/{id}/password', () => {
  test('when the current password is right, then 204, this session goes on under a new id and the others end', async () => {
    const { client, device, user } = await reader();
    const before = client.getCookie('cik.sid');
    const res = await client.put(`/api/users/${user.id}/password`, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(204);
    expect(client.getCookie('cik.sid')).not.toBe(before);
    expect((await client.get('/api/auth/me')).body).toMatchObject({ id: user.id });
    expect((await device.get('/api/auth/me')).status).toBe(401);
    expect(await count('sessions', { user_id: user.id })).toBe(1);
    expect((await app.client().post('/api/auth/login', { username: user.username, password: NEW_PASSWORD })).status).toBe(200);
    expect((await app.client().post('/api/auth/login', { username: user.username, password: PASSWORD })).status).toBe(401);
  });

  test('when the current password is wrong, then 400 on the field and nothing changes', async () => {
    const { client, device, user } = await reader();
    const res = await client.put(`/api/users/${user.id}/password`, { currentPassword: 'Wrong-password1', newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Current password is incorrect', field: 'currentPassword' });
    expect((await device.get('/api/auth/me')).status).toBe(200);
    expect((await app.client().post('/api/auth/login', { username: user.username, password: PASSWORD })).status).toBe(200);
  });

  test.each([
    ['too short', 'Short1!', /at least 8/],
    ['blank', '         ', /blank/],
  ])('when the new password is %s, then 400', async (_label, newPassword, message) => {
    const { client, user } = await reader();
    const res = await client.put(`/api/users/${user.id}/password`, { currentPassword: PASSWORD, newPassword });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });

  test('when the current password is missing, then 400', async () => {
    const { client, user } = await reader();
    const res = await client.put(`/api/users/${user.id}/password`, { newPassword: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Current password is required/);
  });

  test('when an old reset link is used after the change, then it no longer works', async () => {
    const { client, user } = await reader();
    const token = await resetToken(user.username, user.email);
    expect((await client.put(`/api/users/${user.id}/password`, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(204);
    expectBadLink(await app.client().post('/api/auth/reset-password', { token, password: 'Another-one3#' }));
  });
});

describe('PUT /api/users/{id}/email and the /confirm-email page', () => {
  async function requestChange(client: ApiClient, userId: number, email: string) {
    const res = await client.put(`/api/users/${userId}/email`, { email, password: PASSWORD });
    expect(res.status).toBe(202);
    expect(typeof res.body.message).toBe('string');
    return res;
  }

  test('when the reader follows the link mailed to the new address, then the email is changed and the old address was told', async () => {
    const { client, user } = await reader();
    const newEmail = `new_${crypto.randomUUID().slice(0, 8)}@example.org`;
    await requestChange(client, user.id, newEmail);
    const notice = await mailTo(user.email, /your email is being changed/i);
    expect(notice.text).toContain(`Your email is being changed to ${newEmail}`);
    expect(notice.text).toMatch(/if this wasn't you, change your password/i);
    const link = linkIn(await mailTo(newEmail, /confirm your new email/i), '/confirm-email');
    expect(link.origin).toBe(app.url);
    // Not changed yet.
    expect((await client.get('/api/auth/me')).body.email).toBe(user.email);

    // The page works without JavaScript: a page, then a form of one button.
    const browser = app.client();
    const shown = await browser.get(link.pathname + link.search);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toMatch(/text\/html/);
    expect(shown.text).toContain(newEmail);
    expect(shown.text).not.toMatch(/<script/i);
    const action = /<form method="post" action="([^"]+)"/.exec(shown.text)?.[1]?.replace(/&amp;/g, '&');
    expect(action).toBeDefined();
    expect((await client.get('/api/auth/me')).body.email).toBe(user.email);

    const done = await browser.request('POST', action!, undefined, { headers: { origin: app.url, 'content-type': 'application/x-www-form-urlencoded' }, raw: '' });
    expect(done.status).toBe(200);
    expect(done.text).toContain(`now ${newEmail}`);
    expect((await client.get('/api/auth/me')).body.email).toBe(newEmail);

    // Used: a clear page, 400.
    const again = await browser.request('POST', action!, undefined, { raw: '' });
    expect(again.status).toBe(400);
    expect(again.text).toMatch(BAD_LINK);
    expect((await browser.get(link.pathname + link.search)).status).toBe(400);
  });

  test('when the link has expired or was never sent, then a 400 page', async () => {
    const { client, user } = await reader();
    const newEmail = `late_${crypto.randomUUID().slice(0, 8)}@example.org`;
    await requestChange(client, user.id, newEmail);
    const link = linkIn(await mailTo(newEmail, /confirm your new email/i), '/confirm-email');
    await app.db('account_tokens').where({ user_id: user.id, purpose: 'confirm-email' }).update({ expires_at: Date.now() - 1 });
    for (const path of [link.pathname + link.search, `/confirm-email?token=${crypto.randomBytes(32).toString('base64url')}`, '/confirm-email', '/confirm-email?token=%3Cscript%3E']) {
      const res = await app.client().get(path);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.text).toMatch(/This link does not work/);
      expect(res.text).not.toContain('<script>');
    }
    expect((await app.client().request('POST', link.pathname + link.search, undefined, { raw: '' })).status).toBe(400);
    expect((await client.get('/api/auth/me')).body.email).toBe(user.email);
  });

  test('when the email is another account’s, then 409 at the request, and at the confirmation if taken meanwhile', async () => {
    const { client, user } = await reader();
    const other = await reader();
    const taken = await client.put(`/api/users/${user.id}/email`, { email: other.user.email.toUpperCase(), password: PASSWORD });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('That email is already in use');

    const wanted = `wanted_${crypto.randomUUID().slice(0, 8)}@example.org`;
    await requestChange(client, user.id, wanted);
    const link = linkIn(await mailTo(wanted, /confirm your new email/i), '/confirm-email');
    // Someone signs up with it before the link is opened.
    await signUp(app.client(), uniqueName('taker'), { email: wanted });
    const res = await app.client().request('POST', link.pathname + link.search, undefined, { raw: '' });
    expect(res.status).toBe(409);
    expect(res.text).toMatch(/already in use/);
    expect((await client.get('/api/auth/me')).body.email).toBe(user.email);
  });

  test('when the password is wrong, then 400 and no mail', async () => {
    const { client, user } = await reader();
    const before = await count('outgoing_mail', {});
    const res = await client.put(`/api/users/${user.id}/email`, { email: 'someone@example.org', password: 'Wrong-password1' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Password is incorrect', field: 'password' });
    expect(await count('outgoing_mail', {})).toBe(before);
  });

  test.each([
    ['a malformed email', { email: 'not-an-email', password: PASSWORD }, /valid email/],
    ['no password', { email: 'x@example.org' }, /Password is required/],
  ])('when given %s, then 400', async (_label, body, message) => {
    const { client, user } = await reader();
    const res = await client.put(`/api/users/${user.id}/email`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });
});

describe('GET /api/users/{id}/export', () => {
  test('when the reader asks, then a JSON attachment of everything held about them, never the password hash', async () => {
    const { client, user } = await reader();
    const postId = await insertBlogPost(app.db);
    const now = new Date().toISOString();
    const folderId = crypto.randomUUID();
    await app.db('bookmark_folders').insert({ id: folderId, user_id: user.id, name: 'Study', color: '#112233', created_at: now });
    await app.db('bookmarks').insert({ id: crypto.randomUUID(), user_id: user.id, content_type: 'blog', content_id: postId, folder_id: folderId, created_at: now });
    await app.db('progress').insert({ user_id: user.id, content_type: 'blog', content_id: postId, completed: true, progress_percent: 100, updated_at: now });
    await app.db('comments').insert({ user_id: user.id, content_type: 'blog', content_id: postId, comment: 'Amen', created_at: now });
    const [devotional] = await app.db('devotionals').insert({ title: 'Day', verse_text: 'v', verse_reference: 'John 1:1', content: 'c', created_at: now }).returning('id');
    const devotionalId = Number(typeof devotional === 'object' ? devotional.id : devotional);
    await app.db('devotional_hearts').insert({ devotional_id: devotionalId, user_id: user.id, created_at: now });
    // Confirmed: a row from before the double opt-in (migration 014), or one confirmed since.
    const optIn = await app.db.schema.hasColumn('newsletter_subscriptions', 'confirmed_at');
    await app.db('newsletter_subscriptions').insert({ email: user.email.toUpperCase(), created_at: now, ...(optIn ? { confirmed_at: now } : {}) });

    const res = await client.get(`/api/users/${user.id}/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="context-is-key-data.json"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.text).not.toMatch(/scrypt|password_hash|passwordHash/i);
    const data = accountExportSchema.parse(res.body);
    expect(data.profile).toMatchObject({ id: user.id, username: user.username, email: user.email });
    expect(data.folders).toEqual([expect.objectContaining({ id: folderId, name: 'Study', color: '#112233' })]);
    expect(data.bookmarks).toEqual([expect.objectContaining({ contentType: 'blog', contentId: postId, folderId })]);
    expect(data.progress).toEqual([expect.objectContaining({ contentType: 'blog', contentId: postId, completed: true, progressPercent: 100 })]);
    expect(data.comments).toEqual([expect.objectContaining({ contentType: 'blog', contentId: postId, comment: 'Amen' })]);
    expect(data.hearts).toEqual([expect.objectContaining({ devotionalId })]);
    expect(data.subscription).toMatchObject({ email: user.email.toUpperCase(), status: 'confirmed' });
    expect(data.notes).toMatch(/device/);
    expect(data.notes).toContain('/notes');
  });

  test('when the reader has nothing yet, then empty lists and no subscription', async () => {
    const { client, user } = await reader();
    const data = accountExportSchema.parse((await client.get(`/api/users/${user.id}/export`)).body);
    expect(data).toMatchObject({ bookmarks: [], folders: [], progress: [], comments: [], hearts: [], subscription: null });
  });
});

describe('DELETE /api/users/{id}', () => {
  test('when the password is right, then 204, the cookie is cleared, and the account and all its rows are gone', async () => {
    const { client, device, user } = await reader();
    const other = await reader();
    const postId = await insertBlogPost(app.db);
    const now = new Date().toISOString();
    const folderId = crypto.randomUUID();
    await app.db('bookmark_folders').insert({ id: folderId, user_id: user.id, name: 'Mine', created_at: now });
    for (const u of [user.id, other.user.id]) {
      await app.db('bookmarks').insert({ id: crypto.randomUUID(), user_id: u, content_type: 'blog', content_id: postId, folder_id: u === user.id ? folderId : null, created_at: now });
      await app.db('progress').insert({ user_id: u, content_type: 'blog', content_id: postId, completed: false, progress_percent: 40, updated_at: now });
    }
    const [mine] = await app.db('comments').insert({ user_id: user.id, content_type: 'blog', content_id: postId, comment: 'Mine', created_at: now }).returning('id');
    const [theirs] = await app.db('comments').insert({ user_id: other.user.id, content_type: 'blog', content_id: postId, comment: 'Theirs', created_at: now }).returning('id');
    const idOf = (r: unknown) => Number(typeof r === 'object' && r ? (r as { id: unknown }).id : r);
    await app.db('comment_reports').insert({ comment_id: idOf(theirs), reporter_id: user.id, created_at: now });
    await app.db('comment_reports').insert({ comment_id: idOf(mine), reporter_id: other.user.id, created_at: now });
    const [devotional] = await app.db('devotionals').insert({ title: 'Day', verse_text: 'v', verse_reference: 'John 1:1', content: 'c', created_at: now }).returning('id');
    await app.db('devotional_hearts').insert({ devotional_id: idOf(devotional), user_id: user.id, created_at: now });
    await app.db('newsletter_subscriptions').insert({ email: user.email, created_at: now });
    await app.db('newsletter_subscriptions').insert({ email: other.user.email, created_at: now });
    await resetToken(user.username, user.email);

    const wrong = await client.delete(`/api/users/${user.id}`, { password: 'Wrong-password1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: 'Password is incorrect', field: 'password' });
    expect(await count('users', { id: user.id })).toBe(1);

    const res = await client.delete(`/api/users/${user.id}`, { password: PASSWORD });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().some((l) => /^cik\.sid=;/.test(l) || /^cik\.sid=.*expires=Thu, 01 Jan 1970/i.test(l))).toBe(true);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect((await device.get('/api/auth/me')).status).toBe(401);

    expect(await count('users', { id: user.id })).toBe(0);
    expect(await count('sessions', { user_id: user.id })).toBe(0);
    for (const table of ['bookmarks', 'bookmark_folders', 'progress', 'comments', 'devotional_hearts', 'account_tokens']) {
      expect(await count(table, { user_id: user.id }), table).toBe(0);
    }
    expect(await count('comment_reports', { reporter_id: user.id })).toBe(0);
    expect(await count('comment_reports', { comment_id: idOf(mine) })).toBe(0);
    expect(await app.db('newsletter_subscriptions').whereRaw('lower(email) = lower(?)', [user.email])).toHaveLength(0);
    // The other reader's rows stay.
    expect(await count('bookmarks', { user_id: other.user.id })).toBe(1);
    expect(await count('progress', { user_id: other.user.id })).toBe(1);
    expect(await count('comments', { user_id: other.user.id })).toBe(1);
    expect(await app.db('newsletter_subscriptions').whereRaw('lower(email) = lower(?)', [other.user.email])).toHaveLength(1);
    expect((await other.client.get('/api/auth/me')).status).toBe(200);
    // The name and email are free again.
    await signUp(app.client(), user.username);
  });

  test('when an editor with posts deletes the account, then the posts stay, naming no one, and so do their pictures', async () => {
    const { client, user } = await reader('editor');
    await grantEditor(app.db, user.username);
    const postId = await insertBlogPost(app.db, { author_id: user.id, updated_by: user.id });
    await app.db('blog_post_versions').insert({
      post_id: postId, version: 1, title: 'T', content: 'C', category: 'theology', read_time: 3, status: 'published', published_at: new Date().toISOString(), saved_by: user.id, saved_at: new Date().toISOString(),
    });
    const now = new Date();
    const object = (id: string) => ({
      id, user_id: user.id, upload_token: crypto.randomBytes(16).toString('hex'), status: 'stored', content_type: 'image/png', size: 3,
      created_at: now.toISOString(), expires_at: new Date(now.getTime() + 60_000).toISOString(), body: Buffer.from('png'), etag: '"x"',
    });
    const cover = crypto.randomUUID();
    const avatar = crypto.randomUUID();
    await app.db('uploaded_objects').insert([object(cover), object(avatar)]);
    await app.db('post_objects').insert({ post_id: postId, object_id: cover });
    await app.db('editor_activity').insert({ actor_id: user.id, method: 'PUT', route: '/blog/:id', path: `/api/blog/${postId}`, status: 200, created_at: now.toISOString() });

    expect((await client.delete(`/api/users/${user.id}`, { password: PASSWORD })).status).toBe(204);
    const post = await app.db('blog_posts').where({ id: postId }).first();
    expect(post).toMatchObject({ author_id: null, updated_by: null });
    expect((await app.db('blog_post_versions').where({ post_id: postId }).first()).saved_by).toBeNull();
    expect((await app.db('uploaded_objects').where({ id: cover }).first()).user_id).toBeNull();
    expect(await count('uploaded_objects', { id: avatar })).toBe(0);
    expect((await app.client().get(`/objects/${cover}`)).status).toBe(200);
    expect(await count('editor_activity', { actor_id: user.id })).toBe(0);
  });

  test('when the password is missing, then 400 and the account stays', async () => {
    const { client, user } = await reader();
    const res = await client.delete(`/api/users/${user.id}`, {});
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Password is required/);
    expect(await count('users', { id: user.id })).toBe(1);
  });
});

describe('with an Idempotency-Key (the request in one transaction)', () => {
  test('when a change of password and a deletion carry one, then they work as without', async () => {
    const { client, device, user } = await reader();
    const key = () => ({ headers: { 'Idempotency-Key': crypto.randomUUID() } });
    expect((await client.put(`/api/users/${user.id}/password`, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }, key())).status).toBe(204);
    expect((await client.get('/api/auth/me')).status).toBe(200);
    expect((await device.get('/api/auth/me')).status).toBe(401);
    expect((await client.delete(`/api/users/${user.id}`, { password: NEW_PASSWORD }, key())).status).toBe(204);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect(await count('users', { id: user.id })).toBe(0);
  });
});

describe('the account calls are the reader’s own', () => {
  const calls = (id: number | string): Array<[string, string, unknown]> => [
    ['PUT', `/api/users/${id}/password`, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD }],
    ['PUT', `/api/users/${id}/email`, { email: 'elsewhere@example.org', password: PASSWORD }],
    ['GET', `/api/users/${id}/export`, undefined],
    ['DELETE', `/api/users/${id}`, { password: PASSWORD }],
  ];

  test('when signed out, then 401 for each', async () => {
    const { user } = await reader();
    for (const [method, path, body] of calls(user.id)) {
      const res = await app.client().request(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.message).toEqual(expect.any(String));
    }
  });

  test('when the id is another reader’s, one that does not exist, or not an id, then 403 for each and nothing changes', async () => {
    const { client } = await reader();
    const victim = await reader();
    for (const id of [victim.user.id, 999_999, 'abc']) {
      for (const [method, path, body] of calls(id)) {
        const res = await client.request(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(res.text).not.toContain(victim.user.email);
      }
    }
    expect(await count('users', { id: victim.user.id })).toBe(1);
    expect((await victim.device.get('/api/auth/me')).status).toBe(200);
    expect((await app.client().post('/api/auth/login', { username: victim.user.username, password: PASSWORD })).status).toBe(200);
  });
});

describe('rate limits', () => {
  test('when one address asks for too many reset links, then 429 with Retry-After; the same for reset attempts', async () => {
    const limited = await startTestApp({ env: { AUTH_RATE_LIMIT: '3', LOGIN_ACCOUNT_RATE_LIMIT: '1000' } });
    try {
      const client = limited.client();
      for (let i = 0; i < 3; i += 1) expect((await client.post('/api/auth/forgot-password', { login: `someone${i}` })).status).toBe(202);
      const refused = await client.post('/api/auth/forgot-password', { login: 'someone9' });
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/too many password reset requests/i);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const reset = await client.post('/api/auth/reset-password', { token: crypto.randomBytes(32).toString('base64url'), password: NEW_PASSWORD });
      expect(reset.status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  test('when one login is asked for too often (any case, from anywhere), then 429 for it alone; signing in still works', async () => {
    const limited = await startTestApp({ env: { AUTH_RATE_LIMIT: '1000', LOGIN_ACCOUNT_RATE_LIMIT: '2', TRUST_PROXY: '1' } });
    try {
      const user = await signUp(limited.client(), uniqueName('limited'));
      const from = (n: number) => ({ headers: { 'X-Forwarded-For': `203.0.113.${n}` } });
      expect((await limited.client().post('/api/auth/forgot-password', { login: user.username }, from(1))).status).toBe(202);
      expect((await limited.client().post('/api/auth/forgot-password', { login: ` ${user.username.toUpperCase()} ` }, from(2))).status).toBe(202);
      const refused = await limited.client().post('/api/auth/forgot-password', { login: user.username }, from(3));
      expect(refused.status).toBe(429);
      expect((await limited.client().post('/api/auth/forgot-password', { login: 'someone_else' }, from(3))).status).toBe(202);
      expect((await limited.client().post('/api/auth/login', { username: user.username, password: PASSWORD }, from(4))).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
