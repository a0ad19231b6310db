import { createContext, useContext } from 'react';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  /** The toast's text under the title. */
  description?: string;
  /** `destructive` for failures: error colours, announced assertively (role=alert). */
  variant?: ToastVariant;
  /** Milliseconds before it goes away by itself; paused while hovered or focused. */
  duration?: number;
}

export interface ToastApi {
  /** Shows a toast, replacing the one on screen (one toast at a time, docs/product.md#limits). Returns its id. */
  toast: (input: ToastInput) => number;
  /** Dismisses the toast with this id, or the current one. */
  dismiss: (id?: number) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

/**
 * Where toasts render. A modal <dialog> sits in the browser's top layer and makes the rest of
 * the page inert, so a toast in <body> would be hidden behind it and never announced; an open
 * modal registers itself here and the toast renders inside it until it closes.
 */
export const ToastHostContext = createContext<((element: HTMLElement) => () => void) | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used within a ToastProvider');
  return api;
}
