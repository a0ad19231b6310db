import { useCallback } from 'react';
import type { HeartsInfo } from '#contract/content';
import { useToast } from '#pwa/components/ui/toast';
import { openAuthDialog } from '#pwa/lib/auth-dialog';
import { useUser } from '#pwa/lib/session';
import { outbox, type OutboxEntry, queuedWrites, useOutboxActions, useOutboxSubject, useOutboxWrite } from '#pwa/offline';
import { heartSubject, setHeartWrite } from './writes';

export interface HeartView {
  /** What the reader sees: the server's answer with their queued (not yet delivered) choice applied. */
  isHearted: boolean;
  /** Undefined while the count is unknown (loading, or the hearts call failed). */
  count: number | undefined;
  /** A write is queued and not yet confirmed by the server. */
  pending: boolean;
  /** The latest write was refused by the server: its message, for the reader to retry or dismiss. */
  failed: OutboxEntry | undefined;
}

/**
 * Lays the reader's queued heart writes over the server's hearts info. The last pending entry is
 * the intended state; the count moves by one when that differs from what the server last said.
 * A refused (failed) write is not applied: the server's state stands and the failure is shown.
 */
export function heartView(server: HeartsInfo | undefined, entries: OutboxEntry[]): HeartView {
  const pending = queuedWrites(setHeartWrite, entries).filter((e) => e.status === 'pending');
  const last = entries.at(-1);
  const failed = last?.status === 'failed' ? last : undefined;
  const base = server ?? { isHearted: false, count: undefined };
  const lastPending = pending.at(-1);
  if (!lastPending || failed) return { isHearted: base.isHearted, count: server?.count, pending: false, failed };
  const isHearted = lastPending.vars.hearted;
  const count = server === undefined ? undefined : isHearted === server.isHearted ? server.count : Math.max(0, server.count + (isHearted ? 1 : -1));
  return { isHearted, count, pending: true, failed: undefined };
}

/**
 * Hearting and un-hearting the devotional. Signed out: a destructive 'Sign in required' toast,
 * the auth dialog, and no call. Signed in: the absolute intended state goes into the outbox
 * (setHeartWrite); it shows at once (heartView), is delivered now or when the connection returns,
 * and the server's answer goes into the hearts query on delivery. A newer choice supersedes a
 * refused one, which is then dropped.
 */
export function useHeartDevotional(devotionalId: number, devotionalTitle: string) {
  const { user } = useUser();
  const { toast } = useToast();
  const write = useOutboxWrite();
  const entries = useOutboxSubject(heartSubject(devotionalId));
  const userId = user?.id ?? null;

  const setHearted = useCallback(
    async (hearted: boolean) => {
      if (userId === null) {
        toast({ title: 'Sign in required', description: 'Please sign in to heart the daily devotional.', variant: 'destructive' });
        openAuthDialog();
        return;
      }
      for (const entry of entries ?? []) if (entry.status === 'failed') await outbox.discard(entry.id);
      await write(setHeartWrite, userId, { devotionalId, hearted, title: devotionalTitle });
      if (hearted) toast({ title: '💖 Devotional hearted!', description: 'Thank you for the encouragement!' });
    },
    [userId, devotionalId, devotionalTitle, entries, write, toast],
  );

  const actions = useOutboxActions();
  const retry = useCallback((entry: OutboxEntry) => actions.retry(entry.id), [actions]);
  const dismiss = useCallback((entry: OutboxEntry) => actions.discard(entry.id), [actions]);

  return { entries, setHearted, retry, dismiss };
}
