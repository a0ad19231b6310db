import { NotebookPen } from 'lucide-react';

export interface NotesButtonProps {
  contentType: 'video' | 'blog';
  contentId: number;
}

export function NotesButton(_props: NotesButtonProps) {
  return (
    <button type="button" className="btn btn-outline btn-sm">
      <NotebookPen aria-hidden="true" className="size-4" /> Notes
    </button>
  );
}
