const listeners = new Set<() => void>();

/** Calls `listener` whenever this process queues a message (once its transaction has committed). */
export function onMailQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Wakes this process's sender (api/modules/mail/mail.sender.ts). */
export function notifyMailQueued(): void {
  for (const listener of listeners) listener();
}
