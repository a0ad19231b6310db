import { createQuestionInputSchema, questionsQuerySchema, type LiveQuestion, type LiveStream } from '../../../contract/index.js';
import type { Db } from '../../db.js';
import { badRequest, notFound } from '../../errors.js';
import { nowIso } from '../../lib/convert.js';
import { parseNumericParam } from '../content/ownership.js';
import { liveRepo } from './live.repo.js';

const STREAM_NOT_FOUND = 'That live stream does not exist.';

/** Live Q&A is public: anyone may read streams and questions and ask a question under a name. */
export function liveService(db: Db) {
  const repo = liveRepo(db);
  return {
    current(): Promise<LiveStream | null> {
      return repo.current();
    },

    upcoming(): Promise<LiveStream[]> {
      return repo.upcoming(nowIso());
    },

    /** Highlighted first, then newest first, a page at a time (after the question `before`). */
    async questions(streamIdParam: unknown, query: unknown = {}): Promise<LiveQuestion[]> {
      const id = parseNumericParam('id', streamIdParam);
      const { limit, before } = questionsQuerySchema.parse(query);
      if (!(await repo.findStream(id))) throw notFound(STREAM_NOT_FOUND);
      const page = await repo.questions(id, { limit, before });
      if (!page) throw badRequest('before must be the id of a question on this stream');
      return page;
    },

    /** Adds a question; a queued replay is de-duplicated by its Idempotency-Key, not here. */
    async ask(input: unknown): Promise<LiveQuestion> {
      const data = createQuestionInputSchema.parse(input);
      if (!(await repo.findStream(data.liveStreamId))) throw notFound(STREAM_NOT_FOUND);
      return repo.createQuestion(data);
    },
  };
}
