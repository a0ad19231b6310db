import { privateKey } from '#pwa/lib/query-client';

/**
 * Query keys of the devotional feature. Today's devotional is public and keyed by the reader's
 * local date. Hearts hold a signed-in reader's own `isHearted`, so theirs go under
 * `privateKey(userId)` (dropped on sign-out); a visitor's hearts (count only) are public.
 */
export const devotionalKeys = {
  all: ['devotional'] as const,
  today: (date: string) => [...devotionalKeys.all, 'today', date] as const,
  hearts: (devotionalId: number, userId: number | null) =>
    userId === null
      ? ([...devotionalKeys.all, devotionalId, 'hearts'] as const)
      : ([...privateKey(userId), 'devotional', devotionalId, 'hearts'] as const),
};
