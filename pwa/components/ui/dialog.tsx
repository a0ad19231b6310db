import { useContext, useEffect, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { createPortal } from 'react-dom';
import { useHydrated } from '#pwa/lib/use-hydrated';
import { ToastHostContext } from './toast';

export interface DialogProps {
  open: boolean;
  /** Called however it closes: Escape, the close button, a click on the backdrop, or `open` turning false. */
  onClose: () => void;
  /** Id of the element (usually the heading) that names the dialog. */
  labelledBy: string;
  /** daisyUI placement: centred box, or a full-height sheet from the right (mobile menu). */
  placement?: 'middle' | 'end';
  boxClassName?: string;
  closeLabel?: string;
  /**
   * false: opened with show() rather than showModal(), for a dialog that must open and close at
   * once (the phone's menu, a post's notes). It still covers the page (daisyUI's .modal and its
   * backdrop), tells assistive technology it is modal (aria-modal), keeps Tab inside and closes on
   * Escape (heard anywhere in the page), but the page behind is not made inert: showModal()
   * restyles every element of the page when it opens and again when it closes, most of a menu tap's
   * time on a 4×-slowed phone (bench: interactions). Outside the top layer, it is rendered at the
   * end of <body> (a portal), above the page rather than inside the stacking context of whatever
   * holds it (the sticky header); once the page is hydrated, since the server renders no portal
   * (nothing can open it before then anyway). docs/decisions/023-dialogs-opened-often-leave-the-page-alone.md
   */
  modal?: boolean;
  children: ReactNode;
}

/** What Tab can reach inside a dialog, in order. */
const TABBABLE = ['a[href]', 'button:not([disabled])', 'input:not([disabled])', 'select:not([disabled])', 'textarea:not([disabled])', '[tabindex]']
  .map((selector) => `${selector}:not([tabindex="-1"])`)
  .join(', ');

/**
 * Tab and Shift+Tab wrap around inside `box`, as in a modal dialog. From the title (focused on
 * opening, not itself a stop) or from outside, Tab goes to the first control, Shift+Tab to the last.
 */
function keepTabInside(event: KeyboardEvent, box: HTMLElement): void {
  const tabbable = [...box.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.checkVisibility?.() ?? true);
  if (tabbable.length === 0) return;
  const at = tabbable.indexOf(document.activeElement as HTMLElement);
  const wrapTo = event.shiftKey ? (at <= 0 ? tabbable.length - 1 : null) : at === -1 || at === tabbable.length - 1 ? 0 : null;
  if (wrapTo === null) return;
  event.preventDefault();
  tabbable[wrapTo]!.focus();
}

/**
 * The title of the open dialog that holds `dialog` (a confirmation opened from the notes): where
 * focus goes back when what opened `dialog` is gone (the note it deleted), rather than to the page.
 */
function titleOfDialogAround(dialog: HTMLDialogElement | null): HTMLElement | null {
  const outer = dialog?.parentElement?.closest<HTMLDialogElement>('dialog[open]');
  const titleId = outer?.getAttribute('aria-labelledby');
  return titleId ? document.getElementById(titleId) : null;
}

export function Dialog({ open, onClose, labelledBy, placement = 'middle', boxClassName = '', closeLabel = 'Close', modal = true, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const registerToastHost = useContext(ToastHostContext);
  const hydrated = useHydrated();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (modal) dialog.showModal();
      else dialog.show();
      // Start at the title rather than the first control: screen readers read it, and a phone's
      // keyboard does not pop up for a dialog that opened by itself. Tab goes on to the controls.
      const title = document.getElementById(labelledBy);
      if (title && dialog.contains(title)) {
        title.tabIndex = -1;
        title.focus({ preventScroll: true });
      }
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open, labelledBy, modal]);

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog || !registerToastHost) return;
    return registerToastHost(dialog);
  }, [open, registerToastHost]);

  // showModal() does these itself; a dialog opened with show() does them here, for keys pressed
  // anywhere: focus may have left it (a confirmation opened from it closed, and the button that
  // opened that is gone), and Escape must still close it and Tab bring focus back into it. A dialog
  // opened from inside this one (a confirmation, a modal) handles its own keys.
  useEffect(() => {
    const dialog = ref.current;
    if (modal || !open || !dialog) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!dialog.open || event.defaultPrevented) return;
      const inDialog = event.target instanceof Element ? event.target.closest('dialog') : null;
      if (inDialog && inDialog !== dialog) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        dialog.close();
      } else if (event.key === 'Tab') {
        keepTabInside(event, dialog);
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, modal]);

  useEffect(
    () => () => {
      // Unmounted while open (e.g. the route changed): leave no invisible modal behind.
      if (ref.current?.open) ref.current.close();
    },
    [],
  );

  const handleClose = () => {
    const target = returnFocusTo.current;
    returnFocusTo.current = null;
    const focusWasHere = document.activeElement === document.body || ref.current?.contains(document.activeElement);
    if (target?.isConnected && focusWasHere) target.focus();
    else if (focusWasHere) titleOfDialogAround(ref.current)?.focus();
    onClose();
  };

  const dialog = (
    <dialog
      ref={ref}
      className={`modal ${placement === 'end' ? 'modal-end' : 'modal-bottom sm:modal-middle'}`}
      aria-labelledby={labelledBy}
      aria-modal={modal ? undefined : true}
      onClose={(event) => {
        // React passes a close event up its own tree, though the browser's does not bubble: a
        // dialog opened from inside this one (a confirmation) closing is not this one closing.
        if (event.target === event.currentTarget) handleClose();
      }}
    >
      <div className={`modal-box relative ${boxClassName}`}>
        {children}
        <form method="dialog" className="absolute top-3 right-3">
          <button type="submit" className="btn btn-ghost btn-sm btn-circle" aria-label={closeLabel}>
            <X aria-hidden="true" className="size-5" />
          </button>
        </form>
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" tabIndex={-1} aria-hidden="true">
          close
        </button>
      </form>
    </dialog>
  );
  if (modal) return dialog;
  return hydrated ? createPortal(dialog, document.body) : null;
}
