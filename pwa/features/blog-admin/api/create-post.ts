import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { blogPostSchema, type BlogPost } from '#contract/content';
import { createBlogPostInputSchema, importSubstackInputSchema } from '#contract/posts';
import { apiFetch } from '#pwa/lib/api-client';
import { blogAdminKeys } from './keys';

export type CreatePostBody =
  | { kind: 'create'; body: z.output<typeof createBlogPostInputSchema> }
  | { kind: 'import'; body: z.output<typeof importSubstackInputSchema> };

/**
 * POST /api/blog/create, or /api/blog/import-substack for a Substack post (kept external, with its
 * own publication date). Editors only (403 otherwise). A plain call, not the outbox: the editor is
 * there to see a refusal (a conflict, a bad field). `key` is the save's Idempotency-Key: a save
 * sent again after its answer was lost is answered once, never made twice.
 */
export function createPost(input: CreatePostBody & { key?: string }): Promise<BlogPost> {
  const path = input.kind === 'import' ? '/api/blog/import-substack' : '/api/blog/create';
  return apiFetch(path, { method: 'POST', body: input.body, schema: blogPostSchema, ...(input.key ? { headers: { 'Idempotency-Key': input.key } } : {}) });
}

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.blogRoot }),
  });
}
