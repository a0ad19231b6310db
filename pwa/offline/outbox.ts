import type { SyncResult } from '#contract/sync';
import { ApiError, apiFetch } from '#pwa/lib/api-client';
import { newId } from '#pwa/lib/ids';
import { dropUnappliedDeliveries, readUnappliedDeliveries, recordDeliveries } from './delivery-record';
import { appDb, type AppDatabase } from './device-db';
import type { OutboxEntry } from './outbox-entry';
import { outboxEvents, type OutboxEvents } from './outbox-events';
import { registerWrites, resolveWrite, subjectOf, UNREADABLE_WRITE, writesReady, type WriteDefinition, type WriteRequest } from './write-registry';

/**
 * The one outbox: every user write (bookmark, folder, progress, comment, heart) is put here
 * first and delivered from here, online or not, so there is one path to test and one queue
 * the user can see. Three layers: the store (Dexie, device-db.ts), the transport (the API client,
 * lib/api-client.ts) and this scheduler. An entry is data only (its kind and variables); its
 * request is made by its kind's definition (write-registry.ts). When several wait, they go
 * together in one request (POST /api/sync/batch, docs/decisions/020-queued-writes-in-one-request.md),
 * which the server applies in order, each as if it had come alone with its own Idempotency-Key;
 * a server without it gets them one by one. Either way, delivery keeps insertion order:
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
  /** Several waiting writes go in one request (the default); false sends each alone, as to a server without batches. */
  batch?: boolean;
}

/** An entry on its way: its definition and variables, and the request it makes. */
interface Outgoing {
  entry: OutboxEntry;
  write: { definition: WriteDefinition<unknown>; vars: unknown };
  request: WriteRequest;
}

/** What the server said to one write: its answer, or its refusal as the API client reports one. */
type WriteAnswer = { response: unknown } | { error: ApiError };

interface Delivered {
  entry: OutboxEntry;
  replacesEarlier: boolean;
  response: unknown;
}

/**
 * Where batches go, and the most writes sent in one: as many as the server takes (SYNC_BATCH_PATH
 * and SYNC_BATCH_MAX of contract/sync.ts, written out here so that nothing of contract/ comes into
 * the app's first chunk with the offline engine's surface). The server's work per write is the
 * same in any batch; each batch more costs a request and an IndexedDB transaction
 * (docs/decisions/020-queued-writes-in-one-request.md).
 */
export const BATCH_PATH = '/api/sync/batch';
export const BATCH_WRITES = 100;
/** A batch's requests in all, in characters of JSON: well under the API's body limit (256 kB) even with long comments. */
const BATCH_BYTES = 128 * 1024;

const RETRYABLE = new Set([408, 429]);
/** What older servers answered (without Retry-After, and for good) to a write whose first try was cut off mid-request. */
const STRANDED_MESSAGE = /Idempotency-Key is still in progress/;
/** An answer that says "later": nothing was kept, and the same write is sent again after a wait. */
function laterStatus(error: ApiError): boolean {
  const stillRunning = error.status === 409 && (error.headers.has('Retry-After') || STRANDED_MESSAGE.test(error.serverMessage ?? error.message));
  return error.status >= 500 || RETRYABLE.has(error.status) || stillRunning;
}

/** A refusal's `{message}`, as the API writes one. */
function messageOf(body: unknown): string | undefined {
  const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message ? message : undefined;
}

/**
 * The results of a batch's answer (contract/sync.ts, syncBatchAnswerSchema), checked by hand: the
 * outbox's code loads no schema library of its own. Null for anything else.
 */
function resultsIn(answer: unknown): SyncResult[] | null {
  const results = answer && typeof answer === 'object' ? (answer as { results?: unknown }).results : undefined;
  if (!Array.isArray(results)) return null;
  const readable = results.every((r: Partial<SyncResult> | null) => {
    if (!r || typeof r !== 'object') return false;
    return typeof r.key === 'string' && typeof r.status === 'number' && (r.retryAfter === undefined || typeof r.retryAfter === 'string');
  });
  return readable ? (results as SyncResult[]) : null;
}

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
  /** Whether waiting writes go together; off for good once the server shows it has no batches. */
  private batching: boolean;
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
    this.batching = options.batch ?? true;
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
    await this.db.outbox
      .where('id')
      .equals(id)
      .modify((entry) => {
        // A refused write changed nothing on the server, which keeps its refusal under the write's
        // key (api/middleware/idempotency.ts): asked again under that key, it would only answer
        // the same. Retried by the reader (the post is back, the folder exists), it goes under a
        // new key. A write still waiting keeps its key: it may have been applied already.
        if (entry.status === 'failed') entry.id = newId();
        entry.status = 'pending';
        entry.nextAttemptAt = 0;
        entry.attempts = 0;
      });
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
    // Writes to send alone before batching again: those of a batch the server would not take.
    let alone = 0;
    for (;;) {
      const waiting = await this.db.outbox
        .where('userId')
        .equals(userId)
        .filter((e) => e.status === 'pending')
        .limit(this.batching && alone === 0 ? BATCH_WRITES : 1)
        .toArray();
      const entry = waiting[0];
      if (!entry) return { delivered };
      if (entry.nextAttemptAt > this.now()) {
        this.scheduleRetry(userId, entry.nextAttemptAt - this.now());
        return { delivered, stoppedBy: 'backoff' };
      }

      const run = this.sendable(waiting);
      if (!run.length) {
        await this.refuse(entry, UNREADABLE_WRITE);
        continue;
      }
      let result: DrainResult | 'alone' = 'alone';
      if (run.length > 1) result = await this.deliverBatch(userId, run);
      if (result === 'alone') {
        if (run.length > 1) alone = run.length;
        result = await this.deliverAlone(userId, run[0]!);
        alone = Math.max(0, alone - 1);
      }
      delivered += result.delivered;
      if (result.stoppedBy) return { delivered, stoppedBy: result.stoppedBy };
    }
  }

  /**
   * The waiting entries that go out together, from the first: each readable, not waiting out a
   * backoff, within BATCH_BYTES in all. Empty when the first cannot be read (it is refused, never
   * sent); an unreadable entry further on ends the run and is refused when its turn comes.
   */
  private sendable(waiting: readonly OutboxEntry[]): Outgoing[] {
    const run: Outgoing[] = [];
    let bytes = 0;
    for (const entry of waiting) {
      if (run.length && entry.nextAttemptAt > this.now()) break;
      const write = resolveWrite(entry);
      if (!write) break;
      const request = write.definition.request(write.vars, entry.userId);
      bytes += JSON.stringify(request).length + entry.id.length;
      if (run.length && bytes > BATCH_BYTES) break;
      run.push({ entry, write, request });
    }
    return run;
  }

  /** One write in a request of its own, to its own route. */
  private async deliverAlone(userId: number, outgoing: Outgoing): Promise<DrainResult> {
    const { entry, request } = outgoing;
    try {
      const response = await apiFetch(request.path, {
        method: request.method,
        body: request.body,
        headers: { 'Idempotency-Key': entry.id },
        fetch: this.fetchImpl,
        // A 401 stops delivery and is told as 'auth-required' (OutboxNotices asks for a sign-in).
        reportsEndedSession: false,
      });
      return await this.settle(userId, [outgoing], [{ response }]);
    } catch (error) {
      if (!(error instanceof ApiError)) {
        await this.postpone(userId, entry, 'No connection. Will retry.');
        return { delivered: 0, stoppedBy: 'network' };
      }
      return this.settle(userId, [outgoing], [{ error }]);
    }
  }

  /**
   * Writes in one request (docs/decisions/020-queued-writes-in-one-request.md): the server applies
   * them in order, each through its own route with its own Idempotency-Key, and answers each as it
   * would have alone, up to the first it could not keep an answer for. 'alone' when the server
   * does not take batches (an older one: 404 or 405, or an answer of another shape, remembered
   * for this page) or would not take this one (any other refusal of the whole): its writes are
   * then sent one by one, which is always safe since each keeps its key.
   */
  private async deliverBatch(userId: number, run: readonly Outgoing[]): Promise<DrainResult | 'alone'> {
    const first = run[0]!.entry;
    const writes = run.map(({ entry, request }) => ({ key: entry.id, method: request.method, path: request.path, ...(request.body === undefined ? {} : { body: request.body }) }));
    let answer: unknown;
    try {
      answer = await apiFetch(BATCH_PATH, { method: 'POST', body: { writes }, fetch: this.fetchImpl, reportsEndedSession: false });
    } catch (error) {
      if (!(error instanceof ApiError)) {
        await this.postpone(userId, first, 'No connection. Will retry.');
        return { delivered: 0, stoppedBy: 'network' };
      }
      if (error.status === 404 || error.status === 405) {
        this.batching = false;
        return 'alone';
      }
      // The batch as a whole is answered as its first write would be: later, or sign in again.
      if (error.status === 401 || laterStatus(error)) return this.settle(userId, [run[0]!], [{ error }]);
      return 'alone';
    }
    const results = resultsIn(answer);
    // One result per write, in order, up to the one that stops the batch: anything else is not an answer to this batch.
    const inOrder = !!results && results.length > 0 && results.length <= run.length && results.every((r, i) => r.key === run[i]!.entry.id);
    const answers: WriteAnswer[] = (results ?? []).map((r) =>
      r.status >= 200 && r.status < 300
        ? { response: r.body }
        : { error: new ApiError(r.status, `${r.status}: ${r.body === undefined ? '' : JSON.stringify(r.body)}`, messageOf(r.body), r.body, new Headers(r.retryAfter ? { 'Retry-After': r.retryAfter } : {})) },
    );
    const last = answers.at(-1);
    const stopped = !!last && 'error' in last && (last.error.status === 401 || laterStatus(last.error));
    if (!inOrder || (answers.length < run.length && !stopped)) {
      this.batching = false;
      return 'alone';
    }
    return this.settle(userId, run.slice(0, answers.length), answers);
  }

  /**
   * What the server said to each write of `run`, in order:
   * - 2xx: its reactions get the answer, then it leaves the queue (when it sets the whole state of
   *   its subject, earlier refused entries about that subject go with it);
   * - 401, or "later" (5xx, 408, 429, a 409 with Retry-After or an older server's "still in
   *   progress"): it stays, and delivery stops there;
   * - any other 4xx: marked failed with the server's message, and delivery goes on.
   * Those delivered and refused are written in one IndexedDB transaction.
   */
  private async settle(userId: number, run: readonly Outgoing[], answers: readonly WriteAnswer[]): Promise<DrainResult> {
    const delivered: Delivered[] = [];
    const failed: OutboxEntry[] = [];
    /** Written in answer order, so a refusal and a later write replacing it are seen in that order. */
    const settled: ({ delivered: Delivered } | { failed: OutboxEntry })[] = [];
    let stop: { entry: OutboxEntry; error: ApiError } | null = null;
    for (const [i, answer] of answers.entries()) {
      const { entry, write } = run[i]!;
      if ('response' in answer) {
        // The reactions put the answer into the cache BEFORE the entry leaves the queue: Dexie's
        // live queries see the delete at once, and a screen that saw neither (the old server state
        // for a moment) could take a press for the opposite write.
        this.events.emit({ type: 'synced', entry, response: answer.response });
        const done = { entry, replacesEarlier: write.definition.replacesEarlier, response: answer.response };
        delivered.push(done);
        settled.push({ delivered: done });
        continue;
      }
      const { error } = answer;
      if (error.status === 401 || laterStatus(error)) {
        stop = { entry, error };
        break;
      }
      const refused: OutboxEntry = { ...entry, status: 'failed', lastError: error.serverMessage ?? error.message, attempts: entry.attempts + 1, lastStatus: error.status };
      failed.push(refused);
      settled.push({ failed: refused });
    }

    if (settled.length) {
      await this.db.transaction('rw', this.db.outbox, this.db.meta, async () => {
        for (const done of settled) {
          if ('failed' in done) await this.db.outbox.put(done.failed);
          else await this.db.outbox.delete(done.delivered.entry.seq!);
        }
        await this.dropReplaced(delivered.filter((d) => d.replacesEarlier).map((d) => d.entry));
        if (delivered.length) {
          await this.db.meta.put({ key: LAST_SYNC_KEY, value: new Date(this.now()).toISOString() });
          // No page cache here (the service worker): keep the answers for the pages to apply, in this
          // same transaction (delivery-record.ts).
          if (this.recordDeliveries) await recordDeliveries(this.db, delivered);
        }
      });
    }
    for (const entry of failed) this.events.emit({ type: 'failed', entry });

    if (!stop) return { delivered: delivered.length };
    const { entry, error } = stop;
    if (error.status === 401) {
      const lastError = 'Please sign in again to sync your changes.';
      await this.db.outbox.update(entry.seq!, { lastStatus: 401, lastError });
      this.events.emit({ type: 'auth-required', entry: { ...entry, lastStatus: 401, lastError } });
      return { delivered: delivered.length, stoppedBy: 'auth' };
    }
    await this.postpone(userId, entry, error.serverMessage ?? error.message, error.status, retryAfterMs(error.headers.get('Retry-After'), this.now()));
    return { delivered: delivered.length, stoppedBy: 'server' };
  }

  /** The server (or this version) will not take it: kept, marked failed, for the user to retry or discard. */
  private async refuse(entry: OutboxEntry, message: string, status?: number): Promise<void> {
    const failed: OutboxEntry = { ...entry, status: 'failed', lastError: message, attempts: entry.attempts + 1 };
    if (status !== undefined) failed.lastStatus = status;
    await this.db.outbox.put(failed);
    this.events.emit({ type: 'failed', entry: failed });
  }

  /** Earlier refused entries about the subjects that `delivered` (in order) have just set as a whole. */
  private async dropReplaced(delivered: readonly OutboxEntry[]): Promise<void> {
    if (!delivered.length) return;
    // The last delivered write about each subject: every refused entry queued before it goes.
    const lastSeq = new Map<string, number>();
    for (const entry of delivered) lastSeq.set(subjectOf(entry), Math.max(lastSeq.get(subjectOf(entry)) ?? 0, entry.seq ?? 0));
    await this.db.outbox
      .where('userId')
      .equals(delivered[0]!.userId)
      .filter((e) => e.status === 'failed' && (e.seq ?? 0) < (lastSeq.get(subjectOf(e)) ?? 0))
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
