import { useId, useState } from 'react';
import { NotebookPen } from 'lucide-react';
import { Dialog } from '#pwa/components/ui/dialog';
import { useNote, type NoteContentType } from '../api/notes-store';
import { NotesPanel } from './notes-panel';

export interface NotesButtonProps {
  contentType: NoteContentType;
  contentId: number;
  title?: string;
}

/** Opens 'Your Notes' for this item in a dialog (the blog post's notes button); marks that a note exists. */
export function NotesButton({ contentType, contentId, title }: NotesButtonProps) {
  const [open, setOpen] = useState(false);
  const headingId = `${useId()}-notes`;
  const note = useNote(contentType, contentId);
  return (
    <>
      <button type="button" className="btn btn-outline btn-sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <NotebookPen aria-hidden="true" className="size-4" />
        Notes
        {note ? (
          <>
            <span aria-hidden="true" className="size-2 rounded-full bg-primary" />
            <span className="sr-only">(you have a note here)</span>
          </>
        ) : null}
      </button>
      {/* Opened with show() (modal={false}), as the phone's menu: showModal() made the whole post inert,
          a restyle of every element of the page behind when the notes opened and again when they closed. */}
      <Dialog open={open} onClose={() => setOpen(false)} labelledBy={headingId} boxClassName="max-w-xl p-0" closeLabel="Close notes" modal={false}>
        {/* Mounted only while open: closing unmounts the editor, which writes any unsaved text. */}
        {open ? <NotesPanel contentType={contentType} contentId={contentId} headingId={headingId} inDialog className="border-0" {...(title !== undefined ? { title } : {})} /> : null}
      </Dialog>
    </>
  );
}
