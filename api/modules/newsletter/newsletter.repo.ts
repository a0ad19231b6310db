import type { Db } from '#api/db';
import { nowIso, toIso } from '#api/lib/convert';

export function newsletterRepo(db: Db) {
  return {
    /** Inserts the address unless it is already there (case-insensitively). True when a row was added. */
    async addIfNew(email: string): Promise<boolean> {
      const rows = await db('newsletter_subscriptions')
        .insert({ email, created_at: nowIso() })
        .onConflict(db.raw('(lower(email))'))
        .ignore()
        .returning('id');
      return rows.length > 0;
    },
    /** Every address, newest first (the id breaks ties). */
    async list(): Promise<Array<{ email: string; subscribedAt: string }>> {
      const rows = await db('newsletter_subscriptions').select('email', 'created_at').orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ]);
      return rows.map((row: { email: string; created_at: unknown }) => ({ email: row.email, subscribedAt: toIso(row.created_at) }));
    },
    async count(email: string): Promise<number> {
      const row = await db('newsletter_subscriptions').whereRaw('lower(email) = lower(?)', [email]).count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },
  };
}
