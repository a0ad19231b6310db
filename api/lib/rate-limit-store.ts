import { createRequire } from 'node:module';
import type { Knex } from 'knex';
import { RateLimiterRes, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';

/**
 * rate-limiter-flexible's counting (consume, reward, RateLimiterRes, msBeforeNext) over one Knex
 * store that is the same on SQLite and PostgreSQL: the `rate_limits` table of migration 004, one
 * atomic `INSERT … ON CONFLICT DO UPDATE … RETURNING` per attempt, through Knex's own query path.
 *
 * Why not the library's RateLimiterSQLite with `storeType: 'knex'`: it takes the raw connection
 * from Knex's pool and hands it back before its SAVEPOINT … RELEASE has run (11.4,
 * `_upsertTransaction` returns the promise from inside `try … finally`). On our one SQLite
 * connection a request's `BEGIN` then lands inside the limiter's savepoint and fails ("cannot
 * start a transaction within a transaction"): a 500 under concurrent sign-ins. Its Postgres store
 * works with Knex, but one store for both keeps the two databases behaving alike.
 *
 * The library exports the abstract store only in its types, so it is loaded by path.
 */
const require = createRequire(import.meta.url);
const StoreAbstract = require('rate-limiter-flexible/lib/RateLimiterStoreAbstract.js') as typeof RateLimiterStoreAbstract;

export const RATE_LIMITS_TABLE = 'rate_limits';

/** Expired rows are removed at most this often, by whichever limiter counts next (no timer to stop). */
const PURGE_EVERY_MS = 5 * 60 * 1000;

interface StoredCounter {
  points: number;
  /** Window end, ms since epoch; null: never expires. PostgreSQL returns bigint as a string. */
  expire: number | string | null;
}

export interface KnexRateLimiterOptions {
  /** The pool, never a request's transaction handle (see rate-limit.ts). */
  db: Knex;
  /** Names this limiter's rows: `${keyPrefix}:${key}`. */
  keyPrefix: string;
  points: number;
  /** Window in seconds. */
  duration: number;
}

export class KnexRateLimiter extends StoreAbstract {
  private readonly db: Knex;
  private lastPurge = Date.now();

  constructor(opts: KnexRateLimiterOptions) {
    // No in-memory blocking: a key refused here must be refused by every process alike.
    super({ storeClient: opts.db, keyPrefix: opts.keyPrefix, points: opts.points, duration: opts.duration });
    this.db = opts.db;
  }

  /** Adds `points` to the key's window (a fresh one when it has ended) and returns the new total. */
  async _upsert(rlKey: string, points: number, msDuration: number, forceExpire = false): Promise<StoredCounter> {
    this.purgeNow();
    const now = Date.now();
    const expire = msDuration > 0 ? now + msDuration : null;
    // `forceExpire` (set, block) starts the window over; otherwise an ended window restarts and a
    // running one accumulates.
    const restart = forceExpire ? 'TRUE' : `(${RATE_LIMITS_TABLE}.expire IS NOT NULL AND ${RATE_LIMITS_TABLE}.expire <= ?)`;
    const restartBindings = forceExpire ? [] : [now];
    const rows = (await this.db.raw(
      `INSERT INTO ${RATE_LIMITS_TABLE} (key, points, expire) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET
         points = CASE WHEN ${restart} THEN excluded.points ELSE ${RATE_LIMITS_TABLE}.points + excluded.points END,
         expire = CASE WHEN ${restart} THEN excluded.expire ELSE ${RATE_LIMITS_TABLE}.expire END
       RETURNING points, expire`,
      [rlKey, points, expire, ...restartBindings, ...restartBindings],
    )) as StoredCounter[] | { rows: StoredCounter[] };
    const row = Array.isArray(rows) ? rows[0] : rows.rows[0];
    if (!row) throw new Error(`rate limit upsert returned no row for ${rlKey}`);
    return row;
  }

  async _get(rlKey: string): Promise<StoredCounter | null> {
    const row = (await this.db(RATE_LIMITS_TABLE)
      .select('points', 'expire')
      .where({ key: rlKey })
      .andWhere((q) => q.where('expire', '>', Date.now()).orWhereNull('expire'))
      .first()) as StoredCounter | undefined;
    return row ?? null;
  }

  async _delete(rlKey: string): Promise<boolean> {
    return (await this.db(RATE_LIMITS_TABLE).where({ key: rlKey }).delete()) > 0;
  }

  _getRateLimiterRes(_rlKey: string, changedPoints: number, row: StoredCounter): RateLimiterRes {
    const consumed = Number(row.points);
    const expire = row.expire === null ? null : Number(row.expire);
    const isFirstInDuration = changedPoints === consumed;
    return new RateLimiterRes(
      Math.max(this.points - consumed, 0),
      expire === null ? -1 : Math.max(expire - Date.now(), 0),
      consumed,
      isFirstInDuration,
    );
  }

  /** Drops windows that ended over an hour ago. Not awaited, and a failure only delays it. */
  private purgeNow(): void {
    const now = Date.now();
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    this.db(RATE_LIMITS_TABLE)
      .where('expire', '<', now - 60 * 60 * 1000)
      .delete()
      .catch(() => undefined);
  }
}
