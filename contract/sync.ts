import * as z from 'zod/mini';

// Queued writes delivered together (docs/decisions/020-queued-writes-in-one-request.md): the
// outbox sends its waiting writes in order in one request, each with its own Idempotency-Key, and
// the server applies them one after another through the same routes as when they come alone.

/** Where a batch goes. */
export const SYNC_BATCH_PATH = '/api/sync/batch';

/** The most writes one batch carries; the outbox sends more as several batches, in order. */
export const SYNC_BATCH_MAX = 100;

/** What the Idempotency-Key header of a single write may be (api/middleware/idempotency.ts). */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{1,100}$/;

export const syncWriteSchema = /* @__PURE__ */ z.object({
  /** The write's own Idempotency-Key: the outbox entry's id. */
  key: /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.regex(IDEMPOTENCY_KEY, 'key must be 1-100 letters, digits or -_.:')),
  method: /* @__PURE__ */ z.enum(['POST', 'PUT', 'PATCH', 'DELETE'], { message: 'method must be POST, PUT, PATCH or DELETE' }),
  /** The API path (and query) the write would be sent to alone, e.g. `/api/bookmarks`. */
  path: /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.maxLength(500, 'path is too long'), /* @__PURE__ */ z.regex(/^\/api\//, 'path must start with /api/')),
  /** Its JSON body; absent when the write sends none. */
  body: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.unknown()),
});
export type SyncWrite = z.infer<typeof syncWriteSchema>;

export const syncBatchInputSchema = /* @__PURE__ */ z.object({
  writes: /* @__PURE__ */ z
    .array(syncWriteSchema)
    .check(/* @__PURE__ */ z.minLength(1, 'writes must hold at least one write'), /* @__PURE__ */ z.maxLength(SYNC_BATCH_MAX, `writes can hold at most ${SYNC_BATCH_MAX} writes`)),
});
export type SyncBatchInput = z.infer<typeof syncBatchInputSchema>;

/**
 * One write's answer, as it would have come alone: its status and JSON body (`{message}` for a
 * refusal). `retryAfter` is its Retry-After header; `replayed` says the answer is the one stored
 * for its key (the write had already been applied).
 */
export const syncResultSchema = /* @__PURE__ */ z.object({
  key: /* @__PURE__ */ z.string(),
  status: /* @__PURE__ */ z.number(),
  body: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.unknown()),
  retryAfter: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  replayed: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.boolean()),
});
export type SyncResult = z.infer<typeof syncResultSchema>;

/**
 * The batch's answer: one result per write, in order, up to the first that says "later" (no
 * answer kept: 5xx, 401, 408, 429, or a 409 with Retry-After); the writes after it were not run.
 */
export const syncBatchAnswerSchema = /* @__PURE__ */ z.object({ results: /* @__PURE__ */ z.array(syncResultSchema) });
export type SyncBatchAnswer = z.infer<typeof syncBatchAnswerSchema>;

/** Whether a write's answer stops the batch there: the server kept no answer, so it and everything after it are sent again later. */
export function isRetryLater(status: number, retryAfter: string | undefined): boolean {
  return status >= 500 || status === 401 || status === 408 || status === 429 || (status === 409 && retryAfter !== undefined);
}
