import { ApiError, apiFetch } from '#pwa/lib/api-client';
import { newId } from '#pwa/lib/ids';
import { dropUnappliedDeliveries, readUnappliedDeliveries, recordDelivery } from './delivery-record';
import { appDb, type AppDatabase } from './device-db';
import type { OutboxEntry } from './outbox-entry';
import { outboxEvents, type OutboxEvents } from './outbox-events';
import { registerWrites, resolveWrite, subjectOf, UNREADABLE_WRITE, writesReady, type WriteDefinition } from './write-registry';

/**
 * The one outbox: every user write (bookmark, folder, progress, comment, heart) is put here
 * first and delivered from here, online or not, so there is one path to test and one queue
 * the user can see. Three layers: the store (Dexie, device-db.ts), the transport (the API client,
 * lib/api-client.ts) and this scheduler. An entry is data only (its kind and variables); its
 * request is made by its kind's definition (write-registry.ts). Delivery keeps insertion order:
 * - 2xx: the entry is removed and its queries refreshed; when it sets the whole state of its
 *   subject (`replacesEarlier`), earlier refused entries about that subject go with it;
 * - no answer, 5xx, 408, 429, or a 409 with Retry-After (the same write still running on the
 *   server): delivery stops and retries later with backoff (nothing is lost);
 * - 401: delivery stops, the entry stays, and the user is asked to sign in again;
 * - any other 4xx: the server refused it; the entry is marked failed with the server's message
 *   and kept for the user to retry or discard, and delivery goes on with the next entry;
 * - variables its kind no longer accepts (or a kind this version does not know): never sent,
 *   marked failed with a clear message, and delivery goes on.
 */

export type { OutboxEvent } from './outbox-events';

export interface DrainResult {
  delivered: number;
  /** Why the drain stopped early, if it did. */
  stoppedBy?: 'network' | 'server' | 'auth' | 'backoff' | 'busy';
}

export interface OutboxOptions {
  db?: AppDatabase;
  fetch?: typeof fetch;
  now?: () => number;
  /** Backoff in ms for the n-th consecutive failure (n ≥ 1). */
  backoff?: (attempts: number) => number;
  /** Cross-tab lock; defaults to the Web Locks API where the browser has it. */
  locks?: Pick<LockManager, 'request'> | null;
  /** Where events go; the app's one emitter by default. */
  events?: OutboxEvents;
  /**
   * Record each delivered answer for the pages to put into their caches (delivery-record.ts):
   * for the service worker, which has no query cache. A page's reactions take them as they come.
   */
  recordDeliveries?: boolean;
}

const RETRYABLE = new Set([408, 429]);
/** What older servers answered (without Retry-After, and for good) to a write whose first try was cut off mid-request. */
const STRANDED_MESSAGE = /Idempotency-Key is still in progress/;
/** When a write last reached the server (ISO time), for the sync centre. */
export const LAST_SYNC_KEY = 'lastSyncAt';
const LOCK_NAME = 'context-is-key-outbox';

export function defaultBackoff(attempts: number): number {
  const base = Math.min(60_000, 1000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.75 + Math.random() * 0.5));
}

export class Outbox {
  private readonly db: AppDatabase;
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;
  private readonly backoff: (attempts: number) => number;
  private readonly locks: Pick<LockManager, 'request'> | null;
  private readonly events: OutboxEvents;
  private readonly recordDeliveries: boolean;
  private running: Promise<DrainResult> | null = null;
  private again = false;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: OutboxOptions = {}) {
    this.db = options.db ?? appDb;
    this.fetchImpl = options.fetch ?? ((...args) => globalThis.fetch(...args));
    this.now = options.now ?? Date.now;
    this.backoff = options.backoff ?? defaultBackoff;
    this.locks = options.locks !== undefined ? options.locks : typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null;
    this.events = options.events ?? outboxEvents;
    this.recordDeliveries = options.recordDeliveries ?? false;
  }

  /**
   * Queues a write of `definition`'s kind with its variables (checked against its schema: a
   * programming error throws here rather than queuing what can never be sent). The caller shows it
   * at once (as pending) and calls drain() to send it.
   */
  async enqueue<V>(definition: WriteDefinition<V>, userId: number, vars: NoInfer<V>): Promise<OutboxEntry> {
    const parsed = definition.schema.safeParse(vars);
    if (!parsed.success) throw new Error(`Invalid variables for the write '${definition.kind}': ${parsed.error.message}`);
    // Known from now on, whether or not the other kinds have been loaded yet.
    registerWrites([definition]);
    const entry: OutboxEntry = {
      id: newId(),
      userId,
      kind: definition.kind,
      body: parsed.data,
      createdAt: new Date(this.now()).toISOString(),
      attempts: 0,
      status: 'pending',
      nextAttemptAt: 0,
    };
    entry.seq = await this.db.outbox.add(entry);
    return entry;
  }

  /** Puts a failed entry back in line (at its original place) and tries again now. */
  async retry(id: string): Promise<void> {
    await this.db.outbox.where('id').equals(id).modify({ status: 'pending', nextAttemptAt: 0, attempts: 0 });
  }

  /**
   * Puts back in line the writes that older versions marked failed on a 409 "still in progress":
   * the same write was running when the server stopped, and the server now lets the key run again.
   * Returns how many were put back.
   */
  async requeueStranded(userId: number): Promise<number> {
    return this.db.outbox
      .where('userId')
      .equals(userId)
      .filter((e) => e.status === 'failed' && e.lastStatus === 409 && STRANDED_MESSAGE.test(e.lastError ?? ''))
      .modify({ status: 'pending', nextAttemptAt: 0, attempts: 0 });
  }

  /** Drops an entry the user gave up on. */
  async discard(id: string): Promise<void> {
    await this.db.outbox.where('id').equals(id).delete();
  }

  /**
   * Drops every write `userId` queued, and the answers the service worker recorded for them: the
   * account is gone (docs/product.md#the-readers-account), so nothing of theirs is sent again or
   * applied to the next reader's cache.
   */
  async forgetUser(userId: number): Promise<void> {
    this.stop();
    await this.db.transaction('rw', this.db.outbox, this.db.meta, async () => {
      await this.db.outbox.where('userId').equals(userId).delete();
      const recorded = await readUnappliedDeliveries(this.db);
      await dropUnappliedDeliveries(new Set(recorded.filter((d) => d.entry.userId === userId).map((d) => d.entry.id)), this.db);
    });
  }

  /** Clears backoff so the next drain tries at once (the "Sync now" button, coming back online). */
  async resetBackoff(): Promise<void> {
    await this.db.outbox.where('status').equals('pending').modify({ nextAttemptAt: 0 });
  }

  /**
   * Delivers `userId`'s pending entries in order. One drain at a time: within this tab a call
   * during a drain makes that drain look again before it ends; across tabs the Web Lock lets
   * only one tab deliver (another tab's call returns at once with `busy`).
   */
  drain(userId: number): Promise<DrainResult> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let total = 0;
      let result: DrainResult;
      do {
        this.again = false;
        result = await this.withLock(() => this.deliver(userId));
        total += result.delivered;
      } while (this.again && !result.stoppedBy);
      return { ...result, delivered: total };
    })().finally(() => {
      this.running = null;
    });
    return this.running.then((result) => {
      this.events.emit({ type: 'drained', delivered: result.delivered });
      return result;
    });
  }

  private async withLock(work: () => Promise<DrainResult>): Promise<DrainResult> {
    if (!this.locks) return work();
    const outcome = await this.locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) => (lock ? work() : null));
    return outcome ?? { delivered: 0, stoppedBy: 'busy' };
  }

  private async deliver(userId: number): Promise<DrainResult> {
    let delivered = 0;
    try {
      // Every kind must be known before an entry is read: one queued by an earlier visit would look unreadable.
      await writesReady();
    } catch {
      // The definitions' code could not be fetched: nothing is sent (or refused) until it can be.
      return { delivered, stoppedBy: 'network' };
    }
    for (;;) {
      const entry = await this.db.outbox
        .where('userId')
        .equals(userId)
        .filter((e) => e.status === 'pending')
        .first();
      if (!entry) return { delivered };
      if (entry.nextAttemptAt > this.now()) {
        this.scheduleRetry(userId, entry.nextAttemptAt - this.now());
        return { delivered, stoppedBy: 'backoff' };
      }

      const write = resolveWrite(entry);
      if (!write) {
        await this.refuse(entry, UNREADABLE_WRITE);
        continue;
      }
      const request = write.definition.request(write.vars, entry.userId);

      let response: unknown;
      try {
        response = await apiFetch(request.path, {
          method: request.method,
          body: request.body,
          headers: { 'Idempotency-Key': entry.id },
          fetch: this.fetchImpl,
        });
      } catch (error) {
        if (!(error instanceof ApiError)) {
          await this.postpone(userId, entry, 'No connection. Will retry.');
          return { delivered, stoppedBy: 'network' };
        }
        const { status } = error;
        if (status === 401) {
          const lastError = 'Please sign in again to sync your changes.';
          await this.db.outbox.update(entry.seq!, { lastStatus: 401, lastError });
          this.events.emit({ type: 'auth-required', entry: { ...entry, lastStatus: 401, lastError } });
          return { delivered, stoppedBy: 'auth' };
        }
        const message = error.serverMessage ?? error.message;
        const stillRunning = status === 409 && (error.headers.has('Retry-After') || STRANDED_MESSAGE.test(message));
        if (status >= 500 || RETRYABLE.has(status) || stillRunning) {
          await this.postpone(userId, entry, message, status, retryAfterMs(error.headers.get('Retry-After'), this.now()));
          return { delivered, stoppedBy: 'server' };
        }
        await this.refuse(entry, message, status);
        continue;
      }

      // The reactions put the answer into the cache BEFORE the entry leaves the queue: Dexie's
      // live queries see the delete at once, and a screen that saw neither (the old server state
      // for a moment) could take a press for the opposite write.
      this.events.emit({ type: 'synced', entry, response });
      await this.db.transaction('rw', this.db.outbox, this.db.meta, async () => {
        await this.db.outbox.delete(entry.seq!);
        if (write.definition.replacesEarlier) await this.dropReplaced(entry);
        await this.db.meta.put({ key: LAST_SYNC_KEY, value: new Date(this.now()).toISOString() });
        // No page cache here (the service worker): keep the answer for the pages to apply, in this
        // same transaction (delivery-record.ts).
        if (this.recordDeliveries) await recordDelivery(this.db, entry, response);
      });
      delivered += 1;
    }
  }

  /** The server (or this version) will not take it: kept, marked failed, for the user to retry or discard. */
  private async refuse(entry: OutboxEntry, message: string, status?: number): Promise<void> {
    const failed: OutboxEntry = { ...entry, status: 'failed', lastError: message, attempts: entry.attempts + 1 };
    if (status !== undefined) failed.lastStatus = status;
    await this.db.outbox.put(failed);
    this.events.emit({ type: 'failed', entry: failed });
  }

  /** Earlier refused entries about the subject that `delivered` has just set as a whole. */
  private async dropReplaced(delivered: OutboxEntry): Promise<void> {
    const subject = subjectOf(delivered);
    await this.db.outbox
      .where('userId')
      .equals(delivered.userId)
      .filter((e) => e.status === 'failed' && (e.seq ?? 0) < (delivered.seq ?? 0) && subjectOf(e) === subject)
      .delete();
  }

  private async postpone(userId: number, entry: OutboxEntry, message: string, status?: number, atLeastMs = 0): Promise<void> {
    const attempts = entry.attempts + 1;
    const wait = Math.max(this.backoff(attempts), atLeastMs);
    const updated: OutboxEntry = { ...entry, attempts, lastError: message, nextAttemptAt: this.now() + wait };
    if (status !== undefined) updated.lastStatus = status;
    else delete updated.lastStatus;
    await this.db.outbox.put(updated);
    this.events.emit({ type: 'retrying', entry: updated });
    this.scheduleRetry(userId, wait);
  }

  private scheduleRetry(userId: number, wait: number): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.drain(userId);
    }, wait);
  }

  /** Stops the retry timer (tests, sign-out). */
  stop(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}

/** A Retry-After header (seconds or an HTTP date) as a wait in ms, capped at an hour; 0 when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number {
  if (!header) return 0;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now;
  return Number.isFinite(ms) ? Math.min(Math.max(0, ms), 60 * 60 * 1000) : 0;
}

export const outbox = /* @__PURE__ */ new Outbox();
