import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { stringify } from 'csv-stringify/sync';
import type { NewsletterSendCreated, NewsletterSends, NewsletterSendStatus, Subscribers } from '#contract';
import type { AppConfig } from '#api/config';
import type { Db } from '#api/db';
import { conflict, notFound } from '#api/errors';
import { jobLeases, PROCESS_HOLDER } from '#api/lib/job-lease';
import { startPollingLoop } from '#api/lib/polling-loop';
import { onPostsDue } from '#api/lib/posts-due';
import { siteOrigin } from '#api/lib/site-url';
import { cancelQueuedMail, queueMail, queueMailToMany } from '../mail/mail.service';
import { confirmationMessage, newsletterMessage } from './newsletter.message';
import { newsletterRepo, type NewsletterQueries, type PostForSend, type SendCounts, type SendRow } from './newsletter.repo';

/** The success text (docs/product.md#newsletter). The same for a new, a pending and a confirmed address (see `subscribe`). */
export const SUBSCRIBED_MESSAGE = "You've been subscribed to our newsletter.";

/** The housekeeping job that forgets addresses never confirmed (api/server.ts). */
export const NEWSLETTER_FORGET_JOB = 'newsletter-forget';
/** The job that sends posts marked "Email subscribers when published" once readers may see them. */
export const NEWSLETTER_PUBLISH_JOB = 'newsletter-publish';

const HOUR_MS = 60 * 60_000;
/** A pending address, and its confirmation link, last 7 days from its last confirmation mail. */
export const PENDING_DAYS = 7;
const PENDING_MS = PENDING_DAYS * 24 * HOUR_MS;

const ARTICLE_NOT_FOUND = 'Article not found';

/** sha256 of a mailed token: the database keeps only what verifies it (docs/decisions/017-newsletter-double-opt-in.md). */
const hashToken = (token: string) => crypto.createHash('sha256').update(token, 'utf8').digest('hex');
const newToken = () => crypto.randomBytes(32).toString('base64url');

export type ConfirmOutcome = 'confirmed' | 'invalid';
/** An unsubscribe link's state: its subscriber is still there, already gone (unsubscribed), or the token is no one's. */
export type UnsubscribeState = 'subscribed' | 'unsubscribed' | 'invalid';

export interface SendRequest {
  postId: number;
  test?: boolean | undefined;
  again?: boolean | undefined;
  /** The editor who sends it, and (for a test) the address it goes to. */
  editorId: number;
  editorEmail: string;
  /** The origin the request came to; PUBLIC_URL wins when set. */
  requestOrigin?: string;
}

type NewsletterConfig = Pick<AppConfig, 'sessionSecret' | 'publicUrl' | 'port' | 'siteTimeZone'>;

/**
 * The newsletter (docs/product.md#newsletter, docs/decisions/017-newsletter-double-opt-in.md):
 * double opt-in subscriptions, unsubscribing by a link, and posts sent to confirmed subscribers
 * through the mail queue. `now` is the clock (ms since the epoch); tests may hand in their own.
 */
export function newsletterService(db: Db, config: NewsletterConfig, { now = Date.now }: { now?: () => number } = {}) {
  const repo = newsletterRepo(db);
  const iso = (ms: number) => new Date(ms).toISOString();
  const originOf = (requestOrigin?: string) => siteOrigin(config, requestOrigin);

  /**
   * The unsubscribe token of subscriber `id`: the id and an HMAC of it with SESSION_SECRET. It is
   * valid as long as the subscription, needs no row of its own, and is never stored: a leaked
   * database gives no one's link. Ids are never reused, so an old link names no one else.
   */
  function unsubscribeToken(id: number): string {
    return `${id}.${crypto.createHmac('sha256', config.sessionSecret).update(`newsletter-unsubscribe:${id}`).digest('base64url')}`;
  }
  function subscriberOf(token: unknown): number | null {
    if (typeof token !== 'string') return null;
    const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const id = Number(match[1]);
    const expected = Buffer.from(unsubscribeToken(id));
    const given = Buffer.from(token);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? id : null;
  }
  const unsubscribeUrl = (origin: string, token: string) => `${origin}/newsletter/unsubscribe?token=${token}`;
  const unsubscribeHeaders = (url: string) => ({ 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

  const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: config.siteTimeZone });

  /**
   * Queues a post's mail in the transaction: to the editor alone (`testTo`), or one message per
   * confirmed subscriber, each with its own unsubscribe link and headers (RFC 8058), in batches.
   */
  async function queueSend(tx: NewsletterQueries, trx: Knex.Transaction, post: PostForSend, opts: { origin: string; createdBy: number | null; testTo?: string }): Promise<NewsletterSendCreated> {
    const at = now();
    const render = newsletterMessage(post, opts.origin);
    if (opts.testTo !== undefined) {
      const id = await tx.insertSend({ postId: post.id, test: true, recipients: 1, createdBy: opts.createdBy, createdAt: iso(at) });
      // The editor is not a subscriber: the test mail's unsubscribe link is a sample that names no one.
      const sample = `${opts.origin}/newsletter/unsubscribe?token=test`;
      await queueMailToMany(trx, { ...render(sample), headers: unsubscribeHeaders(sample), kind: 'newsletter-test' }, [{ to: opts.testTo }], { newsletterSendId: id, now: at });
      return { id, recipients: 1 };
    }
    const recipients = await tx.confirmedRecipients();
    const id = await tx.insertSend({ postId: post.id, test: false, recipients: recipients.length, createdBy: opts.createdBy, createdAt: iso(at) });
    // One body for everyone (docs/decisions/016-outgoing-mail.md), its unsubscribe links naming a
    // placeholder no author could type; each recipient's row holds their own token for it.
    const placeholder = `cik-unsubscribe-${crypto.randomBytes(12).toString('hex')}`;
    const url = unsubscribeUrl(opts.origin, placeholder);
    await queueMailToMany(
      trx,
      { ...render(url), headers: unsubscribeHeaders(url), kind: 'newsletter' },
      recipients.map((r) => ({ to: r.email, vars: { [placeholder]: unsubscribeToken(r.id) } })),
      { newsletterSendId: id, now: at },
    );
    await tx.clearEmailFlag(post.id);
    return { id, recipients: recipients.length };
  }

  function statusOf(send: SendRow, counts: SendCounts | undefined): NewsletterSendStatus {
    const c = counts ?? { sent: 0, pending: 0, failed: 0, lastAt: null };
    const finished = c.pending === 0;
    return {
      status: finished ? 'finished' : 'sending',
      sent: c.sent,
      pending: c.pending,
      failed: c.failed,
      finishedAt: finished ? (c.lastAt === null ? send.createdAt : iso(c.lastAt)) : null,
    };
  }

  /** For the editor's desk: how many confirmed addresses, and which, newest first. Pending ones are not subscribers yet. */
  async function subscribers(): Promise<Subscribers> {
    const list = await repo.listConfirmed();
    return { count: list.length, subscribers: list };
  }

  /**
   * The post marked "Email subscribers when published", once readers may see it: sent exactly once.
   * In one transaction, with the post locked: the flag is cleared and the mail queued together, so
   * two processes (or two runs) never both send it. A post already sent only loses its flag.
   */
  async function sendOnPublish(postId: number, origin = originOf()): Promise<NewsletterSendCreated | null> {
    return repo.transaction(async (tx, trx) => {
      const post = await tx.lockPost(postId);
      if (!post || !post.emailSubscribers || post.status !== 'published' || post.publishedAt > iso(now())) return null;
      if (await tx.lastRealSend(postId)) {
        await tx.clearEmailFlag(postId);
        return null;
      }
      return queueSend(tx, trx, post, { origin, createdBy: post.updatedBy });
    });
  }

  return {
    /**
     * Double opt-in. A new address is stored pending and mailed a confirmation link; a pending one
     * is mailed a new link, at most once an hour; a confirmed one gets nothing. The mail is queued
     * in the same transaction. Anyone may post any address, so the answer is one and the same in
     * every case: it must not tell a stranger who subscribes.
     */
    async subscribe(email: string, requestOrigin?: string): Promise<{ message: string }> {
      const address = email.toLowerCase();
      const origin = originOf(requestOrigin);
      await repo.transaction(async (tx, trx) => {
        const at = now();
        const token = newToken();
        const mailed = (await tx.addPending(address, hashToken(token), iso(at))) || (await tx.renewPending(address, hashToken(token), iso(at), iso(at - HOUR_MS)));
        if (!mailed) return;
        const confirmUrl = `${origin}/newsletter/confirm?token=${token}`;
        await queueMail(trx, { to: address, ...confirmationMessage(confirmUrl, origin), kind: 'newsletter-confirm' }, at);
      });
      return { message: SUBSCRIBED_MESSAGE };
    },

    /** The confirmation link: a pending address's newest token, within 7 days of its mail; it is spent. */
    async confirm(token: unknown): Promise<ConfirmOutcome> {
      if (typeof token !== 'string' || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return 'invalid';
      const at = now();
      return (await repo.confirm(hashToken(token), iso(at - PENDING_MS), iso(at))) ? 'confirmed' : 'invalid';
    },

    /** What an unsubscribe link's page shows (a GET changes nothing: link scanners open links). */
    async unsubscribeState(token: unknown): Promise<UnsubscribeState> {
      const id = subscriberOf(token);
      if (id === null) return 'invalid';
      return (await repo.exists(id)) ? 'subscribed' : 'unsubscribed';
    },

    /**
     * Unsubscribes the link's subscriber: the address is forgotten, and the newsletter mail still
     * waiting for it in the queue (a send in progress) is given up with it. Twice is fine; a token
     * that is no one's is 'invalid'.
     */
    async unsubscribe(token: unknown): Promise<Exclude<UnsubscribeState, 'subscribed'>> {
      const id = subscriberOf(token);
      if (id === null) return 'invalid';
      await repo.transaction(async (tx, trx) => {
        const email = await tx.remove(id);
        if (email !== null) await cancelQueuedMail(trx, email, ['newsletter'], 'unsubscribed before it was sent');
      });
      return 'unsubscribed';
    },

    /** Forgets the addresses not confirmed within 7 days of their last confirmation mail (a housekeeping job). */
    async forgetUnconfirmed(): Promise<number> {
      return repo.forgetPending(iso(now() - PENDING_MS));
    },

    subscribers,

    /**
     * The same list as CSV (RFC 4180, a header row). A cell that a spreadsheet would read as a
     * formula (=, +, -, @ first) is written with a leading quote mark: the file is opened by people.
     */
    async subscribersCsv(): Promise<string> {
      const { subscribers: rows } = await subscribers();
      return stringify([['email', 'subscribed_at'], ...rows.map((s) => [s.email, s.subscribedAt])], { escape_formulas: true });
    },

    /**
     * Sends a published post (docs/product.md#newsletter): to every confirmed subscriber, once; again
     * only with `again`. A test goes to the editor alone and counts as no send. 404 for no such post,
     * 409 for a draft or a scheduled one, or one already sent.
     */
    async createSend(request: SendRequest): Promise<NewsletterSendCreated> {
      const origin = originOf(request.requestOrigin);
      return repo.transaction(async (tx, trx) => {
        const post = await tx.lockPost(request.postId);
        if (!post) throw notFound(ARTICLE_NOT_FOUND);
        if (post.status === 'draft') throw conflict('This post is a draft: publish it before you send it to subscribers.');
        if (post.publishedAt > iso(now())) {
          throw conflict(`This post is scheduled for ${dateFormat.format(new Date(post.publishedAt))}: it can be sent once it is published. Tick "Email subscribers when published" to send it then.`);
        }
        if (request.test) return queueSend(tx, trx, post, { origin, createdBy: request.editorId, testTo: request.editorEmail });
        const last = await tx.lastRealSend(post.id);
        if (last && !request.again) throw conflict(`This post was already sent to subscribers on ${dateFormat.format(new Date(last.createdAt))}. Choose "Send again" to send it once more.`);
        return queueSend(tx, trx, post, { origin, createdBy: request.editorId });
      });
    },

    /** How far a send is, from its messages in the queue. 404 for no such send. */
    async sendStatus(id: number): Promise<NewsletterSendStatus> {
      const [send] = await repo.sends({ id });
      if (!send) throw notFound('Newsletter send not found');
      return statusOf(send, (await repo.counts([id])).get(id));
    },

    /** A post's sends, newest first, and how many confirmed subscribers a send would reach now. */
    async sends(postId: number): Promise<NewsletterSends> {
      if (!(await repo.postExists(postId))) throw notFound(ARTICLE_NOT_FOUND);
      const rows = await repo.sends({ postId });
      const counts = await repo.counts(rows.map((s) => s.id));
      return { subscribers: await repo.countConfirmed(), sends: rows.map((s) => ({ ...s, ...statusOf(s, counts.get(s.id)) })) };
    },

    sendOnPublish,

    /** Sends every post marked "Email subscribers when published" that readers may see now; how many were sent. */
    async sendDuePosts(): Promise<number> {
      let sent = 0;
      for (const id of await repo.duePostIds(iso(now()))) if (await sendOnPublish(id)) sent += 1;
      return sent;
    },

    /** Whether any post waits for its send: one read, so an idle job writes nothing. */
    async anyPostDue(): Promise<boolean> {
      return (await repo.duePostIds(iso(now()))).length > 0;
    },
  };
}

export type NewsletterService = ReturnType<typeof newsletterService>;

export interface NewsletterJobOptions {
  holder?: string;
  /** How often it looks for posts due; 15 s by default. */
  pollMs?: number;
  leaseMs?: number;
}

/**
 * The "Email subscribers when published" job (docs/decisions/017-newsletter-double-opt-in.md):
 * every process runs one; the one holding the 'newsletter-publish' lease sends. It looks every
 * `pollMs` (one read while nothing is due), and at once when this process saves such a post.
 * Each post is sent in its own transaction that clears its flag (`sendOnPublish`): exactly once.
 */
export function startNewsletterJob(db: Db, config: NewsletterConfig, opts: NewsletterJobOptions = {}) {
  const service = newsletterService(db, config);
  const leases = jobLeases(db, opts.holder ?? PROCESS_HOLDER);
  const leaseMs = opts.leaseMs ?? 60_000;
  async function run() {
    if (loop.stopping() || !(await service.anyPostDue())) return;
    if (!(await leases.take(NEWSLETTER_PUBLISH_JOB, leaseMs))) return;
    const sent = await service.sendDuePosts();
    if (sent) console.log(`[jobs] ${NEWSLETTER_PUBLISH_JOB} on ${leases.holder}: ${sent} posts sent to subscribers`);
  }

  const loop = startPollingLoop({ label: NEWSLETTER_PUBLISH_JOB, pollMs: opts.pollMs ?? 15_000, run, subscribe: onPostsDue });
  return {
    /** Looks for posts due now (as saving one does). */
    wake: loop.wake,
    async stop(): Promise<void> {
      await loop.stop();
      await leases.release(NEWSLETTER_PUBLISH_JOB).catch(() => undefined);
    },
  };
}

export type NewsletterJob = ReturnType<typeof startNewsletterJob>;
