import type { Note } from './db';

/** The page a note belongs to, as a path of this site. */
export const notePath = (note: Pick<Note, 'contentType' | 'contentId'>) => (note.contentType === 'video' ? `/watch/${note.contentId}` : `/blog/${note.contentId}`);

/** The note's heading: the title saved with it, or what it is about when it was saved without one. */
export const noteTitle = (note: Pick<Note, 'contentType' | 'contentId' | 'title'>) =>
  note.title?.trim() || (note.contentType === 'video' ? `Video ${note.contentId}` : `Article ${note.contentId}`);
