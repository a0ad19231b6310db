// Saved for offline in tests: posts and videos as the API answers them, and a Cache Storage in memory.
import type { BlogPost, Video } from '#contract/content';

export const aSavedPost = (id: number, overrides: Partial<BlogPost> = {}): BlogPost => ({
  id,
  title: `Post ${id}`,
  excerpt: `The excerpt of post ${id}.`,
  content: `# Post ${id}\n\nThe whole text of post ${id}.`,
  category: 'theology',
  readTime: 3,
  views: 1,
  publishedAt: '2025-01-01T00:00:00.000Z',
  thumbnailUrl: null,
  coverImageUrl: null,
  coverImageAlt: null,
  featured: false,
  isExternal: false,
  substackUrl: null,
  ...overrides,
});

export const aSavedVideo = (id: number, overrides: Partial<Video> = {}): Video => ({
  id,
  title: `Video ${id}`,
  description: `What video ${id} is about.`,
  category: 'apologetics',
  duration: '10:00',
  views: 1,
  publishedAt: '2025-01-01T00:00:00.000Z',
  youtubeId: `yt${id}`,
  isShort: false,
  featured: false,
  ...overrides,
});

/** A CacheStorage in memory (happy-dom has none), keyed by URL. */
export function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name)!;
    const keyOf = (request: RequestInfo | URL) => String(request instanceof Request ? request.url : request);
    return {
      put: async (request: RequestInfo | URL, response: Response) => void store.set(keyOf(request), response),
      match: async (request: RequestInfo | URL) => store.get(keyOf(request)),
      delete: async (request: RequestInfo | URL) => store.delete(keyOf(request)),
    };
  };
  return { caches: { open } as unknown as CacheStorage, stores };
}
