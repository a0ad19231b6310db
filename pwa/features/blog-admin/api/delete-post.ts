import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '#pwa/lib/api-client';
import { blogAdminKeys } from './keys';

/** DELETE /api/blog/{id}: the post goes, with the bookmarks, progress and comments that point at it. */
export async function deletePost(id: number): Promise<void> {
  await apiFetch(`/api/blog/${id}`, { method: 'DELETE' });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.blogRoot }),
  });
}
