import type { Knex } from 'knex';
import { isRowId, type LiveQuestion, type LiveStream } from '#contract';
import { isPostgres, type Db } from '#api/db';
import { nowIso, toBool, toIso, toIsoOrNull, toNumber } from '#api/lib/convert';

interface LiveStreamRow {
  id: number | string;
  title: string;
  description: string | null;
  is_live: unknown;
  viewer_count: number | string;
  thumbnail_url: string | null;
  scheduled_for: unknown;
  youtube_id: string | null;
}

/** What the desk writes of a stream: its viewer count and thumbnail are not the desk's. */
export interface LiveStreamFieldsRow {
  title: string;
  description: string | null;
  youtube_id: string | null;
  scheduled_for: string;
}

/** A question as an event reads it: with whether an editor hid it. */
export type QuestionState = LiveQuestion & { hidden: boolean };

/**
 * An arbitrary constant naming the PostgreSQL advisory lock that serialises going live, so two
 * editors going live at once cannot both pass the "nothing else is live" check (the blog's and
 * videos' locks are 7_240_001 to 7_240_003).
 */
const GO_LIVE_LOCK_KEY = 7_240_004;

interface LiveQuestionRow {
  id: number | string;
  live_stream_id: number | string;
  asked_by: string;
  question: string;
  is_highlighted: unknown;
  is_answered: unknown;
  created_at: unknown;
  hidden: unknown;
}

function toLiveStream(row: LiveStreamRow): LiveStream {
  return {
    id: toNumber(row.id),
    title: row.title,
    description: row.description,
    isLive: toBool(row.is_live),
    viewerCount: toNumber(row.viewer_count),
    // A stream without a picture of its own shows its YouTube video's.
    thumbnailUrl: row.thumbnail_url ?? (row.youtube_id ? `https://i.ytimg.com/vi/${row.youtube_id}/hqdefault.jpg` : null),
    scheduledFor: toIsoOrNull(row.scheduled_for),
    // Only when it has one: answers keep the shape they had before the desk.
    ...(row.youtube_id ? { youtubeId: row.youtube_id } : {}),
  };
}

function toLiveQuestion(row: LiveQuestionRow): LiveQuestion {
  return {
    id: toNumber(row.id),
    liveStreamId: toNumber(row.live_stream_id),
    askedBy: row.asked_by,
    question: row.question,
    isHighlighted: toBool(row.is_highlighted),
    isAnswered: toBool(row.is_answered),
    createdAt: toIso(row.created_at),
  };
}

export function liveRepo(db: Db) {
  return {
    ...liveQueries(db),
    /** Runs `work` in one transaction with the queries bound to it; it commits when `work` resolves, rolls back when it throws. */
    async transaction<T>(work: (tx: LiveQueries) => Promise<T>): Promise<T> {
      return db.transaction((trx) => work(liveQueries(trx)));
    },
  };
}

export type LiveQueries = ReturnType<typeof liveQueries>;

/** The queries, on the shared connection pool or inside one transaction. */
function liveQueries(db: Db | Knex.Transaction) {
  return {
    /** The live stream; with several, the most recently scheduled (unscheduled ones last). */
    async current(): Promise<LiveStream | null> {
      const row = await db<LiveStreamRow>('live_streams')
        .where('is_live', true)
        // NULLs sort differently on SQLite and PostgreSQL; the CASE puts them last on both.
        .orderByRaw('CASE WHEN scheduled_for IS NULL THEN 1 ELSE 0 END, scheduled_for DESC, id DESC')
        .first();
      return row ? toLiveStream(row) : null;
    },

    /** Streams not live yet and scheduled after `now`, soonest first. */
    async upcoming(now: string): Promise<LiveStream[]> {
      const rows = await db<LiveStreamRow>('live_streams')
        .where('is_live', false)
        .where('scheduled_for', '>', now)
        .orderBy([
          { column: 'scheduled_for', order: 'asc' },
          { column: 'id', order: 'asc' },
        ]);
      return rows.map(toLiveStream);
    },

    async findStream(id: number): Promise<LiveStream | undefined> {
      const row = await db<LiveStreamRow>('live_streams').where({ id }).first();
      return row ? toLiveStream(row) : undefined;
    },

    /**
     * Highlighted questions first, then newest first (the id breaks ties within a millisecond),
     * `limit` at a time; with `before`, only those after that question in this order. Undefined
     * when `before` is not a question on this stream.
     */
    async questions(liveStreamId: number, { limit, before }: { limit: number; before?: number }): Promise<LiveQuestion[] | undefined> {
      // Hidden questions are listed to no one; one may still be the cursor (a page read before it was hidden).
      let query = db<LiveQuestionRow>('live_questions').where({ live_stream_id: liveStreamId, hidden: false });
      if (before !== undefined) {
        const cursor = await db<LiveQuestionRow>('live_questions').where({ id: before, live_stream_id: liveStreamId }).first('is_highlighted', 'created_at');
        if (!cursor) return undefined;
        const highlighted = toBool(cursor.is_highlighted);
        query = query.andWhere((after) => {
          // After a highlighted question come the older highlighted ones, then every other one.
          if (highlighted) after.where('is_highlighted', false);
          after.orWhere((same) =>
            same
              .where('is_highlighted', highlighted)
              .andWhere((older) =>
                older
                  .where('created_at', '<', cursor.created_at as string)
                  .orWhere((tie) => tie.where('created_at', '=', cursor.created_at as string).andWhere('id', '<', before)),
              ),
          );
        });
      }
      const rows = await query
        .orderBy([
          { column: 'is_highlighted', order: 'desc' },
          { column: 'created_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(limit);
      return rows.map(toLiveQuestion);
    },

    /**
     * The question, or undefined. Its id may come from another process's event (event-bus.ts checks
     * only that it is a number), not through a request's idSchema: one past the id column's range
     * is answered here as no question, before PostgreSQL would refuse it.
     */
    async findQuestion(id: number): Promise<QuestionState | undefined> {
      if (!isRowId(id)) return undefined;
      const row = await db<LiveQuestionRow>('live_questions').where({ id }).first();
      return row ? { ...toLiveQuestion(row), hidden: toBool(row.hidden) } : undefined;
    },

    /** Sets the marks given on a question not hidden; the question as it is now, or undefined when there is no such question. */
    async setMarks(id: number, marks: { isHighlighted?: boolean; isAnswered?: boolean }): Promise<LiveQuestion | undefined> {
      const patch: Record<string, boolean> = {};
      if (marks.isHighlighted !== undefined) patch.is_highlighted = marks.isHighlighted;
      if (marks.isAnswered !== undefined) patch.is_answered = marks.isAnswered;
      const rows = await db<LiveQuestionRow>('live_questions').where({ id, hidden: false }).update(patch).returning('*');
      return rows[0] ? toLiveQuestion(rows[0] as LiveQuestionRow) : undefined;
    },

    /** Hides a question not hidden yet; the question, or undefined when there is no such (visible) question. */
    async hideQuestion(id: number): Promise<LiveQuestion | undefined> {
      const rows = await db<LiveQuestionRow>('live_questions').where({ id, hidden: false }).update({ hidden: true }).returning('*');
      return rows[0] ? toLiveQuestion(rows[0] as LiveQuestionRow) : undefined;
    },

    /** Holds back any other transaction going live until this one ends; SQLite's one connection already runs one at a time. */
    async lockGoingLive(): Promise<void> {
      if (isPostgres(db)) await db.raw('SELECT pg_advisory_xact_lock(?)', [GO_LIVE_LOCK_KEY]);
    },

    /** A live stream other than `exceptId`, or undefined. */
    async otherLive(exceptId: number): Promise<LiveStream | undefined> {
      const row = await db<LiveStreamRow>('live_streams').where('is_live', true).whereNot('id', exceptId).orderBy('id').first();
      return row ? toLiveStream(row) : undefined;
    },

    /** A new stream, not live, no viewers yet: its id. */
    async insertStream(fields: LiveStreamFieldsRow): Promise<number> {
      const rows = await db('live_streams')
        .insert({ ...fields, is_live: false, viewer_count: 0 })
        .returning('id');
      const first = rows[0] as { id: number | string } | number | string;
      return toNumber(typeof first === 'object' ? first.id : first);
    },

    /** Writes the fields (and `is_live` when given); false when there is no such stream. */
    async updateStream(id: number, fields: LiveStreamFieldsRow, isLive?: boolean): Promise<boolean> {
      const patch: Record<string, unknown> = { ...fields };
      if (isLive !== undefined) patch.is_live = isLive;
      return (await db('live_streams').where({ id }).update(patch)) > 0;
    },

    async createQuestion(input: { liveStreamId: number; askedBy: string; question: string }): Promise<LiveQuestion> {
      const rows = await db('live_questions')
        .insert({
          live_stream_id: input.liveStreamId,
          asked_by: input.askedBy,
          question: input.question,
          is_highlighted: false,
          is_answered: false,
          created_at: nowIso(),
        })
        .returning('*');
      return toLiveQuestion(rows[0] as LiveQuestionRow);
    },
  };
}
