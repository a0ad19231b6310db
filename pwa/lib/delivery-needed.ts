/**
 * A signal with no dependencies, so the layout can wait on it without loading IndexedDB code: the
 * reader has queued a write. The app's reaction to delivery (refreshing what a write touched,
 * putting the server's answer in the cache, the failure toast) normally loads once the page has
 * settled; a write made before then is delivered at once, so that reaction must load now too,
 * or the screen shows the server's state from before the write until it does.
 */
let signal: (() => void) | null = null;
const needed = new Promise<void>((resolve) => {
  signal = resolve;
});

export function deliveryNeeded(): void {
  signal?.();
  signal = null;
}

export function whenDeliveryNeeded(): Promise<void> {
  return needed;
}
