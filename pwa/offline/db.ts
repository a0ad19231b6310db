import Dexie, { type EntityTable } from 'dexie';

/** A private note, kept on this device only (docs/product.md#private-notes); `id` is `note-{contentType}-{contentId}`. */
export interface Note {
  id: string;
  contentType: 'video' | 'blog';
  contentId: number;
  text: string;
  updatedAt: string;
  /** The video's or article's title when the note was written (the notes page lists notes by it); not indexed. */
  title?: string;
}

export type OutboxMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One user write waiting for the server. It carries the absolute intended state (never a
 * toggle), so replaying it any number of times ends in the same place; `id` is sent as the
 * Idempotency-Key, so the server answers a replay with its first answer.
 */
export interface OutboxEntry {
  /** Insertion order: entries are delivered strictly in this order. */
  seq?: number;
  /** Client UUID, sent as Idempotency-Key. */
  id: string;
  /** Whose write this is: only that user's session may deliver it. */
  userId: number;
  /** What the write is about, e.g. 'bookmark:video:3', 'heart:12', 'folder:{uuid}', 'comment:blog:5'. */
  subject: string;
  /** A kind for the UI (sync centre labels, pending marks), e.g. 'bookmark.save'. */
  kind: string;
  method: OutboxMethod;
  path: string;
  body?: unknown;
  createdAt: string;
  attempts: number;
  /** 'pending' until delivered (then removed) or refused by the server ('failed', kept for the user). */
  status: 'pending' | 'failed';
  /** Do not try before this time (ms since epoch): backoff after network errors, 5xx, 408, 429. */
  nextAttemptAt: number;
  lastError?: string;
  lastStatus?: number;
  /** Query keys to refresh once the server has it. */
  invalidate: unknown[][];
  /** The words of the failure toast (docs/product.md#messages-and-errors) for this kind of write. */
  failureMessage: string;
  /** A short human description for the sync centre, e.g. 'Bookmark "The Minimal Facts Case"'. */
  label: string;
  /**
   * The write sets the whole state of its subject (a bookmark, a completion, a heart, a folder), so
   * once it is delivered, earlier writes about the subject that the server refused are obsolete:
   * they are dropped and never again decide what the item shows. Not set for writes that add
   * something new each time (comments). Absent on entries queued by older versions: nothing of
   * theirs is dropped unless a newer write replaces it.
   */
  replacesEarlier?: boolean;
  /** What the UI needs to show the write before the server has it (e.g. a bookmark's title); never sent. */
  meta?: Record<string, unknown>;
}

/** Small facts shared by the page and the service worker, e.g. who is signed in (for Background Sync). */
export interface MetaRecord {
  key: string;
  value: unknown;
}

/** The persisted TanStack Query cache (one row), so what was seen once shows offline. */
export interface QueryCacheRecord {
  key: string;
  value: unknown;
}

export class AppDatabase extends Dexie {
  notes!: EntityTable<Note, 'id'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  meta!: EntityTable<MetaRecord, 'key'>;
  queryCache!: EntityTable<QueryCacheRecord, 'key'>;

  constructor(name = 'context-is-key') {
    super(name);
    // Add versions, never edit one: a changed store would be rebuilt and drop queued writes.
    this.version(1).stores({
      notes: 'id, updatedAt',
      outbox: '++seq, &id, status, subject, userId',
    });
    this.version(2).stores({
      meta: 'key',
      queryCache: 'key',
    });
  }
}

export const appDb = new AppDatabase();
