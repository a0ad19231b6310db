/**
 * One user write waiting for the server: data only. `kind` names its definition in the write
 * registry (write-registry.ts) and `body` holds its variables; the request, its words and what
 * it refreshes are looked up by kind when needed, so no UI text or query key is ever stored.
 * The variables carry the absolute intended state (never a toggle), so replaying it any number
 * of times ends in the same place; `id` is sent as the Idempotency-Key, so the server answers a
 * replay with its first answer.
 */
export interface OutboxEntry {
  /** Insertion order: entries are delivered strictly in this order. */
  seq?: number;
  /** Client UUID, sent as Idempotency-Key. */
  id: string;
  /** Whose write this is: only that user's session may deliver it. */
  userId: number;
  /** The registered kind of write, e.g. 'bookmark.save'. */
  kind: string;
  /** Its variables, checked against the kind's schema when queued and before each send. */
  body: unknown;
  createdAt: string;
  attempts: number;
  /** 'pending' until delivered (then removed) or refused by the server ('failed', kept for the user). */
  status: 'pending' | 'failed';
  /** Do not try before this time (ms since epoch): backoff after network errors, 5xx, 408, 429. */
  nextAttemptAt: number;
  lastError?: string;
  lastStatus?: number;
}
