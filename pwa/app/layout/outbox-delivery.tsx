import { useQueryClient } from '@tanstack/react-query';
import { useOutboxDelivery } from '#pwa/offline/use-outbox';
import { applyWorkerDeliveries } from './apply-delivered';

/** Runs outbox delivery; a component of its own so IndexedDB code loads after the first paint. */
export default function OutboxDelivery() {
  const queryClient = useQueryClient();
  useOutboxDelivery((userId) => void applyWorkerDeliveries(queryClient, userId, true).catch(() => undefined));
  return null;
}
