import { useMutation, useQueryClient } from '@tanstack/react-query';
import { commentReportSchema, type Comment, type CommentReport } from '#contract';
import { apiFetch } from '#pwa/lib/api-client';
import { commentKeys, type CommentPages } from './comments';

/**
 * A reader's report, an author's delete and an editor's hide: online calls (not the outbox), so
 * the answer (409 already reported, 404 gone) is there to show at once. Each then refreshes the
 * comments of the content the comment is on.
 */

/** POST /api/comments/{id}/report: `reason` is left out when blank. 409 when this reader already reported it. */
export function reportComment(id: number, reason: string): Promise<CommentReport> {
  const trimmed = reason.trim();
  return apiFetch(`/api/comments/${id}/report`, { method: 'POST', body: trimmed ? { reason: trimmed } : {}, schema: commentReportSchema });
}

/** DELETE /api/comments/{id}: the author's own (or, on the API, an editor's). */
export async function deleteComment(id: number): Promise<void> {
  await apiFetch(`/api/comments/${id}`, { method: 'DELETE' });
}

/** PUT /api/comments/{id}/hidden: an editor hides the comment for everyone. */
export async function hideComment(id: number): Promise<void> {
  await apiFetch(`/api/comments/${id}/hidden`, { method: 'PUT', body: { hidden: true } });
}

/** Takes a deleted or hidden comment out of its list at once; the refetch that follows confirms it. */
function dropFromList(queryClient: ReturnType<typeof useQueryClient>, comment: Comment) {
  queryClient.setQueryData<CommentPages>(commentKeys.list(comment.contentType, comment.contentId), (data) =>
    data ? { ...data, pages: data.pages.map((page) => page.filter((c) => c.id !== comment.id)) } : data,
  );
}

export function useReportComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ comment, reason }: { comment: Comment; reason: string }) => reportComment(comment.id, reason),
    onSettled: (_data, _error, { comment }) => queryClient.invalidateQueries({ queryKey: commentKeys.list(comment.contentType, comment.contentId) }),
  });
}

/** Delete (the author) or hide (an editor): either way the comment leaves the list for everyone. */
export function useRemoveComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ comment, how }: { comment: Comment; how: 'delete' | 'hide' }) => (how === 'delete' ? deleteComment(comment.id) : hideComment(comment.id)),
    onSuccess: (_data, { comment }) => dropFromList(queryClient, comment),
    onSettled: (_data, _error, { comment }) => queryClient.invalidateQueries({ queryKey: commentKeys.list(comment.contentType, comment.contentId) }),
  });
}
