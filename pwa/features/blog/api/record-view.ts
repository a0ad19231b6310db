import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { videoViewsSchema, type BlogPost } from '../../../../contract/content.js';
import { apiFetch } from '../../../lib/api-client';
import { blogKeys } from './keys';

/** POST /api/blog/{id}/views: counts one reading; answers the new total. */
export function recordView(id: number): Promise<{ id: number; views: number }> {
  return apiFetch(`/api/blog/${id}/views`, { method: 'POST', schema: videoViewsSchema });
}

/**
 * Counts one view per visit of a post page, once the post has loaded (a missing post is not
 * counted). Fire-and-forget: offline or on a server fault the reading simply is not counted.
 * The ref survives React StrictMode's second effect run, so development does not count twice;
 * a new visit mounts a new page and counts again. The page then shows the new total.
 */
export function useRecordView(id: number | undefined): void {
  const queryClient = useQueryClient();
  const counted = useRef<number | null>(null);
  useEffect(() => {
    if (id === undefined || counted.current === id) return;
    counted.current = id;
    recordView(id).then(
      ({ views }) => queryClient.setQueryData<BlogPost>(blogKeys.detail(id), (post) => (post ? { ...post, views } : post)),
      () => undefined,
    );
  }, [id, queryClient]);
}
