import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { editorPostSchema, postVersionSchema, postVersionSummarySchema, type EditorPost, type UpdateBlogPostInput } from '#contract/posts';
import { ApiError, apiFetch } from '#pwa/lib/api-client';
import { blogAdminKeys } from './keys';

/** GET /api/blog/{id}?status=all: the post as the desk edits it, whatever its state, with its version. */
export const usePostForEditing = (id: number | null) =>
  useQuery({
    queryKey: blogAdminKeys.editing(id ?? 0),
    queryFn: ({ signal }) => apiFetch(`/api/blog/${id}?status=all`, { schema: editorPostSchema, signal }),
    enabled: id !== null,
    // Always the server's current version when the form opens: an edit starts from it.
    staleTime: 0,
    gcTime: 0,
  });

/** PUT /api/blog/{id}: the edit, made from `version`; `key` as createPost's. */
export function updatePost({ id, body, key }: { id: number; body: UpdateBlogPostInput; key?: string }): Promise<EditorPost> {
  return apiFetch(`/api/blog/${id}`, { method: 'PUT', body, schema: editorPostSchema, ...(key ? { headers: { 'Idempotency-Key': key } } : {}) });
}

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: blogAdminKeys.blogRoot }),
  });
}

/** The post as it is now, when a save was refused because someone saved since (409), else null. */
export function changedSince(error: unknown): { message: string; post: EditorPost } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const parsed = editorPostSchema.safeParse((error.body as { post?: unknown } | null)?.post);
  return parsed.success ? { message: error.serverMessage ?? 'This post was changed since you opened it', post: parsed.data } : null;
}

/** GET /api/blog/{id}/versions: the last saves, newest first. */
export const usePostVersions = (id: number | null) =>
  useQuery({
    queryKey: blogAdminKeys.versions(id ?? 0),
    queryFn: ({ signal }) => apiFetch(`/api/blog/${id}/versions`, { schema: z.array(postVersionSummarySchema), signal }),
    enabled: id !== null,
    staleTime: 0,
  });

/** GET /api/blog/{id}/versions/{version}: one save, whole, to restore into the form. */
export const getPostVersion = (id: number, version: number) => apiFetch(`/api/blog/${id}/versions/${version}`, { schema: postVersionSchema });
