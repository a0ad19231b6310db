import { useLiveQuery } from 'dexie-react-hooks';
import { appDb, requestPersistentStorage, type AppDatabase } from '#pwa/offline';
import type { Note } from '../note';

export type NoteContentType = Note['contentType'];

/** The notes: a table of the device database (docs/decisions/014-the-offline-engine.md), this feature's rows. */
export const notesTable = (db: AppDatabase = appDb) => db.table<Note, string>('notes');

/** The storage key (docs/product.md#limits): note-{contentType}-{contentId}. */
export const noteKey = (contentType: NoteContentType, contentId: number) => `note-${contentType}-${contentId}`;

/**
 * iOS Safari (and sometimes Chrome) closes an IndexedDB connection while the app is in the
 * background: the next write then fails with "database connection is closing" (InvalidStateError,
 * surfaced by Dexie as DatabaseClosedError). Reopening and trying once more keeps the note.
 */
function isClosedConnection(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const inner = (error as { inner?: unknown }).inner;
  return (
    error.name === 'DatabaseClosedError' ||
    error.name === 'InvalidStateError' ||
    /connection is closing|database is closed|closed/i.test(error.message) ||
    (inner !== undefined && inner !== error && isClosedConnection(inner))
  );
}

export async function withReopen<T>(work: () => Promise<T>, db: AppDatabase = appDb): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isClosedConnection(error)) throw error;
    db.close({ disableAutoOpen: false });
    await db.open();
    return work();
  }
}

/**
 * Saves the note as typed (overwriting), or deletes it when the text is blank after trimming: a
 * note exists only when it says something (docs/product.md#private-notes). Device only: nothing is sent to a server.
 * `title` (the video's or article's) is kept with it for the notes page; without one, the title
 * saved before stays. Returns the stored note, or null when there is none.
 */
export async function saveNote(contentType: NoteContentType, contentId: number, text: string, db: AppDatabase = appDb, title?: string): Promise<Note | null> {
  const id = noteKey(contentType, contentId);
  if (!text.trim()) {
    await withReopen(() => notesTable(db).delete(id), db);
    return null;
  }
  const before = await withReopen(() => notesTable(db).get(id), db);
  const keptTitle = title?.trim() || before?.title;
  const note: Note = { id, contentType, contentId, text, updatedAt: new Date().toISOString(), ...(keptTitle ? { title: keptTitle } : {}) };
  const first = !before && (await withReopen(() => notesTable(db).count(), db)) === 0;
  await withReopen(() => notesTable(db).put(note), db);
  // Notes live only on this device: with the first one, ask the browser not to evict storage.
  if (first) void requestPersistentStorage();
  return note;
}

/** Every note on this device, newest first, live: undefined while reading. */
export function useAllNotes(): Note[] | undefined {
  return useLiveQuery(() => notesTable().orderBy('updatedAt').reverse().toArray(), []);
}

export async function deleteNote(contentType: NoteContentType, contentId: number, db: AppDatabase = appDb): Promise<void> {
  await withReopen(() => notesTable(db).delete(noteKey(contentType, contentId)), db);
}

/** The stored note, live (other tabs and panels included): undefined while reading, null when there is none. */
export function useNote(contentType: NoteContentType, contentId: number): Note | null | undefined {
  const id = noteKey(contentType, contentId);
  return useLiveQuery(async () => (await notesTable().get(id)) ?? null, [id]);
}
