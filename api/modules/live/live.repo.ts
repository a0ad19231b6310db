import { isRowId, type LiveQuestion, type LiveStream } from '#contract';
import type { Db } from '#api/db';
import { nowIso, toBool, toIso, toIsoOrNull, toNumber } from '#api/lib/convert';

interface LiveStreamRow {
  id: number | string;
  title: string;
  description: string | null;
  is_live: unknown;
  viewer_count: number | string;
  thumbnail_url: string | null;
  scheduled_for: unknown;
}

interface LiveQuestionRow {
  id: number | string;
  live_stream_id: number | string;
  asked_by: string;
  question: string;
  is_highlighted: unknown;
  is_answered: unknown;
  created_at: unknown;
}

function toLiveStream(row: LiveStreamRow): LiveStream {
  return {
    id: toNumber(row.id),
    title: row.title,
    description: row.description,
    isLive: toBool(row.is_live),
    viewerCount: toNumber(row.viewer_count),
    thumbnailUrl: row.thumbnail_url,
    scheduledFor: toIsoOrNull(row.scheduled_for),
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
      let query = db<LiveQuestionRow>('live_questions').where({ live_stream_id: liveStreamId });
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
    async findQuestion(id: number): Promise<LiveQuestion | undefined> {
      if (!isRowId(id)) return undefined;
      const row = await db<LiveQuestionRow>('live_questions').where({ id }).first();
      return row ? toLiveQuestion(row) : undefined;
    },

    /** Sets the marks given; the question as it is now, or undefined when there is no such question. */
    async setMarks(id: number, marks: { isHighlighted?: boolean; isAnswered?: boolean }): Promise<LiveQuestion | undefined> {
      const patch: Record<string, boolean> = {};
      if (marks.isHighlighted !== undefined) patch.is_highlighted = marks.isHighlighted;
      if (marks.isAnswered !== undefined) patch.is_answered = marks.isAnswered;
      const rows = await db<LiveQuestionRow>('live_questions').where({ id }).update(patch).returning('*');
      return rows[0] ? toLiveQuestion(rows[0] as LiveQuestionRow) : undefined;
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
