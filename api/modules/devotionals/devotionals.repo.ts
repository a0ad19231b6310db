import type { Devotional } from '#contract';
import type { Db } from '#api/db';
import { nowIso, toNumber } from '#api/lib/convert';

interface DevotionalRow {
  id: number;
  date: string | null;
  title: string;
  verse_text: string;
  verse_reference: string;
  content: string;
}

const COLUMNS = ['id', 'date', 'title', 'verse_text', 'verse_reference', 'content'] as const;

function toDevotional(row: DevotionalRow): Devotional {
  return {
    id: toNumber(row.id),
    devotionalTitle: row.title,
    verseText: row.verse_text,
    verseReference: row.verse_reference,
    devotionalContent: row.content,
    date: row.date ?? null,
  };
}

export function devotionalsRepo(db: Db) {
  const devotionals = () => db('devotionals').select([...COLUMNS]);

  return {
    async exists(id: number): Promise<boolean> {
      return !!(await db('devotionals').select('id').where('id', id).first());
    },

    async findByDate(date: string): Promise<Devotional | null> {
      const row = (await devotionals().where('date', date).first()) as DevotionalRow | undefined;
      return row ? toDevotional(row) : null;
    },

    /** How many devotionals take turns: the undated ones, or all of them when none is undated. */
    async rotationSize(): Promise<{ count: number; undatedOnly: boolean }> {
      const undated = await db('devotionals').whereNull('date').count({ n: '*' }).first();
      const count = toNumber(undated?.n);
      if (count > 0) return { count, undatedOnly: true };
      const all = await db('devotionals').count({ n: '*' }).first();
      return { count: toNumber(all?.n), undatedOnly: false };
    },

    async rotationAt(index: number, undatedOnly: boolean): Promise<Devotional | null> {
      const query = devotionals().orderBy('id').offset(index).limit(1);
      if (undatedOnly) query.whereNull('date');
      const [row] = (await query) as DevotionalRow[];
      return row ? toDevotional(row) : null;
    },

    async heartCount(devotionalId: number): Promise<number> {
      const row = await db('devotional_hearts').where('devotional_id', devotionalId).count({ n: '*' }).first();
      return toNumber(row?.n);
    },

    async isHearted(devotionalId: number, userId: number): Promise<boolean> {
      return !!(await db('devotional_hearts').select('user_id').where({ devotional_id: devotionalId, user_id: userId }).first());
    },

    /** A second heart by the same user changes nothing: the primary key keeps one row. */
    async addHeart(devotionalId: number, userId: number): Promise<void> {
      await db('devotional_hearts')
        .insert({ devotional_id: devotionalId, user_id: userId, created_at: nowIso() })
        .onConflict(['devotional_id', 'user_id'])
        .ignore();
    },

    async removeHeart(devotionalId: number, userId: number): Promise<void> {
      await db('devotional_hearts').where({ devotional_id: devotionalId, user_id: userId }).delete();
    },
  };
}
