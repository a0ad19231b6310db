import type { Context, Next } from 'koa';
import type { Db } from '../db.js';
import { AppError, applyError, constraintKind } from '../errors.js';
import { nowIso } from '../lib/convert.js';
import { sessionUserId } from './auth.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Answers that say "try again later" or "sign in first" are not remembered: a retry must really run. */
const NOT_REMEMBERED = new Set([401, 408, 429]);
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

/**
 * Honours `Idempotency-Key` on every state-changing API call: the first answer is stored under
 * (caller, key) and a repeat returns it unchanged without running the call again. The offline
 * outbox sends each queued write with its client UUID as the key, so a replay after a lost
 * response never doubles a comment or a folder. A key still running answers 409; a key reused
 * for another method or path answers 422. Server faults (5xx) are forgotten so a retry runs.
 */
export function idempotency(db: Db) {
  return async (ctx: Context, next: Next) => {
    const key = ctx.get('Idempotency-Key');
    if (!key || !UNSAFE.has(ctx.method) || !ctx.path.startsWith('/api/')) return next();
    if (!KEY_PATTERN.test(key)) throw new AppError(400, 'Idempotency-Key must be 1-100 letters, digits or -_.:');

    const userId = sessionUserId(ctx);
    const scope = userId === null ? 'anonymous' : `u:${userId}`;
    const claim = { scope, key, method: ctx.method, path: ctx.path, status: null, body: null, created_at: nowIso() };
    try {
      await db('idempotency_keys').insert(claim);
    } catch (err) {
      if (constraintKind(err) !== 'unique') throw err;
      const first = await db('idempotency_keys').where({ scope, key }).first();
      if (!first) throw new AppError(409, 'Please retry this request.');
      if (first.method !== ctx.method || first.path !== ctx.path) {
        throw new AppError(422, 'This Idempotency-Key was already used for a different request.');
      }
      if (first.status === null) throw new AppError(409, 'A request with this Idempotency-Key is still in progress.');
      ctx.status = Number(first.status);
      ctx.set('Idempotent-Replayed', 'true');
      if (first.body !== null) ctx.body = JSON.parse(first.body as string);
      return;
    }

    let failed = false;
    try {
      await next();
    } catch (err) {
      failed = !applyError(ctx, err);
      if (failed) ctx.app.emit('error', err, ctx);
    }
    const remember = !failed && ctx.status < 500 && !NOT_REMEMBERED.has(ctx.status);
    const body = ctx.body === undefined || ctx.body === null ? null : JSON.stringify(ctx.body);
    if (remember) {
      await db('idempotency_keys').where({ scope, key }).update({ status: ctx.status, body });
    } else {
      await db('idempotency_keys').where({ scope, key }).delete();
    }
  };
}

export async function purgeOldIdempotencyKeys(db: Db, maxAgeMs = 30 * 24 * 60 * 60 * 1000): Promise<number> {
  return db('idempotency_keys').where('created_at', '<', new Date(Date.now() - maxAgeMs).toISOString()).delete();
}
