import { useContext, useEffect, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';
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
  children: ReactNode;
}

/**
 * A daisyUI modal on the native <dialog>: showModal() traps focus and makes the page behind it
 * inert, Escape closes it, and focus goes back to what had it before it opened.
 */
export function Dialog({ open, onClose, labelledBy, placement = 'middle', boxClassName = '', closeLabel = 'Close', children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const registerToastHost = useContext(ToastHostContext);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
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
  }, [open, labelledBy]);

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog || !registerToastHost) return;
    return registerToastHost(dialog);
  }, [open, registerToastHost]);

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
    if (target?.isConnected && (document.activeElement === document.body || ref.current?.contains(document.activeElement))) target.focus();
    onClose();
  };

  return (
    <dialog ref={ref} className={`modal ${placement === 'end' ? 'modal-end' : 'modal-bottom sm:modal-middle'}`} aria-labelledby={labelledBy} onClose={handleClose}>
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
}
