import type { Knex } from 'knex';
import { isPostgres, type Db } from '#api/db';
import { toBool, toIso, toNumber } from '#api/lib/convert';

/** A post as a send reads it (blog_posts, read here as the search module reads it: its row, no more). */
export interface PostForSend {
  id: number;
  title: string;
  content: string;
  excerpt: string | null;
  status: string;
  publishedAt: string;
  emailSubscribers: boolean;
  updatedBy: number | null;
}

export interface SendRow {
  id: number;
  postId: number;
  test: boolean;
  recipients: number;
  createdAt: string;
  createdBy: { id: number; username: string } | null;
}

/** A send's messages by status (outgoing_mail, migration 014's `newsletter_send_id`). */
export interface SendCounts {
  sent: number;
  pending: number;
  failed: number;
  /** The last message's outcome, ms since the epoch; null when none has one. */
  lastAt: number | null;
}

const NO_COUNTS: SendCounts = { sent: 0, pending: 0, failed: 0, lastAt: null };

/** The queries, on the pool or inside one transaction. */
function queries(db: Db | Knex.Transaction) {
  const subscriptions = () => db('newsletter_subscriptions');
  return {
    /** Inserts a pending address unless it is there (case-insensitively). True when a row was added. */
    async addPending(email: string, tokenHash: string, at: string): Promise<boolean> {
      const rows = await subscriptions()
        .insert({ email, created_at: at, confirm_token_hash: tokenHash, confirm_sent_at: at })
        .onConflict(db.raw('(lower(email))'))
        .ignore()
        .returning('id');
      return rows.length > 0;
    },

    /**
     * A pending address's new confirmation: its token replaced, unless its last mail went after
     * `sentBefore` (one an hour). One UPDATE with the condition, so two requests at once send one.
     */
    async renewPending(email: string, tokenHash: string, at: string, sentBefore: string): Promise<boolean> {
      const n = await subscriptions()
        .whereRaw('lower(email) = lower(?)', [email])
        .whereNull('confirmed_at')
        .andWhere((q) => q.whereNull('confirm_sent_at').orWhere('confirm_sent_at', '<', sentBefore))
        .update({ confirm_token_hash: tokenHash, confirm_sent_at: at });
      return Number(n) > 0;
    },

    /** Confirms the pending address whose token hashes to `tokenHash`, sent after `sentAfter`; the token is spent. */
    async confirm(tokenHash: string, sentAfter: string, at: string): Promise<boolean> {
      const n = await subscriptions()
        .where({ confirm_token_hash: tokenHash })
        .whereNull('confirmed_at')
        .where('confirm_sent_at', '>=', sentAfter)
        .update({ confirmed_at: at, confirm_token_hash: null });
      return Number(n) > 0;
    },

    async exists(id: number): Promise<boolean> {
      return !!(await subscriptions().select('id').where({ id }).first());
    },

    /** Forgets a subscriber (unsubscribing): the row goes, the address with it. Returns the address, or null when it was gone. */
    async remove(id: number): Promise<string | null> {
      const row = (await subscriptions().select('email').where({ id }).first()) as { email: string } | undefined;
      if (!row) return null;
      await subscriptions().where({ id }).delete();
      return row.email;
    },

    /** Forgets addresses never confirmed whose last confirmation mail went before `sentBefore`. */
    async forgetPending(sentBefore: string): Promise<number> {
      return subscriptions()
        .whereNull('confirmed_at')
        .andWhere((q) => q.where('confirm_sent_at', '<', sentBefore).orWhere((w) => w.whereNull('confirm_sent_at').where('created_at', '<', sentBefore)))
        .delete();
    },

    /** Confirmed addresses only, newest first (the id breaks ties). */
    async listConfirmed(): Promise<Array<{ email: string; subscribedAt: string }>> {
      const rows = await subscriptions()
        .select('email', 'confirmed_at')
        .whereNotNull('confirmed_at')
        .orderBy([
          { column: 'confirmed_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ]);
      return rows.map((row: { email: string; confirmed_at: unknown }) => ({ email: row.email, subscribedAt: toIso(row.confirmed_at) }));
    },

    /** Every confirmed subscriber's id and address, in id order: a send's recipients. */
    async confirmedRecipients(): Promise<Array<{ id: number; email: string }>> {
      const rows = await subscriptions().select('id', 'email').whereNotNull('confirmed_at').orderBy('id');
      return rows.map((row: { id: unknown; email: string }) => ({ id: toNumber(row.id), email: row.email }));
    },

    async countConfirmed(): Promise<number> {
      const row = await subscriptions().whereNotNull('confirmed_at').count({ n: '*' }).first();
      return toNumber(row?.n);
    },

    /** The post, locked until the transaction ends on PostgreSQL (SQLite's transactions already run one at a time). */
    async lockPost(id: number): Promise<PostForSend | null> {
      const query = db('blog_posts').select('id', 'title', 'content', 'excerpt', 'status', 'published_at', 'email_subscribers', 'updated_by').where({ id });
      const row = (await (isPostgres(db as Db) ? query.forUpdate() : query).first()) as Record<string, unknown> | undefined;
      if (!row) return null;
      return {
        id: toNumber(row.id),
        title: String(row.title),
        content: String(row.content ?? ''),
        excerpt: (row.excerpt as string | null) ?? null,
        status: String(row.status),
        publishedAt: toIso(row.published_at),
        emailSubscribers: toBool(row.email_subscribers),
        updatedBy: row.updated_by === null || row.updated_by === undefined ? null : toNumber(row.updated_by),
      };
    },

    async postExists(id: number): Promise<boolean> {
      return !!(await db('blog_posts').select('id').where({ id }).first());
    },

    async clearEmailFlag(postId: number): Promise<void> {
      await db('blog_posts').where({ id: postId }).update({ email_subscribers: false });
    },

    /** Posts marked "Email subscribers when published" that readers may see at `now`, oldest first. */
    async duePostIds(now: string): Promise<number[]> {
      const ids = await db('blog_posts').where({ email_subscribers: true, status: 'published' }).where('published_at', '<=', now).orderBy('published_at').pluck('id');
      return ids.map(toNumber);
    },

    /** The post's last send to subscribers (not a test), or null. */
    async lastRealSend(postId: number): Promise<{ id: number; createdAt: string } | null> {
      const row = (await db('newsletter_sends').select('id', 'created_at').where({ post_id: postId, is_test: false }).orderBy('id', 'desc').first()) as
        | { id: unknown; created_at: unknown }
        | undefined;
      return row ? { id: toNumber(row.id), createdAt: toIso(row.created_at) } : null;
    },

    async insertSend(send: { postId: number; test: boolean; recipients: number; createdBy: number | null; createdAt: string }): Promise<number> {
      const [row] = await db('newsletter_sends')
        .insert({ post_id: send.postId, is_test: send.test, recipients: send.recipients, created_by: send.createdBy, created_at: send.createdAt })
        .returning('id');
      return toNumber(typeof row === 'object' && row !== null ? (row as { id: unknown }).id : row);
    },

    /** Sends, newest first: one (`id`) or a post's (`postId`). */
    async sends(where: { id: number } | { postId: number }): Promise<SendRow[]> {
      const query = db('newsletter_sends as s')
        .leftJoin('users as u', 'u.id', 's.created_by')
        .select('s.id', 's.post_id', 's.is_test', 's.recipients', 's.created_at', 's.created_by', 'u.username')
        .orderBy('s.id', 'desc');
      if ('id' in where) query.where('s.id', where.id);
      else query.where('s.post_id', where.postId);
      const rows = (await query) as Array<{ id: unknown; post_id: unknown; is_test: unknown; recipients: unknown; created_at: unknown; created_by: unknown; username: string | null }>;
      return rows.map((row) => ({
        id: toNumber(row.id),
        postId: toNumber(row.post_id),
        test: toBool(row.is_test),
        recipients: toNumber(row.recipients),
        createdAt: toIso(row.created_at),
        createdBy: row.created_by === null || row.username === null ? null : { id: toNumber(row.created_by), username: row.username },
      }));
    },

    /**
     * Each send's messages by status (pending and sending count as pending), from the queue, with
     * those the queue no longer holds (deleted after MAIL_KEEP_DAYS or with their reader's
     * account: `earlier_*`, migration 021).
     */
    async counts(sendIds: readonly number[]): Promise<Map<number, SendCounts>> {
      const result = new Map<number, SendCounts>();
      if (!sendIds.length) return result;
      const earlier = (await db('newsletter_sends')
        .select('id', 'earlier_sent', 'earlier_failed', 'earlier_last_at')
        .whereIn('id', [...sendIds])
        .andWhere((w) => w.where('earlier_sent', '>', 0).orWhere('earlier_failed', '>', 0))) as Array<{ id: unknown; earlier_sent: unknown; earlier_failed: unknown; earlier_last_at: unknown }>;
      for (const row of earlier) {
        const lastAt = row.earlier_last_at === null || row.earlier_last_at === undefined ? null : toNumber(row.earlier_last_at);
        result.set(toNumber(row.id), { sent: toNumber(row.earlier_sent), pending: 0, failed: toNumber(row.earlier_failed), lastAt });
      }
      const rows = (await db('outgoing_mail')
        .select('newsletter_send_id', 'status')
        .count({ n: '*' })
        .max({ sent: 'sent_at' })
        .max({ failed: 'failed_at' })
        .whereIn('newsletter_send_id', [...sendIds])
        .groupBy('newsletter_send_id', 'status')) as Array<{ newsletter_send_id: unknown; status: string; n: unknown; sent: unknown; failed: unknown }>;
      for (const row of rows) {
        const id = toNumber(row.newsletter_send_id);
        const c = result.get(id) ?? { ...NO_COUNTS };
        const n = toNumber(row.n);
        if (row.status === 'sent') c.sent += n;
        else if (row.status === 'failed') c.failed += n;
        else c.pending += n;
        for (const at of [row.sent, row.failed]) if (at !== null && at !== undefined) c.lastAt = Math.max(c.lastAt ?? 0, toNumber(at));
        result.set(id, c);
      }
      return result;
    },
  };
}

export type NewsletterQueries = ReturnType<typeof queries>;

export function newsletterRepo(db: Db) {
  return {
    ...queries(db),
    /** Runs `work` in one transaction with the queries (and the transaction, to queue mail in) bound to it. */
    async transaction<T>(work: (tx: NewsletterQueries, trx: Knex.Transaction) => Promise<T>): Promise<T> {
      return db.transaction((trx) => work(queries(trx), trx));
    },
  };
}

