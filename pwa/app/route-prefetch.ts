import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
// A path's id by the API's own rule (a miss names no page: its not-found state, nothing fetched).
import { rowIdFromPath } from '#contract/row-id';

/**
 * Render-as-you-fetch: a route's loader starts the queries its page will ask for while the page's
 * own code is still downloading, instead of after it. Each prefetch imports the feature's query
 * options itself (small chunks the page shares), so none of this weighs on the first download.
 * Prefetching fills the same cache entries the page's `useQuery` reads; an answer already fresh
 * is not asked for again, and a failure is left for the page to show as it always does.
 */
export type Prefetch = (queryClient: QueryClient, args: LoaderFunctionArgs) => Promise<unknown>;

export const prefetchHome: Prefetch = async (queryClient) => {
  const [devotional, featuredVideo, popularVideos, featuredPost] = await Promise.all([
    import('../features/devotional/api/get-today-devotional'),
    import('../features/videos/api/get-featured-video'),
    import('../features/videos/api/get-popular-videos'),
    import('../features/blog/api/get-featured-post'),
  ]);
  return Promise.all([
    queryClient.prefetchQuery(devotional.todayDevotionalQueryOptions(devotional.localDate())),
    queryClient.prefetchQuery(featuredVideo.featuredVideoQueryOptions()),
    queryClient.prefetchQuery(popularVideos.popularVideosQueryOptions()),
    queryClient.prefetchQuery(featuredPost.featuredPostQueryOptions()),
  ]);
};

export const prefetchVideo: Prefetch = async (queryClient, { params }) => {
  const id = rowIdFromPath(params.id);
  if (id === null) return;
  const { videoQueryOptions } = await import('../features/videos/api/get-video');
  return queryClient.prefetchQuery(videoQueryOptions(id));
};

export const prefetchPost: Prefetch = async (queryClient, { params }) => {
  const id = rowIdFromPath(params.id);
  if (id === null) return;
  // The article's Markdown renderer too: the text can show as soon as both are in.
  const [{ postQueryOptions }, { preloadMarkdown }] = await Promise.all([
    import('../features/blog/api/get-post'),
    import('../features/blog/components/markdown-content'),
  ]);
  return Promise.all([queryClient.prefetchQuery(postQueryOptions(id)), preloadMarkdown()]);
};
