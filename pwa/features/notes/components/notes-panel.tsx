import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Trash2 } from 'lucide-react';
import { ConfirmDialog } from '#pwa/components/ui/confirm-dialog';
import { deleteNote, noteKey, saveNote, useNote, type NoteContentType } from '../api/notes-store';
import { formatNumber } from '#pwa/lib/format';

export interface NotesPanelProps {
  contentType: NoteContentType;
  contentId: number;
  /** The video's or article's title, to say what the note is about. */
  title?: string;
  /** Id for the 'Your Notes' heading, when a dialog around the panel is named by it. */
  headingId?: string;
  /** Inside a dialog: leaves room for the dialog's close button. */
  inDialog?: boolean;
  className?: string;
}

/** How long typing must pause before the note is written (the last keystrokes are flushed anyway). */
export const NOTE_SAVE_DELAY = 400;

/**
 * 'Your Notes': a private note on this video or article, kept on this device only (IndexedDB),
 * for signed-in and signed-out readers alike. One editor per note: a new note key gets a fresh one.
 */
export function NotesPanel(props: NotesPanelProps) {
  return <NotesEditor key={noteKey(props.contentType, props.contentId)} {...props} />;
}

type Status = 'idle' | 'saving' | 'saved' | 'deleted' | 'error';

/**
 * IndexedDB writes are asynchronous, and one started while the page unloads (reload, tab closed)
 * may never commit. So each keystroke is also kept synchronously in localStorage until IndexedDB
 * has that text; an editor that finds such a journal on opening restores it and saves it.
 */
const JOURNAL_PREFIX = 'unsaved-note:';

function journalStore(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const journal = {
  read(key: string): string | null {
    try {
      return journalStore()?.getItem(JOURNAL_PREFIX + key) ?? null;
    } catch {
      return null;
    }
  },
  write(key: string, text: string): void {
    try {
      journalStore()?.setItem(JOURNAL_PREFIX + key, text);
    } catch {
      // Storage full or disabled: the debounced IndexedDB write still runs.
    }
  },
  /** Forgets the journal once IndexedDB holds `text` (or always, without it). */
  clear(key: string, text?: string): void {
    try {
      const store = journalStore();
      if (text === undefined || store?.getItem(JOURNAL_PREFIX + key) === text) store?.removeItem(JOURNAL_PREFIX + key);
    } catch {
      // Nothing to clear.
    }
  },
};

function NotesEditor({ contentType, contentId, title, headingId, inDialog = false, className = '' }: NotesPanelProps) {
  const ownId = useId();
  const fieldId = `${ownId}-field`;
  const countId = `${ownId}-count`;
  const key = noteKey(contentType, contentId);
  const stored = useNote(contentType, contentId);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [confirming, setConfirming] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  // Text typed but not yet handed to IndexedDB (null: nothing waiting), and the debounce timer.
  const unsaved = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // updatedAt of our own last write, so the live query does not echo it back into the field.
  const ownWrite = useRef<string | null>(null);
  const loaded = useRef(false);

  const write = useCallback(
    (value: string) => {
      setStatus('saving');
      saveNote(contentType, contentId, value, undefined, title).then(
        (note) => {
          journal.clear(key, value);
          ownWrite.current = note?.updatedAt ?? null;
          if (unsaved.current === null) setStatus(note ? 'saved' : 'idle');
        },
        () => setStatus('error'),
      );
    },
    [contentType, contentId, key, title],
  );

  // Show the stored note when it loads (or text typed just before the page went away, which
  // never reached IndexedDB), and later changes made elsewhere (another tab or panel), unless the
  // user is in the middle of typing here.
  useEffect(() => {
    if (stored === undefined) return;
    const firstLoad = !loaded.current;
    loaded.current = true;
    if (firstLoad) {
      const recovered = journal.read(key);
      if (recovered !== null && recovered !== (stored?.text ?? '')) {
        setText(recovered);
        write(recovered);
        return;
      }
      journal.clear(key);
    }
    if (unsaved.current !== null) return;
    if (!firstLoad && (stored?.updatedAt ?? null) === ownWrite.current) return;
    // A blank field is "no note": keep the user's spaces rather than wiping them under the cursor.
    setText((current) => (stored === null && !current.trim() ? current : (stored?.text ?? '')));
  }, [stored, key, write]);

  /** Writes what is waiting now: on pause, unmount (route change), pagehide, and when the tab is hidden. */
  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const value = unsaved.current;
    if (value === null) return;
    unsaved.current = null;
    write(value);
  }, [write]);

  useEffect(() => {
    const onHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHidden);
      flush();
    };
  }, [flush]);

  const onChange = (value: string) => {
    setText(value);
    journal.write(key, value);
    setStatus('saving');
    unsaved.current = value;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(flush, NOTE_SAVE_DELAY);
  };

  const confirmDelete = () => {
    setConfirming(false);
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    unsaved.current = null;
    journal.clear(key);
    setText('');
    setStatus('saving');
    deleteNote(contentType, contentId).then(
      () => {
        ownWrite.current = null;
        setStatus('deleted');
      },
      () => setStatus('error'),
    );
    textareaRef.current?.focus();
  };

  const hasNote = text.trim().length > 0 || !!stored;
  const count = text.length;

  return (
    <section className={`card border border-base-300 bg-base-100 ${className}`}>
      <div className="card-body gap-3 p-4 sm:p-5">
        <div className={`flex flex-wrap items-center justify-between gap-2 ${inDialog ? 'pr-10' : ''}`}>
          <h2 id={headingId} className="text-lg font-bold">
            <label htmlFor={fieldId}>Your Notes</label>
          </h2>
          {hasNote ? (
            <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => setConfirming(true)}>
              <Trash2 aria-hidden="true" className="size-4" /> Delete note
            </button>
          ) : null}
        </div>
        <p className="text-sm text-base-content/75">
          Private to you and saved on this device only{title ? <> — your thoughts on “{title}”.</> : '.'}
        </p>
        <textarea
          ref={textareaRef}
          id={fieldId}
          className="textarea reading-scaled min-h-40 w-full text-[calc(1rem*var(--reading-scale,1))]"
          value={text}
          onChange={(event) => onChange(event.target.value)}
          onBlur={flush}
          placeholder="Write your thoughts, questions and verses to look up…"
          aria-describedby={countId}
          disabled={stored === undefined}
        />
        <div className="flex items-center justify-between gap-2 text-sm text-base-content/75">
          <span id={countId}>
            {formatNumber(count)} {count === 1 ? 'character' : 'characters'}
          </span>
          <span role="status" aria-live="polite" className={status === 'error' ? 'text-error' : ''}>
            {status === 'saving' ? 'Saving…' : status === 'saved' ? 'Saved' : status === 'deleted' ? 'Note deleted' : status === 'error' ? 'Could not save on this device. Keep this page open and try again.' : ''}
          </span>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete note"
        message="Are you sure you want to delete this note?"
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
