import { useOutboxDelivery } from '#pwa/offline';

/** Runs outbox delivery; a component of its own so IndexedDB code loads after the first paint. */
export default function OutboxDelivery() {
  useOutboxDelivery();
  return null;
}
