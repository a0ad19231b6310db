import crypto from 'node:crypto';
import os from 'node:os';
import type { Db } from '../db';
import { isPostgres } from '../db';

/** This process, as it appears in `job_leases.holder`: host, pid and a random tag (pids are reused). */
export const PROCESS_HOLDER = `${os.hostname().slice(0, 80)}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;

/** The database's clock in milliseconds since the epoch: one clock for every host, however theirs drift. */
function dbNowMs(db: Db) {
  return isPostgres(db) ? db.raw('(extract(epoch from clock_timestamp()) * 1000)::bigint') : db.raw("CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER)");
}

function dbNowPlus(db: Db, ms: number) {
  return isPostgres(db)
    ? db.raw('(extract(epoch from clock_timestamp()) * 1000)::bigint + ?', [Math.round(ms)])
    : db.raw("CAST(ROUND((julianday('now') - 2440587.5) * 86400000) AS INTEGER) + ?", [Math.round(ms)]);
}

/**
 * Leases on background jobs, so that a job runs on one process at a time however many API
 * processes and hosts share the database. Taking a lease is one atomic UPDATE (it is free, expired,
 * or already ours) or, for a job never run before, an INSERT that only one process can win; the
 * same two statements on SQLite and PostgreSQL. The holder renews it on each run, so the job stays
 * on one process; a process that dies stops renewing and another takes the job over once the
 * lease has expired. A clean stop hands it back at once.
 */
export function jobLeases(db: Db, holder: string = PROCESS_HOLDER) {
  async function take(name: string, ttlMs: number): Promise<boolean> {
    const renewed = await db('job_leases')
      .where({ name })
      .andWhere((q) => q.where('expires_at', '<', dbNowMs(db)).orWhere({ holder }))
      .update({ holder, expires_at: dbNowPlus(db, ttlMs) });
    if (Number(renewed) > 0) return true;
    const inserted = await db('job_leases').insert({ name, holder, expires_at: dbNowPlus(db, ttlMs) }).onConflict('name').ignore().returning('name');
    return inserted.length > 0;
  }

  return {
    holder,
    take,
    /** Runs `job` when this process holds (or can take) the lease on `name`; null when another process holds it. */
    async runExclusive<T>(name: string, ttlMs: number, job: () => Promise<T>): Promise<{ result: T } | null> {
      if (!(await take(name, ttlMs))) return null;
      return { result: await job() };
    },
    /** Hands back the lease on `name` if this process holds it. */
    async release(name: string): Promise<void> {
      await db('job_leases').where({ name, holder }).update({ expires_at: 0 });
    },
    /** Hands back every lease this process holds, so another process may take them at its next tick. */
    async releaseAll(): Promise<void> {
      await db('job_leases').where({ holder }).update({ expires_at: 0 });
    },
  };
}

export type JobLeases = ReturnType<typeof jobLeases>;
