import { useId } from 'react';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, in the words the user must read (e.g. the product's (docs/product.md) confirmation text). */
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  /** Called when it closes without confirming: Cancel, Escape, the close button, the backdrop. */
  onCancel: () => void;
}

/** An accessible confirmation (a modal alert dialog on the native <dialog>), instead of window.confirm. */
export function ConfirmDialog({ open, title, message, confirmLabel, cancelLabel = 'Cancel', onConfirm, onCancel }: ConfirmDialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  return (
    <Dialog open={open} onClose={onCancel} labelledBy={titleId} boxClassName="max-w-md">
      <h2 id={titleId} className="pr-8 text-lg font-bold">
        {title}
      </h2>
      <p className="mt-3">{message}</p>
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className="btn btn-error" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
