export { NotesPanel, type NotesPanelProps } from './components/notes-panel';
export { NotesButton, type NotesButtonProps } from './components/notes-button';
export { MyNotes } from './components/my-notes';
