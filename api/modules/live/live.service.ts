import type { CreateQuestionInput, LiveQuestion, LiveStream, ModerateQuestionInput } from '#contract';
import type { Db } from '#api/db';
import { AppError, badRequest, notFound } from '#api/errors';
import { nowIso } from '#api/lib/convert';
import type { EventBus } from '#api/lib/event-bus';
import { liveRepo, type LiveQueries, type LiveStreamFieldsRow, type QuestionState } from './live.repo';

const STREAM_NOT_FOUND = 'That live stream does not exist.';
const QUESTION_NOT_FOUND = 'That question does not exist.';

/** A stream as the desk means it, its link already read down to the YouTube id (live.routes.ts). */
export interface LiveStreamFields {
  title: string;
  description?: string | null | undefined;
  youtubeId: string | null;
  scheduledFor: string;
}

/** The row of `fields`, its time normalised to UTC (so SQLite's text compares in order). */
const rowOf = (fields: LiveStreamFields): LiveStreamFieldsRow => ({
  title: fields.title,
  description: fields.description || null,
  youtube_id: fields.youtubeId,
  scheduled_for: new Date(fields.scheduledFor).toISOString(),
});

function alreadyLive(other: LiveStream): AppError {
  return new AppError(409, `"${other.title}" is live now. End it before going live with another stream.`, { liveStream: other });
}

async function load(tx: LiveQueries, id: number): Promise<LiveStream> {
  const stream = await tx.findStream(id);
  if (!stream) throw notFound(STREAM_NOT_FOUND);
  return stream;
}

/**
 * Live Q&A is public: anyone may read streams and questions and ask a question under a name;
 * editors mark questions highlighted or answered, and schedule, edit, start and end streams. Every
 * change is published on `events`, so each open page hears of it and every process drops the
 * answers it cached (live-event-streams.ts, docs/decisions/012-live-events.md).
 */
export function liveService(db: Db, events: EventBus) {
  const repo = liveRepo(db);
  /** A change that was saved but could not be announced is not the caller's failure: pages catch up when they reconnect. */
  const announce = async (question: Pick<LiveQuestion, 'id' | 'liveStreamId'>) => {
    try {
      await events.publish({ kind: 'question', streamId: question.liveStreamId, questionId: question.id });
    } catch (err) {
      console.error('[events] could not publish a question change', err);
    }
  };
  /** A stream saved by the desk: every open /live-qa reads what is live and upcoming again, at once. */
  const announceStream = async (stream: LiveStream) => {
    try {
      await events.publish({ kind: 'stream', streamId: stream.id });
    } catch (err) {
      console.error('[events] could not publish a stream change', err);
    }
    return stream;
  };
  return {
    current(): Promise<LiveStream | null> {
      return repo.current();
    },

    upcoming(): Promise<LiveStream[]> {
      return repo.upcoming(nowIso());
    },

    /** Highlighted first, then newest first, a page at a time (after the question `before`). */
    async questions(streamId: number, { limit, before }: { limit: number; before?: number | undefined }): Promise<LiveQuestion[]> {
      if (!(await repo.findStream(streamId))) throw notFound(STREAM_NOT_FOUND);
      const page = await repo.questions(streamId, { limit, before });
      if (!page) throw badRequest('before must be the id of a question on this stream');
      return page;
    },

    /** Adds a question; a queued replay is de-duplicated by its Idempotency-Key, not here. */
    async ask(data: CreateQuestionInput): Promise<LiveQuestion> {
      if (!(await repo.findStream(data.liveStreamId))) throw notFound(STREAM_NOT_FOUND);
      const question = await repo.createQuestion(data);
      await announce(question);
      return question;
    },

    /** Sets a question's highlighted/answered marks (the route lets editors only); 404 when there is no such question. */
    async moderate(questionId: number, marks: ModerateQuestionInput): Promise<LiveQuestion> {
      const question = await repo.setMarks(questionId, marks);
      if (!question) throw notFound(QUESTION_NOT_FOUND);
      await announce(question);
      return question;
    },

    /**
     * An editor hides a question: no list shows it from now on, and every open page drops it (an
     * event on the bus). 404 when there is no such question, or it is hidden already.
     */
    async hide(questionId: number): Promise<void> {
      const question = await repo.hideQuestion(questionId);
      if (!question) throw notFound(QUESTION_NOT_FOUND);
      await announce(question);
    },

    /** The desk schedules a stream: not live, no viewers. */
    async createStream(fields: LiveStreamFields): Promise<LiveStream> {
      return announceStream(await repo.transaction(async (tx) => load(tx, await tx.insertStream(rowOf(fields)))));
    },

    /**
     * The desk's edit, whole, and "Go live" (`isLive` true) or "End stream" (false). At most one
     * stream is live: going live while another is refuses with 409 naming it; goings-live are
     * serialised, so two at once cannot both pass. 404 when there is no such stream.
     */
    async updateStream(id: number, fields: LiveStreamFields, isLive?: boolean): Promise<LiveStream> {
      const saved = await repo.transaction(async (tx) => {
        if (isLive) await tx.lockGoingLive();
        await load(tx, id);
        if (isLive) {
          const other = await tx.otherLive(id);
          if (other) throw alreadyLive(other);
        }
        await tx.updateStream(id, rowOf(fields), isLive);
        return load(tx, id);
      });
      return announceStream(saved);
    },

    /** A question as it is now, with whether it is hidden (what an event about it carries), or undefined. */
    findQuestion(id: number): Promise<QuestionState | undefined> {
      return repo.findQuestion(id);
    },

    /** The stream, or 404 when there is none. */
    async requireStream(id: number): Promise<LiveStream> {
      const stream = await repo.findStream(id);
      if (!stream) throw notFound(STREAM_NOT_FOUND);
      return stream;
    },
  };
}

export type LiveService = ReturnType<typeof liveService>;
