import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { Context, Next } from 'koa';
import type { Db } from '../db';
import { AppError, applyError } from '../errors';
import { nowIso } from '../lib/convert';
import { withRequestTransaction } from '../lib/request-transaction';
import { sessionUserId } from './auth';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Answers that say "try again later" or "sign in first" are not remembered: a retry must really run. */
const NOT_REMEMBERED = new Set([401, 408, 429]);
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;
/**
 * Calls whose answers are never stored: a sign-in or sign-up answer holds a user's record and
 * starts a session, so a replay must run again (and be refused or rate-limited as itself); the
 * one-time upload URL is its own idempotency (a repeat is a 404), and holding a transaction open
 * while a 5 MB body arrives would stall every other write.
 */
// Paths are matched as the router matches them (any letter case, an optional trailing slash):
// `/API/Comments` is a comment too, and `/api/Auth/Login/` a sign-in whose answer is not stored.
const API_PATH = /^\/api\//i;
const NEVER_STORED = [/^\/api\/auth\/(login|signup)\/?$/i, /^\/api\/users\/?$/i, /^\/api\/objects\/uploads\/[^/]+\/?$/i];

interface StoredAnswer {
  method: string;
  path: string;
  status: number | null;
  body: string | null;
}

interface ScopedSession {
  externalKey?: string;
  anonymous?: true;
}

/**
 * Whose keys these are. A signed-in caller's are the user's: the outbox replays a queued write
 * with its key after a reload or a new sign-in (a new session cookie), and must still find its
 * first answer. An anonymous caller's are its session's (never the session id itself, which stays
 * in the sessions table): another client sending the same key, anonymous or not, never gets this
 * one's answer. A browser without a session gets one when its answer is stored (`keep`), so its
 * retry finds the answer.
 */
function keyScope(ctx: Context): { scope: string; keep: () => void } {
  const userId = sessionUserId(ctx);
  if (userId !== null) return { scope: `u:${userId}`, keep: () => undefined };
  const session = ctx.session as ScopedSession | null;
  if (!session?.externalKey) throw new Error('idempotency needs the database session middleware before it');
  const id = crypto.createHash('sha256').update(session.externalKey).digest('base64url').slice(0, 32);
  return { scope: `s:${id}`, keep: () => void (session.anonymous = true) };
}

/** Thrown inside the transaction to roll back the call's work: its answer is not to be remembered. */
const FORGET = Symbol('forget');
/** Thrown inside the transaction to roll back a refused call's work; its answer is stored on its own. */
const REFUSED = Symbol('refused');
/** Thrown inside the transaction when another request stored this key's answer first. */
const TAKEN = Symbol('taken');

/**
 * Honours `Idempotency-Key` on every state-changing API call: the first answer is stored under
 * (caller, key), the caller being the signed-in user or else the anonymous session (keyScope),
 * and a repeat returns it unchanged without running the call again. The offline outbox sends
 * each queued write with its client UUID as the key, so a replay after a lost response never
 * doubles a comment or a folder.
 *
 * The call's own writes and its stored answer are one database transaction, and the answer
 * leaves the server only after it commits. So a process stopped mid-request (a deploy, a crash,
 * SIGKILL) leaves nothing behind, and the retry simply runs. The answer is stored last, where the
 * key's unique index decides: a concurrent repeat of a running key (PostgreSQL; SQLite has one
 * writer) waits there for the first to commit, finds the key taken, rolls its own work back and
 * replays the first answer. A repeat after the first has committed is answered from the stored
 * row before anything runs. A refused call (4xx) is rolled back whole and its answer stored in a
 * transaction of its own, so it leaves nothing but its remembered answer. A key reused for another
 * method or path answers 422. Server faults (5xx), 401, 408 and 429 are never stored, so a retry
 * runs again.
 *
 * Why last and not claimed first: a claim, a savepoint around the call and an update of the claim
 * are three more statements in every write transaction, and SQLite's only writer is held for each
 * of them (docs/decisions/002).
 */
export function idempotency(db: Db) {
  return async (ctx: Context, next: Next) => {
    const key = ctx.get('Idempotency-Key');
    if (!key || !UNSAFE.has(ctx.method) || !API_PATH.test(ctx.path) || NEVER_STORED.some((p) => p.test(ctx.path))) return next();
    if (!KEY_PATTERN.test(key)) throw new AppError(400, 'Idempotency-Key must be 1-100 letters, digits or -_.:');

    const { scope, keep } = keyScope(ctx);
    const stored = () => db('idempotency_keys').where({ scope, key }).first() as Promise<StoredAnswer | undefined>;
    const first = await stored();
    if (first && replayed(ctx, first)) return;
    // A row without its answer was left by an earlier version that claimed keys first, by a
    // process that died mid-request: nothing of that call was kept with it, so it runs now.
    const stale = first !== undefined;

    const remember = async (trx: Knex.Transaction) => {
      if (stale) await trx('idempotency_keys').where({ scope, key }).whereNull('status').delete();
      const body = ctx.body === undefined || ctx.body === null ? null : JSON.stringify(ctx.body);
      const answer = { scope, key, method: ctx.method, path: ctx.path, status: ctx.status, body, created_at: nowIso() };
      const inserted = await trx('idempotency_keys').insert(answer).onConflict(['scope', 'key']).ignore().returning('key');
      if (inserted.length === 0) throw TAKEN;
      keep();
    };

    let fault: { error: unknown } | undefined;
    let outcome: symbol | undefined;
    try {
      await db.transaction(async (trx) => {
        try {
          await withRequestTransaction(trx, () => next());
        } catch (err) {
          if (!applyError(ctx, err)) fault = { error: err };
        }
        if (fault || ctx.status >= 500 || NOT_REMEMBERED.has(ctx.status)) throw FORGET;
        if (ctx.status >= 400) throw REFUSED;
        await remember(trx);
      });
    } catch (err) {
      if (err !== FORGET && err !== REFUSED && err !== TAKEN) throw err;
      outcome = err;
    }
    if (outcome === REFUSED) {
      try {
        await db.transaction(remember);
      } catch (err) {
        if (err !== TAKEN) throw err;
        outcome = TAKEN;
      }
    }
    if (fault) ctx.app.emit('error', fault.error, ctx);
    if (outcome !== TAKEN) return;
    const winner = await stored();
    if (winner && replayed(ctx, winner)) return;
    ctx.set('Retry-After', '1');
    throw new AppError(409, 'Please retry this request.');
  };
}

/** Answers with a stored answer (or 422 for a key used for another call); false when it has none yet. */
function replayed(ctx: Context, first: StoredAnswer): boolean {
  if (first.method !== ctx.method || first.path !== ctx.path) {
    throw new AppError(422, 'This Idempotency-Key was already used for a different request.');
  }
  if (first.status === null) return false;
  ctx.status = Number(first.status);
  ctx.set('Idempotent-Replayed', 'true');
  if (first.body !== null) ctx.body = JSON.parse(first.body) as unknown;
  return true;
}

export async function purgeOldIdempotencyKeys(db: Db, maxAgeMs = 30 * 24 * 60 * 60 * 1000): Promise<number> {
  return db('idempotency_keys').where('created_at', '<', new Date(Date.now() - maxAgeMs).toISOString()).delete();
}
