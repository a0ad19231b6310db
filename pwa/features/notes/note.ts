/**
 * A private note, kept on this device only (docs/product.md#private-notes); `id` is
 * `note-{contentType}-{contentId}`. Its rows are in the device database's `notes` table
 * (api/notes-store.ts).
 */
export interface Note {
  id: string;
  contentType: 'video' | 'blog';
  contentId: number;
  text: string;
  updatedAt: string;
  /** The video's or article's title when the note was written (the notes page lists notes by it); not indexed. */
  title?: string;
}

/** The page a note belongs to, as a path of this site. */
export const notePath = (note: Pick<Note, 'contentType' | 'contentId'>) => (note.contentType === 'video' ? `/watch/${note.contentId}` : `/blog/${note.contentId}`);

/** The note's heading: the title saved with it, or what it is about when it was saved without one. */
export const noteTitle = (note: Pick<Note, 'contentType' | 'contentId' | 'title'>) =>
  note.title?.trim() || (note.contentType === 'video' ? `Video ${note.contentId}` : `Article ${note.contentId}`);
