import type { Devotional, DevotionalInput } from '#contract';
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

/** The columns a devotional's fields are written to. */
function toColumns(input: DevotionalInput) {
  return { title: input.devotionalTitle, verse_reference: input.verseReference, verse_text: input.verseText, content: input.devotionalContent };
}

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

    /** The devotionals dated from `from` to `to` (both included), oldest first; the column is unique, so one per date. */
    async listDated(from: string, to: string): Promise<Devotional[]> {
      const rows = (await devotionals().whereBetween('date', [from, to]).orderBy('date')) as DevotionalRow[];
      return rows.map(toDevotional);
    },

    /** Rewrites the devotional dated `date` in place (its id and hearts stay); false when that day has none. */
    async updateDated(date: string, input: DevotionalInput): Promise<boolean> {
      return (await db('devotionals').where('date', date).update(toColumns(input))) > 0;
    },

    /**
     * Adds the devotional dated `date`; false when that day already has one (written at the same
     * moment by another request), which the unique date column keeps to one row.
     */
    async insertDated(date: string, input: DevotionalInput): Promise<boolean> {
      const inserted = await db('devotionals')
        .insert({ ...toColumns(input), date, created_at: nowIso() })
        .onConflict('date')
        .ignore()
        .returning('id');
      return inserted.length > 0;
    },

    /** Deletes the devotional dated `date` (its hearts go with it: ON DELETE CASCADE); false when there was none. */
    async deleteDated(date: string): Promise<boolean> {
      return (await db('devotionals').where('date', date).delete()) > 0;
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
