import { describe, expect, test } from 'vitest';
import { createMemoryRouter } from 'react-router-dom';
import type { Video } from '#contract/content';
import { videoQueryOptions } from '../features/videos/api/get-video';
import { createQueryClient } from '../lib/query-client';
import { json, mockFetch } from '../test/fetch';
import { routesWithPrefetch } from './router';

const video: Video = {
  id: 3,
  title: 'Reading Romans 9 in context',
  description: 'Paul, Israel and election.',
  category: 'bible-study',
  duration: '31:02',
  views: 812,
  publishedAt: '2025-03-04T12:00:00.000Z',
  youtubeId: 'abc123XYZ_0',
  isShort: false,
  featured: false,
};

/** Runs the router's loaders for `path` (the pages themselves are not rendered). */
async function navigate(path: string, shouldPrefetch = true) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routesWithPrefetch(queryClient, () => shouldPrefetch), { initialEntries: [path] });
  await router.initialize();
  // Let the prefetch's own imports and requests start.
  await new Promise((resolve) => setTimeout(resolve, 200));
  router.dispose();
  return queryClient;
}

describe('route loaders start a page\'s queries with its code', () => {
  test('home asks for today\'s devotional, the featured video and post and the popular videos', async () => {
    const requests = mockFetch(() => json(200, null));
    await navigate('/');
    const paths = requests.map((r) => r.path.split('?')[0]).sort();
    expect(paths).toEqual(['/api/blog/featured', '/api/devotional/today', '/api/videos/featured', '/api/videos/popular']);
  });

  test('a watch page fetches its video into the cache the page reads', async () => {
    const requests = mockFetch(() => json(200, video));
    const queryClient = await navigate('/watch/3');
    expect(requests.map((r) => r.path)).toEqual(['/api/videos/3']);
    expect(queryClient.getQueryData(videoQueryOptions(3).queryKey)).toEqual(video);
  });

  test('an id that names nothing is not fetched; nor is anything while a saved cache is restored', async () => {
    const requests = mockFetch(() => json(200, null));
    await navigate('/blog/not-a-number');
    await navigate('/blog/7', false);
    await navigate('/bookmarks');
    expect(requests).toEqual([]);
  });
});
