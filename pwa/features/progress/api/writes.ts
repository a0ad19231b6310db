import * as z from 'zod/mini';
import { contentTypeSchema, progressSchema, type Progress } from '#contract';
import { defineWrite } from '#pwa/offline';
import { progressKeys } from './progress';

export const PROGRESS_FAILURE = 'Failed to update progress. Please try again.';

/** The outbox subject of one item's completion: its queued entries say what the user intends now. */
export const progressSubject = (contentType: string, contentId: number) => `progress:${contentType}:${contentId}`;

/** Completed or not (the absolute state). While queued, the complete button and marks show `completed`. */
export const setProgressWrite = defineWrite({
  kind: 'progress.set',
  // `title` is for the sync centre's line only (older queued entries have none): never sent.
  schema: z.object({ contentType: contentTypeSchema, contentId: z.number(), completed: z.boolean(), title: z.optional(z.string()) }),
  subject: (v) => progressSubject(v.contentType, v.contentId),
  replacesEarlier: true,
  request: (v, userId) => ({
    method: 'POST',
    path: '/api/progress',
    body: { userId, contentType: v.contentType, contentId: v.contentId, completed: v.completed, progressPercent: v.completed ? 100 : 0 },
  }),
  label: (v) => `${v.completed ? 'Mark' : 'Unmark'} ${v.contentType === 'video' ? 'video' : 'article'} ${v.title === undefined ? v.contentId : `"${v.title}"`}${v.completed ? ' complete' : ''}`,
  failureMessage: () => PROGRESS_FAILURE,
  refreshes: (_v, userId) => [[...progressKeys.all(userId)]],
  // Into the check and list queries at once, so the mark never flickers back while the refetch runs.
  applyDelivered: (queryClient, _v, response) => {
    const saved = progressSchema.safeParse(response);
    if (!saved.success) return;
    const p: Progress = saved.data;
    queryClient.setQueryData(progressKeys.check(p.userId, p.contentType, p.contentId), { completed: p.completed });
    queryClient.setQueryData<Progress[]>(progressKeys.list(p.userId), (list) =>
      list ? [...list.filter((x) => !(x.contentType === p.contentType && x.contentId === p.contentId)), p] : list,
    );
  },
});
