import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { HeartsInfo } from '../../../../contract/content.js';
import { useToast } from '../../../components/ui/toast';
import { openAuthDialog } from '../../../lib/auth-dialog';
import { useUser } from '../../../lib/session';
import type { OutboxEntry } from '../../../offline/db';
import { outbox } from '../../../offline/outbox';
import { useOutboxActions, useOutboxSubject, useOutboxWrite } from '../../../offline/use-outbox';
import { devotionalKeys } from './keys';

export const HEART_KIND = 'heart.set';
export const HEART_FAILED = 'Failed to heart devotional. Please try again.';
export const UNHEART_FAILED = 'Failed to remove heart. Please try again.';

export const heartSubject = (devotionalId: number) => `heart:${devotionalId}`;

/** The state a queued heart write asks for: POST hearts, DELETE removes. */
const intendedBy = (entry: OutboxEntry): boolean => entry.method === 'POST';

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
  const pending = entries.filter((e) => e.status === 'pending');
  const last = entries.at(-1);
  const failed = last?.status === 'failed' ? last : undefined;
  const base = server ?? { isHearted: false, count: undefined };
  const lastPending = pending.at(-1);
  if (!lastPending || failed) return { isHearted: base.isHearted, count: server?.count, pending: false, failed };
  const isHearted = intendedBy(lastPending);
  const count = server === undefined ? undefined : isHearted === server.isHearted ? server.count : Math.max(0, server.count + (isHearted ? 1 : -1));
  return { isHearted, count, pending: true, failed: undefined };
}

/**
 * Hearting and un-hearting the devotional. Signed out: a destructive 'Sign in required' toast,
 * the auth dialog, and no call. Signed in: the absolute intended state goes into the outbox
 * (POST or DELETE /api/devotional/{id}/heart with {userId}); it shows at once, is delivered now
 * or when the connection returns, and the hearts query is refreshed after delivery. A newer
 * choice supersedes a refused one, which is then dropped.
 */
export function useHeartDevotional(devotionalId: number, devotionalTitle: string) {
  const { user } = useUser();
  const { toast } = useToast();
  const queryClient = useQueryClient();
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
      const queryKey = devotionalKeys.hearts(devotionalId, userId);
      for (const entry of entries ?? []) if (entry.status === 'failed') await outbox.discard(entry.id);
      // The cached answer becomes the intended state too, so the count does not flick back in the
      // moment between delivery (entry removed) and the refreshed answer arriving. Done before
      // queuing, so the refetch that follows delivery is never the one cancelled here.
      await queryClient.cancelQueries({ queryKey });
      queryClient.setQueryData<HeartsInfo>(queryKey, (old) =>
        old && old.isHearted !== hearted ? { isHearted: hearted, count: Math.max(0, old.count + (hearted ? 1 : -1)) } : old,
      );
      await write({
        userId,
        subject: heartSubject(devotionalId),
        kind: HEART_KIND,
        replacesEarlier: true,
        method: hearted ? 'POST' : 'DELETE',
        path: `/api/devotional/${devotionalId}/heart`,
        body: { userId },
        invalidate: [[...queryKey]],
        failureMessage: hearted ? HEART_FAILED : UNHEART_FAILED,
        label: hearted ? `Heart "${devotionalTitle}"` : `Remove heart from "${devotionalTitle}"`,
      });
      if (hearted) toast({ title: '💖 Devotional hearted!', description: 'Thank you for the encouragement!' });
    },
    [userId, devotionalId, devotionalTitle, entries, write, queryClient, toast],
  );

  const actions = useOutboxActions();
  const retry = useCallback((entry: OutboxEntry) => actions.retry(entry.id), [actions]);
  const dismiss = useCallback((entry: OutboxEntry) => actions.discard(entry.id), [actions]);

  return { entries, setHearted, retry, dismiss };
}
