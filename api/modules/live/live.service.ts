import type { CreateQuestionInput, LiveQuestion, LiveStream, ModerateQuestionInput } from '#contract';
import type { Db } from '#api/db';
import { badRequest, notFound } from '#api/errors';
import { nowIso } from '#api/lib/convert';
import type { EventBus } from '#api/lib/event-bus';
import { liveRepo } from './live.repo';

const STREAM_NOT_FOUND = 'That live stream does not exist.';
const QUESTION_NOT_FOUND = 'That question does not exist.';

/**
 * Live Q&A is public: anyone may read streams and questions and ask a question under a name;
 * editors mark questions highlighted or answered. Every change is published on `events`, so each
 * open page hears of it (live-event-streams.ts).
 */
export function liveService(db: Db, events: EventBus) {
  const repo = liveRepo(db);
  /** A change that was saved but could not be announced is not the caller's failure: pages catch up when they reconnect. */
  const announce = async (question: LiveQuestion) => {
    try {
      await events.publish({ kind: 'question', streamId: question.liveStreamId, questionId: question.id });
    } catch (err) {
      console.error('[events] could not publish a question change', err);
    }
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

    /** A question as it is now (what an event about it carries), or undefined. */
    findQuestion(id: number): Promise<LiveQuestion | undefined> {
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
