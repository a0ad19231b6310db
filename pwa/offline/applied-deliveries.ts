/**
 * Recorded deliveries (outbox.ts, readUnappliedDeliveries) this page has put into its query cache
 * and the saved cache does not hold yet. The persister forgets them in the same IndexedDB
 * transaction that saves the cache, so a page closed in between applies them again at next start,
 * and none is ever lost between "applied in memory" and "saved".
 */
const applied = new Set<string>();

export function noteApplied(entryId: string): void {
  applied.add(entryId);
}

/** The ids noted so far, cleared here; `putBack` them if saving failed. */
export function takeApplied(): { ids: ReadonlySet<string>; putBack: () => void } {
  const ids = new Set(applied);
  applied.clear();
  return { ids, putBack: () => ids.forEach((id) => applied.add(id)) };
}

const saveSoonListeners = new Set<() => void>();

/**
 * A delivered write's answer is about to go into the query cache: the saved cache should take it
 * at once rather than after the persister's throttle, since the reader may reload or close the app
 * right after a write has synced.
 */
export function saveSoon(): void {
  for (const listener of saveSoonListeners) listener();
}

/** The persister's side of `saveSoon`; returns the function that stops listening. */
export function onSaveSoon(listener: () => void): () => void {
  saveSoonListeners.add(listener);
  return () => saveSoonListeners.delete(listener);
}
