import type { OutboxEntry } from './outbox-entry';

/** What delivery did; the one stream the app reacts to (cache, toasts, sign-in prompt, sync centre). */
export type OutboxEvent =
  | { type: 'synced'; entry: OutboxEntry; response: unknown }
  | { type: 'failed'; entry: OutboxEntry }
  | { type: 'auth-required'; entry: OutboxEntry }
  | { type: 'retrying'; entry: OutboxEntry }
  | { type: 'drained'; delivered: number };

/**
 * The outbox's one event emitter. It imports no IndexedDB code, so the app registers its
 * reactions at start-up with its query client (delivered.ts, reactToDeliveries), before any write can
 * be delivered: nothing is ever "missed". A 'synced' event is emitted before its entry leaves the
 * queue, so the cache holds the answer when the queued write disappears from the screen.
 */
export class OutboxEvents {
  private readonly listeners = new Set<(event: OutboxEvent) => void>();

  /** Returns the function that stops listening. */
  on(listener: (event: OutboxEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: OutboxEvent): void {
    for (const listener of [...this.listeners]) listener(event);
  }
}

export const outboxEvents = /* @__PURE__ */ new OutboxEvents();
