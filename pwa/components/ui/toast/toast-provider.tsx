import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { ToastContext, ToastHostContext, type ToastApi, type ToastInput } from './toast-context';

export const DEFAULT_TOAST_DURATION = 5000;

interface ShownToast extends ToastInput {
  id: number;
}

/** Holds the one visible toast; a new toast replaces the current one. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [hosts, setHosts] = useState<HTMLElement[]>([]);
  const lastId = useRef(0);

  const toast = useCallback((input: ToastInput) => {
    lastId.current += 1;
    const id = lastId.current;
    setCurrent({ ...input, id });
    return id;
  }, []);
  const dismiss = useCallback((id?: number) => {
    setCurrent((shown) => (shown && (id === undefined || shown.id === id) ? null : shown));
  }, []);
  const api = useMemo<ToastApi>(() => ({ toast, dismiss }), [toast, dismiss]);

  const registerHost = useCallback((element: HTMLElement) => {
    setHosts((list) => [...list, element]);
    return () => setHosts((list) => list.filter((e) => e !== element));
  }, []);

  return (
    <ToastContext value={api}>
      <ToastHostContext value={registerHost}>
        {children}
        <ToastViewport toast={current} onDismiss={dismiss} container={hosts.at(-1)} />
      </ToastHostContext>
    </ToastContext>
  );
}

/**
 * Two live regions that always exist (screen readers announce changes to regions already in the
 * page): polite `status` for confirmations, assertive `alert` for failures.
 */
function ToastViewport({ toast, onDismiss, container }: { toast: ShownToast | null; onDismiss: (id?: number) => void; container: HTMLElement | undefined }) {
  const destructive = toast?.variant === 'destructive';
  const item = toast ? <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} /> : null;
  const viewport = (
    // Phones: at the top, clear of the thumb, the keyboard and a bottom-sheet dialog's buttons.
    <div className="pointer-events-none fixed inset-x-3 top-3 z-[1100] flex flex-col items-center sm:inset-x-auto sm:top-auto sm:right-4 sm:bottom-4 sm:items-end">
      <div role="status" aria-live="polite" aria-atomic="true" className="w-full sm:w-auto">
        {destructive ? null : item}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true" className="w-full sm:w-auto">
        {destructive ? item : null}
      </div>
    </div>
  );
  return typeof document === 'undefined' ? viewport : createPortal(viewport, container ?? document.body);
}

function ToastItem({ toast, onDismiss }: { toast: ShownToast; onDismiss: (id?: number) => void }) {
  const [paused, setPaused] = useState(false);
  const duration = toast.duration ?? DEFAULT_TOAST_DURATION;

  useEffect(() => {
    if (paused || duration <= 0 || !Number.isFinite(duration)) return;
    const timer = setTimeout(() => onDismiss(toast.id), duration);
    return () => clearTimeout(timer);
  }, [paused, duration, toast.id, onDismiss]);

  const destructive = toast.variant === 'destructive';
  return (
    <div
      data-testid="toast"
      data-variant={toast.variant ?? 'default'}
      className={[
        'pointer-events-auto flex w-full items-start gap-3 rounded-box border p-4 shadow-lg sm:w-96',
        destructive ? 'border-error bg-error text-error-content' : 'border-base-300 bg-base-100 text-base-content',
      ].join(' ')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm break-words opacity-90">{toast.description}</p> : null}
      </div>
      <button type="button" className="btn btn-ghost btn-sm btn-square -mt-1 -mr-2 text-current" aria-label="Dismiss notification" onClick={() => onDismiss(toast.id)}>
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
