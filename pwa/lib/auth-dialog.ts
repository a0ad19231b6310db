/**
 * The auth dialog opens on a global `openAuthDialog` window event (docs/product.md#layout), so any feature can
 * ask for a sign-in (comment prompt, heart prompt) without importing the auth feature.
 * `new Event('openAuthDialog')` works too and shows the Sign Up tab.
 */
export const OPEN_AUTH_DIALOG_EVENT = 'openAuthDialog';

export type AuthTab = 'signup' | 'login';

export function openAuthDialog(tab?: AuthTab): void {
  window.dispatchEvent(new CustomEvent<{ tab?: AuthTab }>(OPEN_AUTH_DIALOG_EVENT, { detail: { tab } }));
}

/** Calls `listener` with the requested tab (if any) each time the event fires; returns the unsubscribe. */
export function onOpenAuthDialog(listener: (tab: AuthTab | undefined) => void): () => void {
  const handle = (event: Event) => {
    const detail = event instanceof CustomEvent ? (event.detail as { tab?: unknown } | null) : null;
    const tab = detail?.tab === 'login' || detail?.tab === 'signup' ? detail.tab : undefined;
    listener(tab);
  };
  window.addEventListener(OPEN_AUTH_DIALOG_EVENT, handle);
  return () => window.removeEventListener(OPEN_AUTH_DIALOG_EVENT, handle);
}
