import { useOutboxDelivery } from '../../offline/use-outbox';
import { applyDelivered } from './apply-delivered';

/** Runs outbox delivery; a component of its own so IndexedDB code loads after the first paint. */
export default function OutboxDelivery() {
  useOutboxDelivery(applyDelivered);
  return null;
}
