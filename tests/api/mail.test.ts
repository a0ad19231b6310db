// Outgoing mail (docs/decisions/016-outgoing-mail.md): the queue in the database, its one sender
// under the job lease, retries, crash recovery and the rate limit, against a real SMTP server
// (smtp-server on 127.0.0.1, a random port) whose mail mailparser reads back.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { loadConfig, parseSmtpUrl, type MailConfig } from '#api/config';
import { createDb, type Db } from '#api/db';
import { mailRepo, type QueuedMail } from '#api/modules/mail/mail.repo';
import { queueMail, queueMailToMany, startMailSender, type MailSender, type MailSenderOptions } from '#api/modules/mail/mail.service';
import { startServer } from '#api/server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { freePort, sleep, waitUntil } from '../support/server-process';
import { startSmtp, type Smtp } from '../support/smtp-sink';
import { createTestDatabase, databaseUrlOf, type TestDatabase } from '../support/test-db';

const FROM = '"context is key" <no-reply@mail-test.localhost>';

let tdb: TestDatabase;
let db: Db;
let mailDir: string;
const cleanups: Array<() => Promise<unknown> | unknown> = [];

beforeAll(async () => {
  tdb = await createTestDatabase();
  db = tdb.db;
  mailDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-mail-'));
});
afterAll(async () => {
  await tdb?.drop();
  fs.rmSync(mailDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await db('outgoing_mail').delete();
  await db('job_leases').delete();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function mailConfig(smtp: Smtp | string | null, ratePerSecond = 1000): { mail: MailConfig } {
  const url = typeof smtp === 'string' ? smtp : smtp?.url;
  return { mail: { smtp: parseSmtpUrl(url), from: FROM, dir: mailDir, ratePerSecond } };
}

/** A sender as a process would run it, polling fast and retrying after 50 ms, 100 ms… */
function sender(config: { mail: MailConfig }, opts: MailSenderOptions = {}, on: Db = db): MailSender {
  const s = startMailSender(on, config, { holder: 'test-sender', pollMs: 20, retryBaseMs: 50, ...opts });
  cleanups.push(() => s.stop());
  return s;
}

const message = (n: number | string, extra: Partial<Parameters<typeof queueMail>[1]> = {}) => ({
  to: `reader${n}@example.org`,
  subject: `Message ${n}`,
  text: `Hello ${n}`,
  kind: 'test',
  ...extra,
});

/** A header as it was sent (mailparser turns List-* headers into an object of its own). */
const headerLine = (mail: ParsedMail, key: string) => mail.headerLines.find((h) => h.key === key)?.line;

const rows = () => mailRepo(db).list();
const row = async (id: number) => (await mailRepo(db).find(id))!;

describe('SMTP_URL', () => {
  test('plain smtp to loopback needs no STARTTLS; elsewhere it is required; smtps is TLS from the start', () => {
    expect(parseSmtpUrl('smtp://127.0.0.1:2525')).toEqual({ host: '127.0.0.1', port: 2525, secure: false, ignoreTLS: true, requireTLS: false, auth: null });
    expect(parseSmtpUrl('smtp://u%40x:p%3Ass@mail.example.org')).toEqual({
      host: 'mail.example.org',
      port: 587,
      secure: false,
      ignoreTLS: false,
      requireTLS: true,
      auth: { user: 'u@x', pass: 'p:ss' },
    });
    expect(parseSmtpUrl('smtps://mail.example.org')).toMatchObject({ port: 465, secure: true, ignoreTLS: false, requireTLS: false });
    expect(parseSmtpUrl('  ')).toBeNull();
  });

  test('a bad URL stops the server at start, without showing the password', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', SMTP_URL: 'http://u:secret@mail.example.org' })).toThrow(/SMTP_URL must start with smtp:\/\/ or smtps:\/\//);
    expect(() => loadConfig({ NODE_ENV: 'test', SMTP_URL: 'mail.example.org:25' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ NODE_ENV: 'test', SMTP_URL: 'smtp://u:secret@mail.example.org/x' })).toThrow(/no path/);
    expect(() => loadConfig({ NODE_ENV: 'test', SMTP_URL: 'smtp://u:secret@mail.example.org/x' })).not.toThrow(/secret/);
    expect(() => loadConfig({ NODE_ENV: 'test', MAIL_RATE_PER_SECOND: '0' })).toThrow(/MAIL_RATE_PER_SECOND/);
    expect(loadConfig({ NODE_ENV: 'test' }).mail).toMatchObject({ smtp: null, from: '"context is key" <no-reply@localhost>', ratePerSecond: 10 });
  });
});

describe('the sender', () => {
  test('the server sends a message queued in a transaction: subject, text, html, headers, From = MAIL_FROM', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-mail-server-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const config = loadConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_REQUESTS: 'false',
      DATABASE_URL: databaseUrlOf(tdb.database),
      UPLOAD_DIR: path.join(dir, 'uploads'),
      DIST_DIR: path.join(dir, 'no-dist'),
      SMTP_URL: smtp.url,
      MAIL_FROM: FROM,
    });
    const running = await startServer(config);
    cleanups.push(() => running.close());

    const id = await db.transaction((trx) =>
      queueMail(
        trx,
        message(1, {
          subject: 'Confirm your subscription',
          text: 'Open the link to confirm.',
          html: '<p>Open the <a href="https://example.org/c">link</a> to confirm.</p>',
          headers: { 'List-Unsubscribe': '<https://example.org/u?t=abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }),
      ),
    );
    const [mail] = await waitUntil('the message', () => smtp.received.length > 0 && smtp.received);
    expect(mail!.subject).toBe('Confirm your subscription');
    expect(mail!.text?.trim()).toBe('Open the link to confirm.');
    expect(mail!.html).toContain('<a href="https://example.org/c">link</a>');
    expect(mail!.from?.value).toEqual([{ address: 'no-reply@mail-test.localhost', name: 'context is key' }]);
    expect(mail!.to && !Array.isArray(mail!.to) ? mail!.to.value[0]?.address : null).toBe('reader1@example.org');
    expect(headerLine(mail!, 'list-unsubscribe')).toBe('List-Unsubscribe: <https://example.org/u?t=abc>');
    expect(headerLine(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    await waitUntil('sent', async () => (await row(id)).status === 'sent');
    expect(await row(id)).toMatchObject({ attempts: 1, lastError: null, claimedAt: null });
    await running.close();
    expect(smtp.received).toHaveLength(1);
  });

  test('an idle sender only reads: it takes no lease while nothing is due', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const s = sender(mailConfig(smtp));
    await s.wake();
    await sleep(100);
    expect(await db('job_leases').where({ name: 'mail-sender' })).toEqual([]);
    await queueMail(db, message(1));
    await s.wake();
    expect((await db('job_leases').where({ name: 'mail-sender' })).map((r: { holder: string }) => r.holder)).toEqual(['test-sender']);
  });

  test('queueing a message wakes the sender of its process at once, after the commit', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const s = sender(mailConfig(smtp), { pollMs: 60_000 });
    await s.wake();
    // Its next poll is a minute away: only the wake can send this one.
    const id = await db.transaction((trx) => queueMail(trx, message(1)));
    await waitUntil('sent', async () => (await row(id)).status === 'sent');
    expect(smtp.received.map((m) => m.subject)).toEqual(['Message 1']);
  });

  test('an extra header may not replace From, To, Subject or the MIME headers; a header value stays one line', async () => {
    for (const name of ['From', 'to', 'SUBJECT', 'Bcc', 'Content-Type']) {
      await expect(queueMail(db, { ...message(1), headers: { [name]: 'x' } })).rejects.toThrow(/come from the message itself/);
    }
    await expect(queueMail(db, { ...message(1), headers: { 'List-Unsubscribe': 'a\r\nBcc: x@example.com' } })).rejects.toThrow(/one line/);
    expect(await rows()).toEqual([]);
  });

  test('a message rolled back with its transaction is never sent', async () => {
    await expect(
      db.transaction(async (trx) => {
        await queueMail(trx, message(1));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rows()).toEqual([]);
  });

  test('451, then 250: sent at the retry', async () => {
    const smtp = await startSmtp({ answer: (n) => (n === 1 ? 451 : 250) });
    cleanups.push(smtp.close);
    const id = await queueMail(db, message(1));
    sender(mailConfig(smtp));
    await waitUntil('sent', async () => (await row(id)).status === 'sent');
    expect(await row(id)).toMatchObject({ attempts: 2, lastError: expect.stringContaining('451') });
    expect(smtp.received.map((m) => m.subject)).toEqual(['Message 1']);
  });

  test('550: failed with the error, never retried', async () => {
    const smtp = await startSmtp({ answer: () => 550 });
    cleanups.push(smtp.close);
    const id = await queueMail(db, message(1));
    sender(mailConfig(smtp));
    await waitUntil('failed', async () => (await row(id)).status === 'failed');
    await sleep(300);
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringMatching(/^550 .*No such mailbox/) });
    expect(smtp.calls()).toBe(1);
  });

  test('connection refused: retried with growing delays, never failed; given up 24 h after it was queued', async () => {
    const url = `smtp://127.0.0.1:${await freePort()}`;
    const id = await queueMail(db, message(1));
    const old = await queueMail(db, message(2), Date.now() - 24 * 60 * 60_000 - 1000);
    sender(mailConfig(url));
    await waitUntil('three attempts', async () => (await row(id)).attempts >= 3);
    const now = await row(id);
    expect(now.status === 'pending' || now.status === 'sending').toBe(true);
    expect(now.lastError).toMatch(/ECONNREFUSED|ECONNECTION/);
    await waitUntil('the old one failed', async () => (await row(old)).status === 'failed');
    expect((await row(old)).lastError).toMatch(/^gave up after 1 attempts: .*(ECONNREFUSED|ECONNECTION)/);
  });

  test('the backoff doubles and is capped', async () => {
    const url = `smtp://127.0.0.1:${await freePort()}`;
    const id = await queueMail(db, message(1));
    const s = sender(mailConfig(url), { retryBaseMs: 60_000, retryMaxMs: 100_000, pollMs: 60_000 });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await s.wake();
      const after = await row(id);
      expect(after).toMatchObject({ status: 'pending', attempts: attempt });
      waits.push(after.nextAttemptAt - Date.now());
      await db('outgoing_mail').where({ id }).update({ next_attempt_at: 0 });
    }
    expect(waits[0]).toBeGreaterThan(55_000);
    expect(waits[0]).toBeLessThanOrEqual(60_000);
    expect(waits[1]).toBeGreaterThan(100_000 - 5_000);
    expect(waits[2]).toBeLessThanOrEqual(100_000);
  });

  test('a message a crashed process left in "sending" is sent by another, once; one in flight elsewhere is left alone', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const stuck = await queueMail(db, message('stuck'));
    const inFlight = await queueMail(db, message('inflight'));
    await db('outgoing_mail').where({ id: stuck }).update({ status: 'sending', claimed_at: Date.now() - 3 * 60_000, attempts: 1 });
    await db('outgoing_mail').where({ id: inFlight }).update({ status: 'sending', claimed_at: Date.now(), attempts: 1 });
    sender(mailConfig(smtp));
    await waitUntil('sent', async () => (await row(stuck)).status === 'sent');
    await sleep(200);
    expect(smtp.received.map((m) => m.subject)).toEqual(['Message stuck']);
    expect(await row(stuck)).toMatchObject({ attempts: 2 });
    expect(await row(inFlight)).toMatchObject({ status: 'sending', attempts: 1 });
  });

  test('two processes on one database send each message once', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const other = createDb(tdb.database);
    cleanups.push(() => other.destroy());
    const ids: number[] = [];
    for (let n = 0; n < 10; n += 1) ids.push(await queueMail(db, message(n)));
    sender(mailConfig(smtp), { holder: 'process-A' });
    sender(mailConfig(smtp), { holder: 'process-B' }, other);
    await waitUntil('all sent', async () => (await rows()).every((m: QueuedMail) => m.status === 'sent'));
    expect(smtp.received.map((m) => m.subject).sort()).toEqual(ids.map((_, n) => `Message ${n}`).sort());
    expect((await rows()).map((m) => m.attempts)).toEqual(ids.map(() => 1));
  });

  test('MAIL_RATE_PER_SECOND=5: ten messages take about 1.8 s', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    for (let n = 0; n < 10; n += 1) await queueMail(db, message(n));
    const started = performance.now();
    sender(mailConfig(smtp, 5));
    await waitUntil('all sent', () => smtp.received.length === 10);
    expect(performance.now() - started).toBeGreaterThan(1_500);
  });

  test('a newsletter-sized queue reuses a few pooled connections, with at most `concurrency` messages in flight', async () => {
    const smtp = await startSmtp({ delayMs: 100 });
    cleanups.push(smtp.close);
    for (let n = 0; n < 24; n += 1) await queueMail(db, message(n));
    sender(mailConfig(smtp), { concurrency: 3 });
    await waitUntil('all sent', async () => (await rows()).every((m: QueuedMail) => m.status === 'sent'));
    expect(smtp.maxInFlight()).toBe(3);
    expect(smtp.connections()).toBeLessThanOrEqual(3);
    expect((await rows()).map((m) => m.attempts)).toEqual(Array.from({ length: 24 }, () => 1));
  });

  test('one body to many: stored once, each recipient gets their own values, escaped in the HTML', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const mark = 'cik-var-7f3a9c';
    const queued = await db.transaction((trx) =>
      queueMailToMany(
        trx,
        {
          subject: 'The covenant',
          text: `Read it. Leave: https://example.org/u?token=${mark}`,
          html: `<p>Read it.</p><a href="https://example.org/u?token=${mark}">Unsubscribe</a>`,
          headers: { 'List-Unsubscribe': `<https://example.org/u?token=${mark}>` },
          kind: 'newsletter',
        },
        [
          { to: 'reader1@example.org', vars: { [mark]: 'one.A_b' } },
          { to: 'reader2@example.org', vars: { [mark]: 'two&"<x>' } },
        ],
      ),
    );
    expect(queued).toBe(2);
    expect(Number((await db('mail_bodies').count({ n: '*' }).first())?.n)).toBe(1);
    // The recipients' rows hold no copy of the body.
    expect((await db('outgoing_mail').select('text_body', 'html_body')).every((r: { text_body: string; html_body: string | null }) => r.text_body === '' && r.html_body === null)).toBe(true);
    sender(mailConfig(smtp));
    await waitUntil('both sent', () => smtp.received.length === 2);
    const byTo = (address: string) => smtp.received.find((m) => (Array.isArray(m.to) ? m.to[0] : m.to)?.value[0]?.address === address)!;
    const one = byTo('reader1@example.org');
    expect(one.subject).toBe('The covenant');
    expect(one.text).toContain('https://example.org/u?token=one.A_b');
    expect(one.html).toContain('href="https://example.org/u?token=one.A_b"');
    expect(headerLine(one, 'list-unsubscribe')).toBe('List-Unsubscribe: <https://example.org/u?token=one.A_b>');
    const two = byTo('reader2@example.org');
    expect(two.text).toContain('token=two&"<x>');
    expect(two.html).toContain('token=two&amp;&quot;&lt;x&gt;');
    expect(two.html).not.toContain(mark);
    expect((await rows()).map((m: QueuedMail) => m.subject)).toEqual(['The covenant', 'The covenant']);
  });

  test('stop waits for the message in flight and records it', async () => {
    const smtp = await startSmtp({ delayMs: 300 });
    cleanups.push(smtp.close);
    const id = await queueMail(db, message(1));
    const s = sender(mailConfig(smtp));
    await waitUntil('claimed', async () => (await row(id)).status === 'sending');
    await s.stop();
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(Number((await db('job_leases').where({ name: 'mail-sender' }).first()).expires_at)).toBe(0);
  });

  test('no SMTP_URL: each message is written as an .eml file into MAIL_DIR, and logged', async () => {
    const log = vi.spyOn(console, 'log');
    cleanups.push(() => log.mockRestore());
    const id = await queueMail(db, message(1, { html: '<p>Hello</p>', headers: { 'List-Unsubscribe': '<https://example.org/u>' } }));
    sender(mailConfig(null));
    await waitUntil('sent', async () => (await row(id)).status === 'sent');
    const files = fs.readdirSync(mailDir).filter((f) => f.endsWith(`-${id}.eml`));
    expect(files).toHaveLength(1);
    const file = path.join(mailDir, files[0]!);
    const parsed = await simpleParser(fs.readFileSync(file));
    expect(parsed.subject).toBe('Message 1');
    expect(parsed.text?.trim()).toBe('Hello 1');
    expect(parsed.html).toContain('<p>Hello</p>');
    expect(parsed.from?.text).toContain('no-reply@mail-test.localhost');
    expect(headerLine(parsed, 'list-unsubscribe')).toBe('List-Unsubscribe: <https://example.org/u>');
    expect(log).toHaveBeenCalledWith(`[mail] to reader1@example.org, subject "Message 1": written to ${file}`);
  });
});
