import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Dialog } from './dialog';

/** A page with a button that opens a non-modal dialog of two controls (the phone menu's shape). */
function Page({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open menu
      </button>
      <button type="button">Behind</button>
      <Dialog
        open={open}
        onClose={() => {
          setOpen(false);
          onClose();
        }}
        labelledBy="title"
        closeLabel="Close menu"
        modal={false}
      >
        <h2 id="title">Menu</h2>
        <a href="/videos">Videos</a>
        <a href="/blog">Blog</a>
      </Dialog>
    </>
  );
}

/** A non-modal dialog with a confirmation (a modal) opened from inside it (the post's notes' shape). */
function NotesWithConfirmation({ onClose = () => undefined }: { onClose?: () => void }) {
  const [open, setOpen] = useState(true);
  const [confirming, setConfirming] = useState(false);
  return (
    <Dialog
      open={open}
      onClose={() => {
        setOpen(false);
        onClose();
      }}
      labelledBy="notes"
      closeLabel="Close notes"
      modal={false}
    >
      <h2 id="notes">Your Notes</h2>
      <button type="button" onClick={() => setConfirming(true)}>
        Delete
      </button>
      <Dialog open={confirming} onClose={() => setConfirming(false)} labelledBy="confirm">
        <h2 id="confirm">Delete this note?</h2>
        <button type="button">Keep it</button>
      </Dialog>
    </Dialog>
  );
}

describe('a dialog opened without showModal (modal={false})', () => {
  test('is announced as modal, starts at its title, and keeps Tab and Shift+Tab inside', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Menu' }));

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Videos' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Blog' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close menu' }));
    // Past the last control, back to the first: never to the page behind.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Videos' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close menu' }));
  });

  test('closes on Escape and gives focus back to what opened it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open menu' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Menu' }) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    await user.keyboard('{Escape}');
    expect(dialog.open).toBe(false);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(opener);
  });

  test('answers Escape and Tab when focus has left it: Tab comes back in, Escape closes it', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Menu' }) as HTMLDialogElement;
    act(() => (document.activeElement as HTMLElement).blur());
    expect(document.activeElement).toBe(document.body);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Videos' }));
    act(() => (document.activeElement as HTMLElement).blur());
    await user.keyboard('{Escape}');
    expect(dialog.open).toBe(false);
  });

  test('leaves the keys of a dialog opened inside it to that dialog: Escape there does not close both', async () => {
    const user = userEvent.setup();
    render(<NotesWithConfirmation />);
    const notes = screen.getByRole('dialog', { name: 'Your Notes' }) as HTMLDialogElement;
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    screen.getByRole('button', { name: 'Keep it' }).focus();
    await user.keyboard('{Escape}');
    expect(notes.open).toBe(true);
  });

  test('stays open when a dialog opened inside it closes', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<NotesWithConfirmation onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this note?' }) as HTMLDialogElement;
    expect(confirm.open).toBe(true);
    act(() => confirm.close());
    expect(confirm.open).toBe(false);
    expect((screen.getByRole('dialog', { name: 'Your Notes' }) as HTMLDialogElement).open).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
  });
});
