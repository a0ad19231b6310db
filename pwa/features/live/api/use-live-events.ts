import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { loadExport } from '#pwa/lib/lazy-part';

// The connection's code (live-events.ts) is asked for once the page has rendered, not with it: a
// reader's first load of /live-qa goes without it (docs/decisions/005-what-loads-first.md).
const loadFollowLiveEvents = loadExport(() => import('./live-events'), 'followLiveEvents');

/**
 * While mounted (in the browser), the page follows the server live on one connection: the live
 * stream's questions and viewers (`streamId`), or with nothing live (null) the site-wide events;
 * either way, what is live and upcoming is read again as soon as the desk changes a stream (and
 * on every open, so nothing said while the code was coming is missed).
 * `undefined` (not known yet) opens nothing. Returns the live viewer count (pages watching now),
 * or null until the server has sent one: the stream's stored `viewerCount` is shown meanwhile. It
 * is kept apart from the stream's saved answer, which a refetch would otherwise put back over it.
 */
export function useLiveEvents(streamId: number | null | undefined): number | null {
  const queryClient = useQueryClient();
  const [viewers, setViewers] = useState<{ streamId: number; count: number } | null>(null);
  useEffect(() => {
    if (streamId === undefined) return;
    let stop: (() => void) | null = null;
    let stopped = false;
    void loadFollowLiveEvents().then((followLiveEvents) => {
      if (stopped) return;
      stop = followLiveEvents(queryClient, streamId, (count) => {
        if (streamId !== null) setViewers({ streamId, count });
      });
    });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [queryClient, streamId]);
  return streamId != null && viewers?.streamId === streamId ? viewers.count : null;
}
