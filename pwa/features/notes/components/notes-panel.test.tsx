import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { appDb } from '#pwa/offline';
import { noteKey, notesTable, saveNote } from '../api/notes-store';
import { NotesButton } from './notes-button';
import { NotesPanel } from './notes-panel';

const KEY = noteKey('video', 3);
const stored = () => notesTable().get(KEY);
const field = () => screen.getByLabelText('Your Notes') as HTMLTextAreaElement;

beforeEach(async () => {
  if (!appDb.isOpen()) await appDb.open();
  await notesTable().clear();
});

async function renderPanel() {
  const user = userEvent.setup();
  const view = render(<NotesPanel contentType="video" contentId={3} title="The Minimal Facts" />);
  await waitFor(() => expect(field().disabled).toBe(false));
  return { user, ...view };
}

describe('NotesPanel', () => {
  test("is labelled 'Your Notes', counts characters and saves to the device after a pause in typing", async () => {
    const { user } = await renderPanel();
    expect(screen.getByRole('heading', { name: 'Your Notes' })).toBeTruthy();
    await user.type(field(), 'Read 1 Cor 15');
    expect(screen.getByText('13 characters')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Saving…');
    // Debounced: nothing written while typing, the note is there once typing pauses.
    expect(await stored()).toBeUndefined();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Saved'));
    const note = await stored();
    expect(note).toMatchObject({ id: 'note-video-3', contentType: 'video', contentId: 3, text: 'Read 1 Cor 15' });
    expect(new Date(note!.updatedAt).toISOString()).toBe(note!.updatedAt);
  });

  test('never loses the last keystrokes: unmounting (a route change) writes them at once', async () => {
    const { user, unmount } = await renderPanel();
    await user.type(field(), 'last words');
    unmount();
    await waitFor(async () => expect((await stored())?.text).toBe('last words'));
  });

  test('keystrokes typed just before the page went away (journalled synchronously) are restored and saved on the next visit', async () => {
    await saveNote('video', 3, 'Older text');
    localStorage.setItem('unsaved-note:note-video-3', 'Older text, and newer words');
    await renderPanel();
    await waitFor(() => expect(field().value).toBe('Older text, and newer words'));
    await waitFor(async () => expect((await stored())?.text).toBe('Older text, and newer words'));
    await waitFor(() => expect(localStorage.getItem('unsaved-note:note-video-3')).toBeNull());
  });

  test('writes what is waiting when the page is hidden', async () => {
    const { user } = await renderPanel();
    await user.type(field(), 'before switching apps');
    act(() => void window.dispatchEvent(new Event('pagehide')));
    await waitFor(async () => expect((await stored())?.text).toBe('before switching apps'));
  });

  test('shows the saved note, and a blank note is no note (the row is deleted)', async () => {
    await saveNote('video', 3, 'An earlier thought');
    const { user } = await renderPanel();
    await waitFor(() => expect(field().value).toBe('An earlier thought'));
    await user.clear(field());
    await user.type(field(), '   ');
    await waitFor(async () => expect(await stored()).toBeUndefined());
  });

  test("deletes only after the confirmation 'Are you sure you want to delete this note?'", async () => {
    await saveNote('video', 3, 'Keep or not');
    const { user } = await renderPanel();
    await user.click(screen.getByRole('button', { name: 'Delete note' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete note' });
    expect(within(dialog).getByText('Are you sure you want to delete this note?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete note' })).toBeNull());
    expect((await stored())?.text).toBe('Keep or not');
    expect(field().value).toBe('Keep or not');

    await user.click(screen.getByRole('button', { name: 'Delete note' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete note' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Note deleted'));
    expect(await stored()).toBeUndefined();
    expect(field().value).toBe('');
    expect(screen.queryByRole('button', { name: 'Delete note' })).toBeNull();
  });

  test('a write after the database connection was closed (iOS backgrounding) reopens it and keeps the note', async () => {
    appDb.close();
    await expect(notesTable().count()).rejects.toMatchObject({ name: 'DatabaseClosedError' });
    await saveNote('video', 3, 'after the app slept');
    expect((await stored())?.text).toBe('after the app slept');
  });
});

describe('NotesButton', () => {
  test('opens the notes in a dialog and closing it keeps what was typed', async () => {
    const user = userEvent.setup();
    render(<NotesButton contentType="blog" contentId={5} title="Why context is key" />);
    await user.click(screen.getByRole('button', { name: 'Notes' }));
    const dialog = screen.getByRole('dialog', { name: 'Your Notes' });
    const textarea = within(dialog).getByLabelText('Your Notes') as HTMLTextAreaElement;
    await waitFor(() => expect(textarea.disabled).toBe(false));
    await user.type(textarea, 'John 1:1');
    await user.click(within(dialog).getByRole('button', { name: 'Close notes' }));
    await waitFor(async () => expect((await notesTable().get(noteKey('blog', 5)))?.text).toBe('John 1:1'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notes (you have a note here)' })).toBeTruthy());
  });
});
