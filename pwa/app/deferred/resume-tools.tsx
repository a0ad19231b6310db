import { Suspense, type ComponentProps } from 'react';
import { lazyExport } from '#pwa/lib/lazy-part';
import { afterHydrationLazy } from '#pwa/components/ui/after-hydration';

// Continue where you left off (docs/product.md#continue-where-you-left-off) lives on this device and shows nothing the server could
// render, so its code loads after the page's own: a post's reading position once the page is
// hydrated, the watch page's player glue beside the page (home's list: continue-slot.tsx). None of
// it is in a route's first download (posts and watch pages stay within their JavaScript budget).
const ResumablePlayerLazy = lazyExport(() => import('#pwa/features/resume/components/resumable-player'), 'ResumablePlayer');

/** Forgets where the reader stopped in an item now marked complete (the store loads then, not with the page). */
export function forgetPosition(kind: 'blog' | 'video', id: number): void {
  void import('#pwa/features/resume/resume-store').then((m) => m.clearPosition(kind, id));
}

/** Keeps and restores the reader's place in a post (renders nothing). */
export const ReadingPosition = afterHydrationLazy(() => import('#pwa/features/resume/components/reading-position'), 'ReadingPosition');

/** The video player that starts where this device stopped; the same black 16:9 box while its code loads. */
export function ResumablePlayer(props: ComponentProps<typeof ResumablePlayerLazy>) {
  return (
    <Suspense fallback={<div className="aspect-video w-full overflow-hidden rounded-box bg-black shadow-lg" />}>
      <ResumablePlayerLazy {...props} />
    </Suspense>
  );
}
