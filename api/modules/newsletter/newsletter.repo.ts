import type { Db } from '#api/db';
import { nowIso } from '#api/lib/convert';

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
    async count(email: string): Promise<number> {
      const row = await db('newsletter_subscriptions').whereRaw('lower(email) = lower(?)', [email]).count({ n: '*' }).first();
      return Number(row?.n ?? 0);
    },
  };
}
