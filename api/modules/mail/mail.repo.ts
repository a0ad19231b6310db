import type { Knex } from 'knex';
import { isPostgres, type Db } from '#api/db';
import { toNumber } from '#api/lib/convert';

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

/** A message as the queue keeps it (api/migrations/013-outgoing-mail.ts); times in ms since the epoch. */
export interface QueuedMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  kind: string;
  status: MailStatus;
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
  createdAt: number;
  sentAt: number | null;
  claimedAt: number | null;
}

export interface NewMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  kind: string;
}

interface MailRow {
  id: unknown;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  headers_json: string;
  kind: string;
  status: MailStatus;
  attempts: unknown;
  next_attempt_at: unknown;
  last_error: string | null;
  created_at: unknown;
  sent_at: unknown;
  claimed_at: unknown;
  vars_json: string | null;
  /** The shared body's (migration 016), when the row names one. */
  body_subject: string | null;
  body_text: string | null;
  body_html: string | null;
  body_headers: string | null;
}

const orNull = (value: unknown) => (value === null || value === undefined ? null : toNumber(value));

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** Puts a recipient's values in at their placeholders: as they are in text and headers, escaped in HTML. */
function fill(template: string, vars: Record<string, string>, html = false): string {
  let out = template;
  for (const [placeholder, value] of Object.entries(vars)) out = out.split(placeholder).join(html ? escapeHtml(value) : value);
  return out;
}

function fromRow(row: MailRow): QueuedMail {
  const vars = row.vars_json ? (JSON.parse(row.vars_json) as Record<string, string>) : {};
  const shared = row.body_subject !== null && row.body_subject !== undefined;
  const headers = JSON.parse((shared ? row.body_headers : row.headers_json) ?? '{}') as Record<string, string>;
  return {
    id: toNumber(row.id),
    to: row.to_address,
    subject: shared ? fill(row.body_subject!, vars) : row.subject,
    text: shared ? fill(row.body_text ?? '', vars) : row.text_body,
    html: shared ? (row.body_html === null ? null : fill(row.body_html, vars, true)) : row.html_body,
    headers: shared ? Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, fill(v, vars)])) : headers,
    kind: row.kind,
    status: row.status,
    attempts: toNumber(row.attempts),
    nextAttemptAt: toNumber(row.next_attempt_at),
    lastError: row.last_error,
    createdAt: toNumber(row.created_at),
    sentAt: orNull(row.sent_at),
    claimedAt: orNull(row.claimed_at),
  };
}

/** The message's row and, when it names one, its shared body's fields (`body_*`). */
function withBody(q: Knex.QueryBuilder) {
  return q
    .leftJoin('mail_bodies', 'mail_bodies.id', 'outgoing_mail.body_id')
    .select(
      'outgoing_mail.*',
      'mail_bodies.subject as body_subject',
      'mail_bodies.text_body as body_text',
      'mail_bodies.html_body as body_html',
      'mail_bodies.headers_json as body_headers',
    );
}

/** Due: pending and its time has come, or claimed by a sender that has not finished since `stuckBefore` (it died). */
function due(q: Knex.QueryBuilder, now: number, stuckBefore: number) {
  return q.where((w) => w.where({ status: 'pending' }).andWhere('next_attempt_at', '<=', now)).orWhere((w) => w.where({ status: 'sending' }).andWhere('claimed_at', '<', stuckBefore));
}

/** What a deleted message leaves: its send's numbers (docs/decisions/016-outgoing-mail.md, "How long mail is kept"). */
const GONE_COLUMNS = ['newsletter_send_id', 'status', 'sent_at', 'failed_at', 'body_id'] as const;
type GoneRow = Record<(typeof GONE_COLUMNS)[number], unknown>;

/**
 * Runs `query` as a DELETE and returns the deleted rows' GONE_COLUMNS. knex returns them on
 * PostgreSQL; on SQLite (3.35+ has RETURNING) its delete gives a count, so the same statement is
 * sent as raw SQL with the clause added.
 */
async function deleteReturning(db: Db | Knex.Transaction, query: Knex.QueryBuilder): Promise<GoneRow[]> {
  if (isPostgres(db as Db)) return (await query.delete().returning([...GONE_COLUMNS])) as GoneRow[];
  const { sql, bindings } = query.delete().toSQL();
  return (await db.raw(`${sql} returning ${GONE_COLUMNS.join(', ')}`, bindings)) as GoneRow[];
}

/**
 * Adds deleted messages to their newsletter send's earlier counts (migration 021), so the desk's
 * figures stay whole: sent as sent, anything else (failed, or a message never sent because its
 * reader left) as failed. Then drops the shared bodies no message names any more. The rows come
 * from the DELETE itself (RETURNING), so a row two deleters both found is counted once.
 */
async function keepCountsOf(db: Db | Knex.Transaction, gone: readonly GoneRow[], now: number): Promise<void> {
  const bySend = new Map<number, { sent: number; failed: number; lastAt: number }>();
  for (const row of gone) {
    if (row.newsletter_send_id === null || row.newsletter_send_id === undefined) continue;
    const id = toNumber(row.newsletter_send_id);
    const c = bySend.get(id) ?? { sent: 0, failed: 0, lastAt: 0 };
    if (row.status === 'sent') c.sent += 1;
    else c.failed += 1;
    c.lastAt = Math.max(c.lastAt, orNull(row.sent_at) ?? orNull(row.failed_at) ?? now);
    bySend.set(id, c);
  }
  for (const [id, c] of bySend) {
    await db('newsletter_sends')
      .where({ id })
      .update({
        earlier_sent: db.raw('earlier_sent + ?', [c.sent]),
        earlier_failed: db.raw('earlier_failed + ?', [c.failed]),
        earlier_last_at: db.raw('CASE WHEN earlier_last_at IS NULL OR earlier_last_at < ? THEN ? ELSE earlier_last_at END', [c.lastAt, c.lastAt]),
      });
  }
  const bodies = [...new Set(gone.map((row) => row.body_id).filter((id) => id !== null && id !== undefined).map(toNumber))];
  for (let start = 0; start < bodies.length; start += 500) {
    await db('mail_bodies')
      .whereIn('id', bodies.slice(start, start + 500))
      .whereNotExists(db('outgoing_mail').select(db.raw('1')).whereRaw('outgoing_mail.body_id = mail_bodies.id'))
      .delete();
  }
}

/** The queue's rows. `db` may be a transaction: a message is queued in the transaction of the change that causes it. */
export function mailRepo(db: Db | Knex.Transaction) {
  return {
    async insert(mail: NewMail, now: number): Promise<number> {
      const [row] = await db('outgoing_mail')
        .insert({
          to_address: mail.to,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
          headers_json: JSON.stringify(mail.headers),
          kind: mail.kind,
          status: 'pending',
          attempts: 0,
          next_attempt_at: now,
          created_at: now,
        })
        .returning('id');
      return toNumber(typeof row === 'object' && row !== null ? (row as { id: unknown }).id : row);
    },

    /** Whether any message is due: one read, so an idle sender's poll writes nothing (no lease taken). */
    async anyDue(now: number, stuckBefore: number): Promise<boolean> {
      return !!(await due(db('outgoing_mail').select('id'), now, stuckBefore).first());
    },

    /**
     * Claims the next due message (pending → sending, `claimed_at` = now, one more attempt) and
     * returns it; null when none is due. The UPDATE repeats the condition it was found by, so of
     * two senders that found the same row only one claims it.
     */
    async claimNext(now: number, stuckBefore: number): Promise<QueuedMail | null> {
      for (let tries = 0; tries < 5; tries += 1) {
        // Two lookups, not one with OR: each walks the (status, next_attempt_at, id) index to its
        // first row, where the OR read every due row and sorted them for one (a newsletter's
        // 10 000 rows, for each message). Stuck claims first: they are the oldest.
        const next = ((await db('outgoing_mail').select('id').where({ status: 'sending' }).andWhere('claimed_at', '<', stuckBefore).orderBy('id').first()) ??
          (await db('outgoing_mail')
            .select('id')
            .where({ status: 'pending' })
            .andWhere('next_attempt_at', '<=', now)
            .orderBy([{ column: 'next_attempt_at' }, { column: 'id' }])
            .first())) as { id: unknown } | undefined;
        if (!next) return null;
        const id = toNumber(next.id);
        const claimed = await db('outgoing_mail')
          .where({ id })
          .andWhere((q) => due(q, now, stuckBefore))
          .update({ status: 'sending', claimed_at: now, attempts: db.raw('attempts + 1') });
        if (Number(claimed) > 0) return this.find(id);
      }
      return null;
    },

    async find(id: number): Promise<QueuedMail | null> {
      const row = (await withBody(db('outgoing_mail')).where('outgoing_mail.id', id).first()) as MailRow | undefined;
      return row ? fromRow(row) : null;
    },

    /** Every message, oldest first (for tests and, later, the desk). */
    async list(): Promise<QueuedMail[]> {
      const rows = (await withBody(db('outgoing_mail')).orderBy('outgoing_mail.id')) as MailRow[];
      return rows.map(fromRow);
    },

    /** A body many messages share (migration 016); its id for `insertForBody`. */
    async insertBody(body: { subject: string; text: string; html: string | null; headers: Record<string, string> }, now: number): Promise<number> {
      const [row] = await db('mail_bodies')
        .insert({ subject: body.subject, text_body: body.text, html_body: body.html, headers_json: JSON.stringify(body.headers), created_at: now })
        .returning('id');
      return toNumber(typeof row === 'object' && row !== null ? (row as { id: unknown }).id : row);
    },

    /**
     * One small row per recipient of a shared body: the address and the recipient's values for
     * the body's placeholders. `perStatement` rows an INSERT keeps under SQLite's 999 bound variables.
     */
    async insertForBody(
      bodyId: number,
      recipients: ReadonlyArray<{ to: string; vars: Record<string, string> }>,
      opts: { kind: string; now: number; newsletterSendId: number | null },
      perStatement = 80,
    ): Promise<void> {
      for (let start = 0; start < recipients.length; start += perStatement) {
        await db('outgoing_mail').insert(
          recipients.slice(start, start + perStatement).map((r) => ({
            to_address: r.to,
            subject: '',
            text_body: '',
            html_body: null,
            headers_json: '{}',
            kind: opts.kind,
            status: 'pending',
            attempts: 0,
            next_attempt_at: opts.now,
            created_at: opts.now,
            newsletter_send_id: opts.newsletterSendId,
            body_id: bodyId,
            vars_json: JSON.stringify(r.vars),
          })),
        );
      }
    },

    /** The outcome of a send, written only while the message is still this sender's claim. */
    async markSent(mail: QueuedMail, now: number): Promise<void> {
      await db('outgoing_mail').where({ id: mail.id, status: 'sending', claimed_at: mail.claimedAt }).update({ status: 'sent', sent_at: now, claimed_at: null });
    },
    async markRetry(mail: QueuedMail, nextAttemptAt: number, error: string): Promise<void> {
      await db('outgoing_mail')
        .where({ id: mail.id, status: 'sending', claimed_at: mail.claimedAt })
        .update({ status: 'pending', next_attempt_at: nextAttemptAt, last_error: error, claimed_at: null });
    },
    /** Gives up the messages of `kinds` to `to` still waiting (not those in flight): failed, with `reason`. */
    async cancelPending(to: string, kinds: readonly string[], reason: string, now: number): Promise<number> {
      return db('outgoing_mail').where({ to_address: to, status: 'pending' }).whereIn('kind', [...kinds]).update({ status: 'failed', last_error: reason, failed_at: now });
    },
    /**
     * Deletes up to `limit` messages that were sent or given up before `before` (ms since the
     * epoch), keeping their send's numbers. A message still waiting or in flight is never deleted
     * here. Returns how many went; call again while it returns `limit`.
     */
    async deleteFinishedBefore(before: number, limit: number, now: number): Promise<number> {
      const oldest = db('outgoing_mail')
        .select('id')
        .where((w) =>
          w
            .where((q) => q.where({ status: 'sent' }).andWhere('sent_at', '<', before))
            .orWhere((q) => q.where({ status: 'failed' }).andWhere((f) => f.where('failed_at', '<', before).orWhere((n) => n.whereNull('failed_at').andWhere('created_at', '<', before)))),
        )
        .orderBy('id')
        .limit(limit);
      const gone = await deleteReturning(db, db('outgoing_mail').whereIn('id', oldest).whereIn('status', ['sent', 'failed']));
      await keepCountsOf(db, gone, now);
      return gone.length;
    },

    /**
     * Deletes every message to these addresses (compared without case) except one in flight,
     * which its sender still holds: a message still waiting is never sent. For a reader who
     * deletes their account, in the same transaction. Returns how many went.
     */
    async deleteTo(addresses: readonly string[], now: number): Promise<number> {
      const lower = [...new Set(addresses.map((a) => a.toLowerCase()))];
      if (!lower.length) return 0;
      const gone = await deleteReturning(
        db,
        db('outgoing_mail')
          .whereRaw(`lower(to_address) in (${lower.map(() => '?').join(', ')})`, lower)
          .whereNot({ status: 'sending' }),
      );
      await keepCountsOf(db, gone, now);
      return gone.length;
    },

    async markFailed(mail: QueuedMail, error: string): Promise<void> {
      await db('outgoing_mail').where({ id: mail.id, status: 'sending', claimed_at: mail.claimedAt }).update({ status: 'failed', last_error: error, claimed_at: null, failed_at: Date.now() });
    },
  };
}
