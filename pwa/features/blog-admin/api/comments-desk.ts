import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { REPORTED_COMMENTS_LIMIT_DEFAULT, reportedCommentSchema, type ReportedComment } from '#contract/comment-moderation';
import { apiFetch, withQuery } from '#pwa/lib/api-client';
import { privateKey } from '#pwa/lib/query-client';

/**
 * The desk's reported comments: the signed-in editor's (private: dropped when they sign out).
 * The public comment lists start with 'comments' (features/comments' `commentKeys.all`; features
 * never import each other, so it is named here again): a hidden comment leaves them too.
 */
export const commentsDeskKeys = {
  reported: (userId: number) => [...privateKey(userId), 'desk', 'reported-comments'] as const,
  publicComments: ['comments'] as const,
};

/** GET /api/comments/reported: reported comments that are not hidden, most reported first (editors only). */
export const getReportedComments = (signal?: AbortSignal) =>
  apiFetch(withQuery('/api/comments/reported', { limit: REPORTED_COMMENTS_LIMIT_DEFAULT }), { schema: z.array(reportedCommentSchema), signal });

export const useReportedComments = (userId: number) => useQuery({ queryKey: commentsDeskKeys.reported(userId), queryFn: ({ signal }) => getReportedComments(signal) });

/** PUT /api/comments/{id}/hidden {hidden: true}: "Hide", the comment is gone for everyone. */
export async function hideReportedComment(id: number): Promise<void> {
  await apiFetch(`/api/comments/${id}/hidden`, { method: 'PUT', body: { hidden: true } });
}

/** DELETE /api/comments/{id}/reports: "Dismiss", the comment stays up and its reports are cleared. */
export async function dismissReports(id: number): Promise<void> {
  await apiFetch(`/api/comments/${id}/reports`, { method: 'DELETE' });
}

/** Hide or dismiss: either way the comment leaves the queue at once; the refetch confirms it. */
export function useModerateReported(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ comment, action }: { comment: ReportedComment; action: 'hide' | 'dismiss' }) =>
      action === 'hide' ? hideReportedComment(comment.id) : dismissReports(comment.id),
    onSuccess: (_data, { comment }) =>
      queryClient.setQueryData<ReportedComment[]>(commentsDeskKeys.reported(userId), (list) => list?.filter((c) => c.id !== comment.id)),
    onSettled: async (_data, _error, { action }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: commentsDeskKeys.reported(userId) }),
        action === 'hide' ? queryClient.invalidateQueries({ queryKey: commentsDeskKeys.publicComments }) : undefined,
      ]);
    },
  });
}
