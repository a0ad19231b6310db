import { notesTable, withReopen } from './api/notes-store';
import { exportFileName, exportMarkdown, notesToMarkdown, type ExportOutcome, type ExportPlatform } from './notes-export';

/**
 * Every note on this device as the one Markdown file `/notes` exports (docs/product.md#private-notes),
 * for a page other than the notes' own: the account's deletion offers it first. 'empty' when there
 * are no notes (nothing is saved).
 */
export async function exportAllNotes(platform?: ExportPlatform): Promise<ExportOutcome | 'empty'> {
  const notes = await withReopen(() => notesTable().toArray());
  if (!notes.length) return 'empty';
  return exportMarkdown(notesToMarkdown(notes, window.location.origin), exportFileName(), platform);
}
