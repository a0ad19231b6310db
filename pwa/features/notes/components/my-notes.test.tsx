import { screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { appDb } from '#pwa/offline';
import { renderWithProviders } from '#pwa/test/render';
import { notesTable, saveNote } from '../api/notes-store';
import { MyNotes, NO_NOTES } from './my-notes';

beforeEach(async () => {
  if (!appDb.isOpen()) await appDb.open();
  await notesTable().clear();
});

const renderNotes = () =>
  renderWithProviders(
    <MemoryRouter>
      <MyNotes />
    </MemoryRouter>,
  );
const items = () => within(screen.getByRole('list', { name: 'Notes' })).getAllByRole('listitem');

describe('MyNotes', () => {
  test('lists every note newest first, by the title saved with it, linked to its page, with an excerpt', async () => {
    await saveNote('video', 3, 'Genre first, then the flow of the book.', undefined, 'How to Read the Bible');
    await new Promise((r) => setTimeout(r, 5));
    await saveNote('blog', 8, 'The five facts most scholars grant.', undefined, 'The Minimal Facts');
    renderNotes();
    await waitFor(() => expect(items()).toHaveLength(2));
    const [first, second] = items();
    expect(within(first!).getByRole('link', { name: 'The Minimal Facts' }).getAttribute('href')).toBe('/blog/8');
    expect(within(second!).getByRole('link', { name: 'How to Read the Bible' }).getAttribute('href')).toBe('/watch/3');
    expect(second!.textContent).toContain('Genre first, then the flow of the book.');
    expect(screen.getByText('2 notes on this device')).toBeTruthy();
  });

  test('a later save without a title keeps the title saved before', async () => {
    await saveNote('video', 3, 'First', undefined, 'How to Read the Bible');
    await saveNote('video', 3, 'Second');
    expect((await notesTable().get('note-video-3'))?.title).toBe('How to Read the Bible');
  });

  test('search narrows the list by title or text, every word', async () => {
    await saveNote('video', 3, 'Genre first.', undefined, 'How to Read the Bible');
    await saveNote('blog', 8, 'Resurrection appearances.', undefined, 'The Minimal Facts');
    const user = userEvent.setup();
    renderNotes();
    await waitFor(() => expect(items()).toHaveLength(2));
    await user.type(screen.getByRole('searchbox', { name: 'Search your notes' }), 'minimal RESURRECTION');
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(screen.getByText('1 of 2 notes')).toBeTruthy();
    await user.clear(screen.getByRole('searchbox', { name: 'Search your notes' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search your notes' }), 'nothing like this');
    expect(await screen.findByText('No notes match “nothing like this”.')).toBeTruthy();
  });

  test('a note is deleted only after the same question as in the panel', async () => {
    await saveNote('video', 3, 'Keep or not', undefined, 'How to Read the Bible');
    const user = userEvent.setup();
    renderNotes();
    await waitFor(() => expect(items()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Delete the note on How to Read the Bible' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete note' });
    expect(dialog.textContent).toContain('Are you sure you want to delete this note?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await notesTable().count()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Delete the note on How to Read the Bible' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete note' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(NO_NOTES)).toBeTruthy();
    expect(await notesTable().count()).toBe(0);
  });

  test('with no notes it says where they come from, and offers no export', async () => {
    renderNotes();
    expect(await screen.findByText(NO_NOTES)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export notes' })).toBeNull();
  });
});
