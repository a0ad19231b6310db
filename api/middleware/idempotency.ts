import crypto from 'node:crypto';
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

/** Thrown inside the transaction to roll back the claim and the work: the answer is not to be remembered. */
const FORGET = Symbol('forget');

/**
 * Honours `Idempotency-Key` on every state-changing API call: the first answer is stored under
 * (caller, key), the caller being the signed-in user or else the anonymous session (keyScope),
 * and a repeat returns it unchanged without running the call again. The offline outbox sends
 * each queued write with its client UUID as the key, so a replay after a lost response never
 * doubles a comment or a folder.
 *
 * The claim, the call's own writes and the stored answer are one database transaction, and the
 * answer leaves the server only after it commits. So a process stopped mid-request (a deploy, a
 * crash, SIGKILL) leaves nothing behind: neither half a write nor a claim that would answer
 * "still in progress" forever; the retry simply runs. A concurrent repeat of a running key waits
 * for it (PostgreSQL holds the second insert on the key's index; SQLite has one connection) and
 * then replays its answer. The call's writes run in a savepoint, so a refused call (4xx thrown
 * after a partial write) leaves nothing but its remembered answer. A key reused for another
 * method or path answers 422. Server faults (5xx), 401, 408 and 429 roll everything back, so a
 * retry runs again.
 */
export function idempotency(db: Db) {
  return async (ctx: Context, next: Next) => {
    const key = ctx.get('Idempotency-Key');
    if (!key || !UNSAFE.has(ctx.method) || !API_PATH.test(ctx.path) || NEVER_STORED.some((p) => p.test(ctx.path))) return next();
    if (!KEY_PATTERN.test(key)) throw new AppError(400, 'Idempotency-Key must be 1-100 letters, digits or -_.:');

    const { scope, keep } = keyScope(ctx);
    // Set inside the transaction: the first answer to replay, or a server fault to report.
    const outcome: { replay?: StoredAnswer; fault?: unknown } = {};
    try {
      await db.transaction(async (trx) => {
        const claim = { scope, key, method: ctx.method, path: ctx.path, status: null, body: null, created_at: nowIso() };
        const claimed = await trx('idempotency_keys').insert(claim).onConflict(['scope', 'key']).ignore().returning('key');
        if (claimed.length === 0) {
          const first = (await trx('idempotency_keys').where({ scope, key }).first()) as StoredAnswer | undefined;
          if (!first) {
            ctx.set('Retry-After', '1');
            throw new AppError(409, 'Please retry this request.');
          }
          if (first.method !== ctx.method || first.path !== ctx.path) {
            throw new AppError(422, 'This Idempotency-Key was already used for a different request.');
          }
          if (first.status !== null) {
            outcome.replay = first;
            return;
          }
          // A claim committed without its answer (left by an earlier version that stored them
          // apart, by a process that died mid-request): nothing of that call was kept with it, so it runs now.
          await trx('idempotency_keys').where({ scope, key }).update({ created_at: claim.created_at });
        }

        try {
          await trx.transaction((work) => withRequestTransaction(work, () => next()));
        } catch (err) {
          if (!applyError(ctx, err)) outcome.fault = err;
        }
        if ('fault' in outcome || ctx.status >= 500 || NOT_REMEMBERED.has(ctx.status)) throw FORGET;
        const body = ctx.body === undefined || ctx.body === null ? null : JSON.stringify(ctx.body);
        await trx('idempotency_keys').where({ scope, key }).update({ status: ctx.status, body });
        keep();
      });
    } catch (err) {
      if (err !== FORGET) throw err;
    }

    if ('fault' in outcome) ctx.app.emit('error', outcome.fault, ctx);
    const first = outcome.replay;
    if (first) {
      ctx.status = Number(first.status);
      ctx.set('Idempotent-Replayed', 'true');
      if (first.body !== null) ctx.body = JSON.parse(first.body) as unknown;
    }
  };
}

export async function purgeOldIdempotencyKeys(db: Db, maxAgeMs = 30 * 24 * 60 * 60 * 1000): Promise<number> {
  return db('idempotency_keys').where('created_at', '<', new Date(Date.now() - maxAgeMs).toISOString()).delete();
}
