import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { answerSchema, apiFetch } from './api-client';

/**
 * Counts one view per visit of a content page, once its item has loaded (a missing one is not
 * counted): POST `path(id)`, which answers the new total, then shows that total in the item's
 * cached answer under `queryKey(id)`. The ref survives React StrictMode's second effect run, so
 * development does not count twice; a new visit mounts a new page and counts again. Fire and
 * forget: a view is not a user write, so it is not queued in the outbox; offline or on any
 * error it is simply not counted.
 */
export function useCountViewOnce(id: number | undefined, path: (id: number) => string, queryKey: (id: number) => QueryKey): void {
  // `path` and `queryKey` are module-level functions in the callers, so they never change.
  const queryClient = useQueryClient();
  const counted = useRef<number | null>(null);
  useEffect(() => {
    if (id === undefined || counted.current === id) return;
    counted.current = id;
    apiFetch(path(id), { method: 'POST', schema: answerSchema('videoViews') }).then(
      ({ views }) => queryClient.setQueryData<{ views: number }>(queryKey(id), (item) => (item ? { ...item, views } : item)),
      () => undefined,
    );
  }, [id, path, queryKey, queryClient]);
}
