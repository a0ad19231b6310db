export interface NotesPanelProps {
  contentType: 'video' | 'blog';
  contentId: number;
  title?: string;
}

export function NotesPanel(_props: NotesPanelProps) {
  return (
    <section aria-labelledby="notes-heading" className="card bg-base-200 p-4">
      <h2 id="notes-heading" className="text-lg font-bold">
        Your Notes
      </h2>
    </section>
  );
}
