// The newsletter suites' mailbox: the app's mail, sent by a real sender through a loopback SMTP
// server (tests/support/smtp-sink.ts) and read back with mailparser, so a test follows the links
// of the mail a reader would get.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ParsedMail } from 'mailparser';
import { parseSmtpUrl } from '#api/config';
import type { Db } from '#api/db';
import { startMailSender, type MailSender } from '#api/modules/mail/mail.service';
import { editorClient } from './fixtures';
import { waitUntil } from './server-process';

// editorClient lives with the other fixtures; the newsletter suites still import it from here.
export { editorClient, waitUntil };
import { startSmtp, type Smtp } from './smtp-sink';
import { uniqueName } from './test-app';

export interface Mailbox {
  smtp: Smtp;
  sender: MailSender;
  /** The mail received for `address` so far, oldest first. */
  to: (address: string) => ParsedMail[];
  /** Waits until `address` has at least `count` messages; returns them all. */
  waitFor: (address: string, count?: number) => Promise<ParsedMail[]>;
  close: () => Promise<void>;
}

export const addressOf = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address?.toLowerCase() : undefined);

/** A header as it was sent, unfolded (mailparser turns List-* headers into an object of its own). */
export const headerLine = (mail: ParsedMail, key: string) => mail.headerLines.find((h) => h.key === key)?.line.replace(/\r\n(?=[ \t])/g, '');

/** The first absolute link to `pagePath` in the mail's text part. */
export function linkIn(mail: ParsedMail, pagePath: string): string {
  const match = new RegExp(`https?://[^\\s)]+${pagePath.replace(/\//g, '\\/')}\\?token=[A-Za-z0-9._-]+`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${pagePath} link in: ${mail.text}`);
  return match[0];
}

/** An SMTP server on loopback and a sender of `db`'s queue to it, polling fast. */
export async function startMailbox(db: Db, opts: { answer?: (n: number) => number } = {}): Promise<Mailbox> {
  const smtp = await startSmtp(opts);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cik-newsletter-mail-'));
  const sender = startMailSender(
    db,
    { mail: { smtp: parseSmtpUrl(smtp.url), from: '"context is key" <no-reply@newsletter-test.localhost>', dir, ratePerSecond: 1000 } },
    { holder: `newsletter-test-${uniqueName('m')}`, pollMs: 20, retryBaseMs: 50 },
  );
  const to = (address: string) => smtp.received.filter((m) => addressOf(m) === address.toLowerCase());
  return {
    smtp,
    sender,
    to,
    waitFor: (address, count = 1) => waitUntil(`${count} mail to ${address}`, () => to(address).length >= count && to(address)),
    close: async () => {
      await sender.stop();
      await smtp.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Confirmed subscribers straight into the table (as if they had confirmed long ago). */
export async function insertConfirmed(db: Db, emails: readonly string[], at = new Date().toISOString()): Promise<void> {
  for (let i = 0; i < emails.length; i += 100) {
    await db('newsletter_subscriptions').insert(emails.slice(i, i + 100).map((email) => ({ email, created_at: at, confirmed_at: at })));
  }
}
