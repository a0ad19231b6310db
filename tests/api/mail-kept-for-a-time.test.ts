// How long the site keeps the mail it sends (docs/decisions/016-outgoing-mail.md, "How long mail is
// kept"): finished messages go MAIL_KEEP_DAYS after they were sent or given up, and every message
// to a reader goes with their account; a newsletter send's figures stay whole either way.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadConfig } from '#api/config';
import { deleteFinishedMail, deleteOldMailFiles, queueMail, queueMailToMany } from '#api/modules/mail/mail.service';
import { insertBlogPost } from '../support/fixtures';
import { editorClient } from '../support/newsletter';
import { signUp, uniqueName, useTestApp } from '../support/test-app';

const app = useTestApp();
const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = 'Password1!';

const message = (to: string, kind = 'password-reset') => ({ to, subject: 'Reset your password', text: `A link for ${to} alone`, kind });
const rowsTo = async (address: string) => (await app.db('outgoing_mail').whereRaw('lower(to_address) = ?', [address.toLowerCase()])) as Array<{ id: unknown; status: string }>;
const rowExists = async (id: number) => (await app.db('outgoing_mail').where({ id }).first()) !== undefined;
const finish = (id: number, status: 'sent' | 'failed', at: number) =>
  app.db('outgoing_mail').where({ id }).update(status === 'sent' ? { status, sent_at: at } : { status, failed_at: at, last_error: '550 no such mailbox' });

/** A newsletter send of a new post to `addresses`, as the desk makes one: one shared body, a row per reader. */
async function newsletterSend(addresses: readonly string[]): Promise<{ id: number; bodyId: number; rows: number[] }> {
  const postId = await insertBlogPost(app.db, { title: `Sent ${uniqueName('p')}` });
  return app.db.transaction(async (trx) => {
    const [row] = await trx('newsletter_sends').insert({ post_id: postId, is_test: false, recipients: addresses.length, created_at: new Date().toISOString() }).returning('id');
    const id = Number(typeof row === 'object' ? (row as { id: unknown }).id : row);
    await queueMailToMany(trx, { subject: 'A new post', text: 'Read it: {{u}}', kind: 'newsletter' }, addresses.map((to) => ({ to, vars: { '{{u}}': `https://example.org/u/${to}` } })), {
      newsletterSendId: id,
    });
    const rows = (await trx('outgoing_mail').where({ newsletter_send_id: id }).orderBy('id')) as Array<{ id: unknown; body_id: unknown }>;
    return { id, bodyId: Number(rows[0]!.body_id), rows: rows.map((r) => Number(r.id)) };
  });
}

describe('MAIL_KEEP_DAYS', () => {
  test('when unset, then 30 days; a value under 1 or not whole is refused with the setting named', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).mailKeepDays).toBe(30);
    expect(loadConfig({ NODE_ENV: 'test', MAIL_KEEP_DAYS: '7' }).mailKeepDays).toBe(7);
    expect(() => loadConfig({ NODE_ENV: 'test', MAIL_KEEP_DAYS: '0' })).toThrow(/MAIL_KEEP_DAYS/);
    expect(() => loadConfig({ NODE_ENV: 'test', MAIL_KEEP_DAYS: '1.5' })).toThrow(/MAIL_KEEP_DAYS/);
  });
});

describe('the housekeeping deletes finished mail after MAIL_KEEP_DAYS', () => {
  test('when messages were sent or given up over 30 days ago, then they go; newer ones and any still waiting stay', async () => {
    const now = Date.now();
    const to = (name: string) => `${uniqueName(name)}@kept.example`;
    const sentLongAgo = await queueMail(app.db, message(to('sent_old')));
    const failedLongAgo = await queueMail(app.db, message(to('failed_old')));
    const sentLately = await queueMail(app.db, message(to('sent_new')));
    const waitingLongAgo = await queueMail(app.db, message(to('waiting_old')), now - 40 * DAY);
    await finish(sentLongAgo, 'sent', now - 31 * DAY);
    await finish(failedLongAgo, 'failed', now - 31 * DAY);
    await finish(sentLately, 'sent', now - 29 * DAY);

    expect(await deleteFinishedMail(app.db, 30, now)).toBeGreaterThanOrEqual(2);

    expect(await rowExists(sentLongAgo)).toBe(false);
    expect(await rowExists(failedLongAgo)).toBe(false);
    expect(await rowExists(sentLately)).toBe(true);
    // A message still waiting is the sender's, however old: it is never deleted unsent.
    expect(await rowExists(waitingLongAgo)).toBe(true);
  });

  test('when a failed message has no failed_at (from before it was recorded), then its age is counted from when it was queued', async () => {
    const now = Date.now();
    const old = await queueMail(app.db, message(`${uniqueName('legacy')}@kept.example`), now - 60 * DAY);
    const recent = await queueMail(app.db, message(`${uniqueName('legacy')}@kept.example`), now - 2 * DAY);
    await app.db('outgoing_mail').whereIn('id', [old, recent]).update({ status: 'failed', failed_at: null });
    await deleteFinishedMail(app.db, 30, now);
    expect(await rowExists(old)).toBe(false);
    expect(await rowExists(recent)).toBe(true);
  });

  test('when more old messages than one batch, then every one goes in one run', async () => {
    const now = Date.now();
    const addresses = Array.from({ length: 1_203 }, (_, i) => `many${i}_${uniqueName('b')}@kept.example`);
    const send = await newsletterSend(addresses);
    await app.db('outgoing_mail').whereIn('id', send.rows).update({ status: 'sent', sent_at: now - 45 * DAY });
    expect(await deleteFinishedMail(app.db, 30, now)).toBeGreaterThanOrEqual(1_203);
    expect(Number((await app.db('outgoing_mail').where({ newsletter_send_id: send.id }).count({ n: '*' }).first())?.n)).toBe(0);
  });

  test("when a newsletter send's messages are deleted, then the desk still shows how many went and failed, and when it finished", async () => {
    const editor = await editorClient(app);
    const now = Date.now();
    const send = await newsletterSend(['a@kept.example', 'b@kept.example', 'c@kept.example', 'd@kept.example']);
    const [a, b, c, d] = send.rows as [number, number, number, number];
    await finish(a, 'sent', now - 40 * DAY);
    await finish(b, 'failed', now - 39 * DAY);
    await finish(c, 'sent', now - 10 * DAY);
    await finish(d, 'sent', now - 35 * DAY);
    const before = (await editor.client.get(`/api/newsletter/sends/${send.id}`)).body as Record<string, unknown>;
    expect(before).toMatchObject({ status: 'finished', sent: 3, failed: 1, pending: 0 });

    await deleteFinishedMail(app.db, 30, now);

    expect(await rowExists(a)).toBe(false);
    expect(await rowExists(c)).toBe(true);
    const after = await editor.client.get(`/api/newsletter/sends/${send.id}`);
    expect(after.status).toBe(200);
    expect(after.body).toEqual(before);
    // The shared body stays while one message names it, and goes with the last.
    expect(await app.db('mail_bodies').where({ id: send.bodyId }).first()).toBeDefined();
    await deleteFinishedMail(app.db, 5, now);
    expect(await app.db('mail_bodies').where({ id: send.bodyId }).first()).toBeUndefined();
    expect((await editor.client.get(`/api/newsletter/sends/${send.id}`)).body).toEqual(before);
  });
});

describe('the .eml files written without SMTP_URL go after MAIL_KEEP_DAYS too', () => {
  test('when files were written over 30 days ago, then those .eml files go; newer ones, other files and folders stay', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-mail-files-'));
    try {
      const now = Date.now();
      const write = (name: string, daysAgo: number) => {
        const file = path.join(dir, name);
        fs.writeFileSync(file, 'To: reader@example.com\r\n\r\nA link for them alone');
        const at = new Date(now - daysAgo * DAY);
        fs.utimesSync(file, at, at);
        return file;
      };
      const old = write('2026-01-01T00-00-00-000Z-1.eml', 31);
      const recent = write('2026-02-01T00-00-00-000Z-2.eml', 29);
      const notMail = write('notes.txt', 90);
      fs.mkdirSync(path.join(dir, 'kept.eml'));

      expect(await deleteOldMailFiles(dir, 30, now)).toBe(1);

      expect(fs.existsSync(old)).toBe(false);
      expect(fs.existsSync(recent)).toBe(true);
      expect(fs.existsSync(notMail)).toBe(true);
      expect(fs.existsSync(path.join(dir, 'kept.eml'))).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('when MAIL_DIR was never made (mail has gone over SMTP), then nothing to do and no error', async () => {
    expect(await deleteOldMailFiles(path.join(os.tmpdir(), `cik-no-mail-${uniqueName('d')}`), 30)).toBe(0);
  });
});

describe('deleting an account deletes the mail to its reader', () => {
  test('when a reader deletes their account, then nothing to their addresses is left in the queue, a newsletter still going out skips them, and its figures stay whole', async () => {
    const client = app.client();
    const user = await signUp(client, uniqueName('leaver'));
    const other = `${uniqueName('stays')}@kept.example`;
    // A reset link sent and one still waiting, an email change to a new address, and a newsletter going out.
    await client.post('/api/auth/forgot-password', { login: user.username });
    await client.post('/api/auth/forgot-password', { login: user.username });
    const [firstReset] = await rowsTo(user.email);
    await finish(Number(firstReset!.id), 'sent', Date.now());
    const newAddress = `${uniqueName('new')}@kept.example`;
    expect((await client.put(`/api/users/${user.id}/email`, { email: newAddress, password: PASSWORD })).status).toBeLessThan(300);
    expect((await rowsTo(newAddress)).length).toBeGreaterThanOrEqual(1);
    const send = await newsletterSend([user.email.toUpperCase(), other]);
    const editor = await editorClient(app);
    const before = (await editor.client.get(`/api/newsletter/sends/${send.id}`)).body as Record<string, unknown>;
    expect(before).toMatchObject({ status: 'sending', pending: 2 });

    expect((await client.delete(`/api/users/${user.id}`, { password: PASSWORD })).status).toBe(204);

    expect(await rowsTo(user.email)).toEqual([]);
    expect(await rowsTo(newAddress)).toEqual([]);
    expect((await rowsTo(other)).map((r) => r.status)).toEqual(['pending']);
    // The reader's newsletter message was never sent: the send counts it as not delivered.
    const after = (await editor.client.get(`/api/newsletter/sends/${send.id}`)).body as Record<string, unknown>;
    expect(after).toMatchObject({ status: 'sending', sent: 0, failed: 1, pending: 1 });
  });

  test('when a message to the reader is in flight as they delete their account, then the sender keeps it; the rest goes', async () => {
    const client = app.client();
    const user = await signUp(client, uniqueName('inflight'));
    await client.post('/api/auth/forgot-password', { login: user.username });
    await client.post('/api/auth/forgot-password', { login: user.username });
    const [inFlight] = await rowsTo(user.email);
    await app.db('outgoing_mail').where({ id: Number(inFlight!.id) }).update({ status: 'sending', claimed_at: Date.now() });

    expect((await client.delete(`/api/users/${user.id}`, { password: PASSWORD })).status).toBe(204);

    expect((await rowsTo(user.email)).map((r) => [Number(r.id), r.status])).toEqual([[Number(inFlight!.id), 'sending']]);
  });

  test('when the password is wrong, then nothing is deleted, mail included', async () => {
    const client = app.client();
    const user = await signUp(client, uniqueName('stayer'));
    await client.post('/api/auth/forgot-password', { login: user.username });
    const res = await client.delete(`/api/users/${user.id}`, { password: 'Wrong-password1' });
    expect(res.status).toBe(400);
    expect((await rowsTo(user.email)).length).toBe(1);
  });
});
