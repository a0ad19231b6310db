import type { QueryClient } from '@tanstack/react-query';
import { applyDeliveredBookmarkWrite } from '../../features/bookmarks/api/bookmark-view';
import { applyDeliveredComment } from '../../features/comments/api/comments';
import { applyDeliveredProgress } from '../../features/progress/api/progress';
import type { OutboxEntry } from '../../offline/db';
import { useOutboxDelivery } from '../../offline/use-outbox';

/**
 * Each feature's rule for putting a delivered write's answer into the cache. Applied here, for
 * every write, not by the screens showing it: a write delivered while its page is closed must
 * still change what is saved for offline.
 */
function applyDelivered(queryClient: QueryClient, entry: OutboxEntry, response: unknown): void {
  applyDeliveredProgress(queryClient, entry, response);
  applyDeliveredBookmarkWrite(queryClient, entry, response);
  applyDeliveredComment(queryClient, entry, response);
}

/** Runs outbox delivery; a component of its own so IndexedDB code loads after the first paint. */
export default function OutboxDelivery() {
  useOutboxDelivery(applyDelivered);
  return null;
}
