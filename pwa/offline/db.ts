import Dexie, { type EntityTable } from 'dexie';
import type { OutboxEntry } from './outbox-entry';
import { fromVersion2Entry } from './outbox-upgrade';

export type { OutboxEntry };

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
