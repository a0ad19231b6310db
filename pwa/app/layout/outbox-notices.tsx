import { useEffect } from 'react';
import { flushSync } from 'react-dom';
import { useToast } from '#pwa/components/ui/toast';
import { openAuthDialog } from '#pwa/lib/auth-dialog';
import { useUser } from '#pwa/lib/session';
import { describeWrite, outboxEvents } from '#pwa/offline';

/**
 * What the reader is told about delivery: the failure toast of docs/product.md#messages-and-errors when the server refuses one of
 * their writes (its kind's words; nothing when none is shown), and, when their session has ended,
 * they are signed out on this device and asked to sign in (the queue is kept, and continues once
 * they have: docs/product.md#states-and-transitions). Mounted with the layout, not
 * deferred: it loads no IndexedDB code, and a refusal must never go unsaid.
 */
export function OutboxNotices() {
  const { user, setUser } = useUser();
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
          // Signed out first, committed at once: the dialog opens only for nobody signed in.
          flushSync(() => setUser(null));
          toast({ title: 'Sign in to sync', description: 'Your session has ended. Sign in again and your changes will be sent.', variant: 'destructive' });
          openAuthDialog('login');
        }
      }),
    [userId, toast, setUser],
  );
  return null;
}
