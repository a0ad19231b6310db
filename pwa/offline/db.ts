import Dexie, { type EntityTable } from 'dexie';
import { fromVersion2Entry } from './outbox-upgrade';

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
    // Entries stop storing UI words and query keys: each is converted to its kind and variables.
    this.version(3)
      .stores({ outbox: '++seq, &id, status, userId' })
      .upgrade((tx) => tx.table('outbox').toCollection().modify((row: Record<string, unknown>, ref: { value: unknown }) => {
        ref.value = fromVersion2Entry(row);
      }));
  }
}

export const appDb = new AppDatabase();
