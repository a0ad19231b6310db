const listeners = new Set<() => void>();

/**
 * Calls `listener` whenever this process saves a post marked "Email subscribers when published"
 * that readers may see now (docs/decisions/017-newsletter-double-opt-in.md): the newsletter's job
 * sends it at once rather than at its next poll. Other processes find it at theirs.
 */
export function onPostsDue(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Wakes this process's newsletter job (api/modules/newsletter/newsletter.service.ts). */
export function notifyPostsDue(): void {
  for (const listener of listeners) listener();
}
