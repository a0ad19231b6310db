import Dexie, { type EntityTable } from 'dexie';
import type { OutboxEntry } from './outbox-entry';
import { fromVersion2Entry } from './outbox-upgrade';

export type { OutboxEntry };

/**
 * A row of the `notes` table as the database knows it (its keys). The table is the notes feature's
 * (features/notes/api/notes-store.ts reads and writes it with its own type); it is declared here
 * because a Dexie database has one version history, and its rows have lived in this database
 * since version 1 (docs/decisions/014-the-offline-engine.md).
 */
export interface StoredNote {
  id: string;
  updatedAt: string;
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
  notes!: EntityTable<StoredNote, 'id'>;
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

export const appDb = /* @__PURE__ */ new AppDatabase();
