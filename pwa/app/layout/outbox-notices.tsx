import { useEffect } from 'react';
import { useToast } from '#pwa/components/ui/toast';
import { openAuthDialog } from '#pwa/lib/auth-dialog';
import { useUser } from '#pwa/lib/session';
import { describeWrite, outboxEvents } from '#pwa/offline';

/**
 * What the reader is told about delivery: the failure toast of docs/product.md#messages-and-errors when the server refuses one of
 * their writes (its kind's words; nothing when none is shown), and a sign-in prompt when their
 * session has ended (the queue is kept and continues after it). Mounted with the layout, not
 * deferred: it loads no IndexedDB code, and a refusal must never go unsaid.
 */
export function OutboxNotices() {
  const { user } = useUser();
  const { toast } = useToast();
  const userId = user?.id ?? null;

  useEffect(
    () =>
      outboxEvents.on((event) => {
        if (!('entry' in event) || event.entry.userId !== userId) return;
        if (event.type === 'failed') {
          const { failureMessage } = describeWrite(event.entry);
          if (failureMessage) toast({ title: 'Error', description: failureMessage, variant: 'destructive' });
        } else if (event.type === 'auth-required') {
          toast({ title: 'Sign in to sync', description: 'Your session has ended. Sign in again and your changes will be sent.', variant: 'destructive' });
          openAuthDialog('login');
        }
      }),
    [userId, toast],
  );
  return null;
}
