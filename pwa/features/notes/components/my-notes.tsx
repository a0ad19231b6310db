import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Download, NotebookPen, Trash2 } from 'lucide-react';
import { ConfirmDialog } from '#pwa/components/ui/confirm-dialog';
import { SearchInput } from '#pwa/components/ui/search-input';
import { useToast } from '#pwa/components/ui/toast';
import { formatDate } from '#pwa/lib/format';
import type { Note } from '#pwa/features/notes/note';
import { deleteNote, useAllNotes } from '../api/notes-store';
import { notePath, noteTitle } from '#pwa/features/notes/note';
import { exportFileName, exportMarkdown, notesToMarkdown } from '../notes-export';
import { LoadingBlock } from '#pwa/components/ui/loading-block';

export const NO_NOTES = 'No notes yet. What you write in “Your Notes” beside a video or an article shows up here.';
const EXCERPT_LENGTH = 180;

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH).trimEnd()}…` : flat;
}

/** Every word of the search in the note's title or text, in any case. */
function matches(note: Note, query: string): boolean {
  const haystack = `${noteTitle(note)}\n${note.text}`.toLocaleLowerCase();
  return query
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/**
 * /notes, 'My Notes': every note on this device, newest first, with its video's or article's
 * title, its date and the start of its text; searchable, each opening its page, each deletable
 * after the same question as in the panel, and all of them exportable as one Markdown file.
 */
export function MyNotes() {
  const notes = useAllNotes();
  const [query, setQuery] = useState('');
  const [deleting, setDeleting] = useState<Note | null>(null);
  const { toast } = useToast();
  const shown = useMemo(() => (notes ?? []).filter((note) => matches(note, query)), [notes, query]);

  const exportAll = async () => {
    if (!notes?.length) return;
    const outcome = await exportMarkdown(notesToMarkdown(notes, window.location.origin), exportFileName());
    if (outcome === 'failed') toast({ title: 'Export failed', description: 'Your notes could not be saved as a file on this device.', variant: 'destructive' });
  };

  const confirmDelete = async () => {
    const note = deleting;
    setDeleting(null);
    if (!note) return;
    try {
      await deleteNote(note.contentType, note.contentId);
    } catch {
      toast({ title: 'Could not delete the note', description: 'Please try again.', variant: 'destructive' });
    }
  };

  if (notes === undefined) {
    return <LoadingBlock label="Loading notes" />;
  }
  if (notes.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-box bg-base-200 px-6 py-12 text-center">
        <NotebookPen aria-hidden="true" className="size-10 opacity-60" />
        <p className="max-w-md">{NO_NOTES}</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchInput value={query} onValueChange={setQuery} placeholder="Search your notes" aria-label="Search your notes" boxClassName="w-full sm:max-w-md" />
        <button type="button" className="btn btn-outline sm:ml-auto" onClick={() => void exportAll()}>
          <Download aria-hidden="true" className="size-4" />
          Export notes
        </button>
      </div>
      <p className="text-sm text-base-content/75" role="status">
        {query.trim() ? `${shown.length} of ${notes.length} ${notes.length === 1 ? 'note' : 'notes'}` : `${notes.length} ${notes.length === 1 ? 'note' : 'notes'} on this device`}
      </p>
      {shown.length === 0 ? (
        <p className="rounded-box bg-base-200 px-6 py-8 text-center">No notes match “{query.trim()}”.</p>
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Notes">
          {shown.map((note) => (
            <li key={note.id} className="card border border-base-300 bg-base-100">
              <div className="card-body gap-2 p-5">
                <div className="flex items-start gap-3">
                  <h2 className="card-title min-w-0 flex-1 text-lg">
                    <Link to={notePath(note)} className="link-hover link">
                      {noteTitle(note)}
                    </Link>
                  </h2>
                  <button type="button" className="btn btn-ghost btn-sm btn-square" aria-label={`Delete the note on ${noteTitle(note)}`} onClick={() => setDeleting(note)}>
                    <Trash2 aria-hidden="true" className="size-4" />
                  </button>
                </div>
                <p className="text-sm text-base-content/75">
                  {note.contentType === 'video' ? 'Video' : 'Article'} · <time dateTime={note.updatedAt}>{formatDate(note.updatedAt)}</time>
                </p>
                <p className="whitespace-pre-line break-words">{excerpt(note.text)}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete note"
        message="Are you sure you want to delete this note?"
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
