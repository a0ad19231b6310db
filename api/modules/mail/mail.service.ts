import type { Knex } from 'knex';
import { z } from 'zod';
import type { Db } from '#api/db';
import { mailRepo } from './mail.repo';
import { notifyMailQueued } from './mail.wake';

// The sender is started with the server (api/server.ts) and stopped with it.
export { MAIL_SENDER_JOB, startMailSender, type MailSender, type MailSenderOptions } from './mail.sender';
export { deleteOldMailFiles } from './mail.transport';

/** Headers the message's own fields and its MIME structure set: an extra header may not replace them. */
const RESERVED_HEADERS = new Set(['from', 'to', 'cc', 'bcc', 'subject', 'sender', 'date', 'message-id', 'mime-version', 'content-type', 'content-transfer-encoding']);
const headerName = z
  .string()
  .regex(/^[A-Za-z0-9-]{1,76}$/, 'a header name is letters, digits and hyphens')
  .refine((name) => !RESERVED_HEADERS.has(name.toLowerCase()), 'From, To, Subject and the MIME headers come from the message itself');
const oneLine = (max: number) => z.string().max(max).refine((v) => !/[\r\n]/.test(v), 'must be one line');

/** A message to queue: who gets it, what it says, and what kind of mail it is (for the log and the desk). */
export const outgoingMailSchema = z.object({
  to: z.string().trim().email().max(320),
  subject: oneLine(998).pipe(z.string().min(1)),
  text: z.string(),
  html: z.string().nullish(),
  /** Extra headers such as List-Unsubscribe (RFC 8058); From, To and Subject come from their own fields. */
  headers: z.record(headerName, oneLine(2000)).default({}),
  kind: z.string().min(1).max(40),
});

export type OutgoingMail = z.input<typeof outgoingMailSchema>;

/**
 * Queues a message in the caller's transaction (or on `db`, alone): the change that causes a mail
 * and the mail commit together or not at all (docs/decisions/016-outgoing-mail.md). The sender of
 * this process is woken once the row is visible; the others find it at their next poll.
 */
export async function queueMail(dbOrTrx: Db | Knex.Transaction, message: OutgoingMail, now: number = Date.now()): Promise<number> {
  const mail = outgoingMailSchema.parse(message);
  const id = await mailRepo(dbOrTrx).insert({ ...mail, html: mail.html ?? null }, now);
  if (dbOrTrx.isTransaction) (dbOrTrx as Knex.Transaction).executionPromise.then(notifyMailQueued, () => undefined);
  else notifyMailQueued();
  return id;
}

/**
 * Gives up the waiting messages of `kinds` to `to`, in the caller's transaction: someone who
 * unsubscribes gets no more of a newsletter still being sent (RFC 8058 asks for it at once). A
 * message already in flight still goes. Returns how many were given up.
 */
export async function cancelQueuedMail(trx: Knex.Transaction, to: string, kinds: readonly string[], reason: string): Promise<number> {
  return mailRepo(trx).cancelPending(to, kinds, reason, Date.now());
}

/** What a message to many says (`queueMailToMany`): placeholders in it are filled in per recipient. */
export type SharedMail = Omit<OutgoingMail, 'to'>;

/**
 * Queues one message to many recipients in the caller's transaction: the body is stored once
 * (migration 016) and each recipient gets a small row with `vars`, the values of the body's
 * placeholders (strings that appear in its text, HTML and headers, such as a token in an
 * unsubscribe link), put in when it is sent: escaped in the HTML, as they are elsewhere. Pick
 * placeholders no author could type (a random part). Returns how many were queued.
 */
export async function queueMailToMany(
  trx: Knex.Transaction,
  message: SharedMail,
  recipients: ReadonlyArray<{ to: string; vars?: Record<string, string> }>,
  opts: { newsletterSendId?: number; now?: number } = {},
): Promise<number> {
  const body = outgoingMailSchema.omit({ to: true }).parse(message);
  const to = outgoingMailSchema.shape.to;
  const rows = recipients.map((r) => ({ to: to.parse(r.to), vars: r.vars ?? {} }));
  if (rows.length === 0) return 0;
  const now = opts.now ?? Date.now();
  const repo = mailRepo(trx);
  const bodyId = await repo.insertBody({ subject: body.subject, text: body.text, html: body.html ?? null, headers: body.headers }, now);
  await repo.insertForBody(bodyId, rows, { kind: body.kind, now, newsletterSendId: opts.newsletterSendId ?? null });
  trx.executionPromise.then(notifyMailQueued, () => undefined);
  return rows.length;
}

/** The housekeeping job (api/server.ts) that deletes old messages, under its lease. */
export const MAIL_FORGET_JOB = 'mail-forget';

/** How many finished messages one transaction of the housekeeping deletes. */
const DELETE_BATCH = 500;

/**
 * Deletes the messages sent or given up more than `keepDays` days ago (MAIL_KEEP_DAYS), a batch per
 * transaction, keeping each newsletter send's numbers (docs/decisions/016-outgoing-mail.md, "How
 * long mail is kept"). A message's row holds its reader's address and, for a password reset or a
 * confirmation, a link made for them alone: none of it is needed once the message is out. Returns
 * how many went.
 */
export async function deleteFinishedMail(db: Db, keepDays: number, now: number = Date.now()): Promise<number> {
  const before = now - keepDays * 24 * 60 * 60 * 1000;
  let total = 0;
  for (;;) {
    const deleted = await db.transaction((trx) => mailRepo(trx).deleteFinishedBefore(before, DELETE_BATCH, now));
    total += deleted;
    if (deleted < DELETE_BATCH) return total;
  }
}

/**
 * Deletes every message to these addresses in the caller's transaction, except one already in
 * flight: for a reader who deletes their account, nothing more is sent to them (a newsletter still
 * going out, a password reset) and their address is kept nowhere in the queue. Returns how many went.
 */
export async function forgetMailTo(trx: Knex.Transaction, addresses: readonly string[]): Promise<number> {
  return mailRepo(trx).deleteTo(addresses, Date.now());
}
