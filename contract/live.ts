import * as z from 'zod/mini';
import { idSchema, pageLimitSchema } from './common';
import './zod-locale';

export const ASKED_BY_MAX = 60;
export const QUESTION_MAX = 500;

export const liveStreamSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.nullable(z.string()),
  isLive: z.boolean(),
  viewerCount: z.number(),
  thumbnailUrl: z.nullable(z.string()),
  scheduledFor: z.nullable(z.string()),
  /** The YouTube video the stream plays; absent when it has none. */
  youtubeId: z.optional(z.nullable(z.string())),
});
export type LiveStream = z.infer<typeof liveStreamSchema>;

export const liveQuestionSchema = z.object({
  id: z.number(),
  liveStreamId: z.number(),
  askedBy: z.string(),
  question: z.string(),
  isHighlighted: z.boolean(),
  isAnswered: z.boolean(),
  createdAt: z.string(),
});
export type LiveQuestion = z.infer<typeof liveQuestionSchema>;

// The API's inputs below are marked `@__PURE__`: the browser never reads them, and a page that
// reads the streams' schemas (/live-qa) goes without them (docs/decisions/005-what-loads-first.md).
const BLANK_QUESTION = 'Please provide your name and question.';
/** A trimmed, non-blank text of at most `max` characters. */
const requiredText = (max: number, tooLong: string) => z.string({ message: BLANK_QUESTION }).check(z.trim(), z.minLength(1, BLANK_QUESTION), z.maxLength(max, tooLong));

export const createQuestionInputSchema = /* @__PURE__ */ z.object({
  liveStreamId: /* @__PURE__ */ idSchema('liveStreamId must be a numeric live stream id'),
  askedBy: /* @__PURE__ */ requiredText(ASKED_BY_MAX, `Name must be at most ${ASKED_BY_MAX} characters`),
  question: /* @__PURE__ */ requiredText(QUESTION_MAX, `A question can be at most ${QUESTION_MAX} characters`),
});
export type CreateQuestionInput = z.infer<typeof createQuestionInputSchema>;

/**
 * A stream's questions come a page at a time, highlighted first and then newest first: `limit` of
 * them, after the question `before` when given.
 */
export const QUESTIONS_LIMIT_DEFAULT = 50;
export const QUESTIONS_LIMIT_MAX = 100;
export const questionsQuerySchema = /* @__PURE__ */ z.object({
  limit: /* @__PURE__ */ pageLimitSchema(QUESTIONS_LIMIT_DEFAULT, QUESTIONS_LIMIT_MAX),
  before: /* @__PURE__ */ z.optional(/* @__PURE__ */ idSchema('before must be a numeric question id')),
});

/** PATCH /api/questions/{id} (editors only): set a question's marks; at least one of them. */
export const moderateQuestionInputSchema = /* @__PURE__ */ z
  .object({
    isHighlighted: z.optional(z.boolean({ message: 'isHighlighted must be true or false' })),
    isAnswered: z.optional(z.boolean({ message: 'isAnswered must be true or false' })),
  })
  .check(z.refine((v) => v.isHighlighted !== undefined || v.isAnswered !== undefined, 'Send isHighlighted or isAnswered'));
export type ModerateQuestionInput = z.infer<typeof moderateQuestionInputSchema>;

export { liveEventsPath, LIVE_EVENTS_PATH_PATTERN, LIVE_SITE_EVENTS_PATH } from './live-events';
export const liveViewersEventSchema = z.object({ count: z.number() });
export type LiveViewersEvent = z.infer<typeof liveViewersEventSchema>;
/** The `hidden` event: an editor hid the question `id`; every page drops it. */
export const liveHiddenEventSchema = z.object({ id: z.number(), liveStreamId: z.number() });
export type LiveHiddenEvent = z.infer<typeof liveHiddenEventSchema>;
/** The `stream-changed` event: the desk saved the stream `id`; what is live and upcoming may differ now. */
export const liveStreamChangedEventSchema = z.object({ id: z.number() });
