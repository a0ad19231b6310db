import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blogPostSchema, type BlogPost } from '#contract/content';
import { apiFetch } from '#pwa/lib/api-client';
import { blogAdminKeys } from './keys';

/** PUT /api/blog/{id}/featured: this post becomes the one featured post; any other loses the mark. */
export function featurePost(id: number): Promise<BlogPost> {
  return apiFetch(`/api/blog/${id}/featured`, { method: 'PUT', schema: blogPostSchema });
}

export function useFeaturePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: featurePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.blogRoot }),
  });
}
