import type { AppConfig } from '#api/config';
import type { Db } from '#api/db';
import { jobLeases, PROCESS_HOLDER } from '#api/lib/job-lease';
import { startPollingLoop } from '#api/lib/polling-loop';
import { mailRepo, type QueuedMail } from './mail.repo';
import { onMailQueued } from './mail.wake';
import { createMailTransport, type MailTransport } from './mail.transport';

export const MAIL_SENDER_JOB = 'mail-sender';

export interface MailSenderOptions {
  /** Default: the one SMTP_URL asks for (api/modules/mail/mail.transport.ts). */
  transport?: MailTransport;
  /** Who holds the lease; default this process (a test gives two senders in one process two names). */
  holder?: string;
  /** The clock for claims and retries, in ms since the epoch. */
  now?: () => number;
  /** How often the queue is looked at without being woken. */
  pollMs?: number;
  /** The lease's length, renewed before each message: a dead sender's job is taken over after it. */
  leaseMs?: number;
  /** A message claimed this long ago and not finished was claimed by a process that died: it is sent again. */
  stuckAfterMs?: number;
  /** The first retry's delay, doubled at each further one up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** A message that still fails this long after it was queued is given up. */
  giveUpAfterMs?: number;
  /** Messages in flight at once (SMTP connections of the pool); default `concurrencyFor(rate)`. */
  concurrency?: number;
}

/**
 * How many messages may be in flight at once: one per 5 a second the rate allows, 1 to 4. Enough
 * that a slow SMTP server's round trips do not hold a newsletter below the rate, and few enough
 * that a crash can send only those few twice (docs/decisions/016-outgoing-mail.md).
 */
export function concurrencyFor(ratePerSecond: number): number {
  return Math.max(1, Math.min(4, Math.ceil(ratePerSecond / 5)));
}

/** Network errors nodemailer reports without an SMTP reply: the server may answer later. */
const TEMPORARY_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EPROTOCOL', 'ETLS', 'EAUTH']);

interface SendError {
  code?: string;
  responseCode?: number;
  message?: string;
}

/**
 * Whether a failed send may succeed later (docs/decisions/016-outgoing-mail.md): an SMTP 4xx reply
 * or a network failure is temporary; a 5xx reply (no such mailbox, refused as spam) is permanent,
 * except when authentication failed (EAUTH): that is the site's setting to fix, not the message's fault.
 */
export function isTemporaryFailure(err: unknown): boolean {
  const e = (err ?? {}) as SendError;
  if (e.code === 'EAUTH') return true;
  if (typeof e.responseCode === 'number') return e.responseCode < 500;
  return e.code === undefined || TEMPORARY_CODES.has(e.code);
}

function describe(err: unknown): string {
  const e = (err ?? {}) as SendError;
  const text = [e.responseCode, e.code, e.message ?? String(err)].filter((part) => part !== undefined).join(' ');
  return text.slice(0, 1000);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The one sender of the queue (docs/decisions/016-outgoing-mail.md). Every process runs one; the
 * one holding the 'mail-sender' lease sends. It looks every `pollMs`, and at once when this process
 * queues a message. Each message is claimed right before it is sent and marked right after, so a
 * crash can send at most the messages in flight (`concurrency`) twice; a claim older than
 * `stuckAfterMs` is taken over. At most MAIL_RATE_PER_SECOND messages start a second. `stop()`
 * lets the messages in flight finish, then hands the lease back.
 */
export function startMailSender(db: Db, config: Pick<AppConfig, 'mail'> & Partial<Pick<AppConfig, 'jobLeaseMs'>>, opts: MailSenderOptions = {}) {
  const concurrency = opts.concurrency ?? concurrencyFor(config.mail.ratePerSecond);
  const transport = opts.transport ?? createMailTransport(config.mail, { connections: concurrency });
  const leases = jobLeases(db, opts.holder ?? PROCESS_HOLDER);
  const repo = mailRepo(db);
  const now = opts.now ?? Date.now;
  // A minute, or JOB_LEASE_MS when shorter (tests that kill a server shorten it); a claim is
  // stuck after two leases, far longer than one send may last (mail.transport.ts).
  const leaseMs = opts.leaseMs ?? Math.min(60_000, config.jobLeaseMs ?? 60_000);
  const stuckAfterMs = opts.stuckAfterMs ?? 2 * leaseMs;
  const retryBaseMs = opts.retryBaseMs ?? 60_000;
  const retryMaxMs = opts.retryMaxMs ?? 60 * 60_000;
  const giveUpAfterMs = opts.giveUpAfterMs ?? 24 * 60 * 60_000;
  const spacingMs = 1000 / config.mail.ratePerSecond;
  /** When the next message may start (performance.now()): each start takes the next slot. */
  let nextStart = -Infinity;
  async function deliver(mail: QueuedMail) {
    try {
      const where = await transport.send(mail);
      await repo.markSent(mail, now());
      if (config.mail.smtp) console.log(`[mail] ${mail.kind} #${mail.id} to ${mail.to} sent (${where})`);
    } catch (err) {
      const error = describe(err);
      const at = now();
      if (!isTemporaryFailure(err)) {
        await repo.markFailed(mail, error);
        console.warn(`[mail] ${mail.kind} #${mail.id} to ${mail.to} failed for good: ${error}`);
      } else if (at - mail.createdAt >= giveUpAfterMs) {
        await repo.markFailed(mail, `gave up after ${mail.attempts} attempts: ${error}`);
        console.warn(`[mail] ${mail.kind} #${mail.id} to ${mail.to} given up after ${mail.attempts} attempts: ${error}`);
      } else {
        const delay = Math.min(retryBaseMs * 2 ** Math.max(0, mail.attempts - 1), retryMaxMs);
        await repo.markRetry(mail, Math.min(at + delay, mail.createdAt + giveUpAfterMs), error);
        console.warn(`[mail] ${mail.kind} #${mail.id} to ${mail.to} will be retried in ${Math.round(delay / 1000)} s: ${error}`);
      }
    }
  }

  /**
   * Claims the next due message, one claim at a time in this process: lanes that looked at once
   * would find the same row, and all but one would lose the race and look again.
   */
  let claiming: Promise<unknown> = Promise.resolve();
  function claim(): Promise<QueuedMail | null> {
    const next = claiming.then(() => {
      const at = now();
      return repo.claimNext(at, at - stuckAfterMs);
    });
    claiming = next.catch(() => undefined);
    return next;
  }

  /** Waits for the next start the rate allows, and takes it. */
  async function startSlot(): Promise<void> {
    const slot = Math.max(nextStart, performance.now());
    nextStart = slot + spacingMs;
    const wait = slot - performance.now();
    if (wait > 0) await sleep(wait);
  }

  /**
   * Sends what is due, `concurrency` messages at a time, while this process holds the lease. An
   * idle queue (the usual case) costs each process one read a poll, not a lease write. The lease
   * is taken once and renewed every third of its length (one renewal at a time), so a busy queue
   * costs no lease write per message; a sender that cannot renew it stops at once.
   */
  async function drain() {
    if (stopping() || !(await repo.anyDue(now(), now() - stuckAfterMs))) return;
    if (!(await leases.take(MAIL_SENDER_JOB, leaseMs))) return;
    let renewedAt = performance.now();
    let renewal: Promise<boolean> | null = null;
    let held = true;
    const stillHeld = async () => {
      if (performance.now() - renewedAt >= leaseMs / 3) {
        renewal ??= leases.take(MAIL_SENDER_JOB, leaseMs).then((ok) => {
          renewedAt = performance.now();
          renewal = null;
          return ok;
        });
        held = await renewal;
      }
      return held;
    };
    const lane = async () => {
      while (!stopping()) {
        await startSlot();
        if (stopping() || !(await stillHeld())) return;
        const mail = await claim();
        if (!mail) return;
        await deliver(mail);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, lane));
  }

  const loop = startPollingLoop({ label: 'mail', pollMs: opts.pollMs ?? 1000, run: drain, subscribe: onMailQueued });
  const stopping = loop.stopping;

  return {
    /** Looks at the queue now (as a queued message does). */
    wake: loop.wake,
    async stop(): Promise<void> {
      await loop.stop();
      transport.close();
      await leases.release(MAIL_SENDER_JOB).catch(() => undefined);
    },
  };
}

export type MailSender = ReturnType<typeof startMailSender>;
