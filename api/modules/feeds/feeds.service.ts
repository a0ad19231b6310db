import type { BlogService } from '../blog/blog.service';
import type { VideosService } from '../videos/videos.service';
import { jsonFeed, robotsTxt, rssFeed, sitemapXml, type SitemapEntry } from './feeds.documents';

/** How many posts the feeds carry: the newest ones, as `GET /api/blog` lists them. */
export const FEED_POSTS = 50;

/**
 * Pages anyone may open and a crawler should know about, besides each post and video. Search
 * is left out (its results are other pages of the site); private pages are disallowed below.
 */
const PUBLIC_PAGES = ['/', '/videos', '/blog', '/live-qa'] as const;

/** Pages of one signed-in reader or of the editor, and the API: nothing for a search index. */
export const PRIVATE_PATHS = ['/bookmarks', '/profile', '/sync', '/blog-admin', '/notes', '/share', '/saved', '/reset-password', '/newsletter/', '/confirm-email', '/api/'] as const;

/**
 * The blog's feeds, the sitemap and robots.txt. `site` is the origin that every absolute link
 * starts with (PUBLIC_URL, else the request's own origin). A post is in them as soon as readers
 * may see it, as `GET /api/blog` lists it: never a draft, and a scheduled post from its instant on.
 */
export function feedsService(blog: BlogService, videos: VideosService) {
  const newestPosts = () => blog.newest(FEED_POSTS);

  return {
    async rss(site: string): Promise<string> {
      return rssFeed(site, await newestPosts());
    },

    async json(site: string): Promise<string> {
      return jsonFeed(site, await newestPosts());
    },

    /** Every post and video with its publication date (nothing is edited after publication), and the public pages. */
    async sitemap(site: string): Promise<string> {
      const [posts, allVideos] = await Promise.all([blog.publicationDates(), videos.publicationDates()]);
      const postEntries: SitemapEntry[] = posts.map((p) => ({ path: `/blog/${p.id}`, lastModified: p.publishedAt }));
      const videoEntries: SitemapEntry[] = allVideos.map((v) => ({ path: `/watch/${v.id}`, lastModified: v.publishedAt }));
      // A list page changes when something new appears on it; home and live Q&A change daily or live, so no date is claimed.
      const pages: SitemapEntry[] = PUBLIC_PAGES.map((path) => ({
        path,
        lastModified: path === '/blog' ? postEntries[0]?.lastModified : path === '/videos' ? videoEntries[0]?.lastModified : undefined,
      }));
      return sitemapXml(site, [...pages, ...postEntries, ...videoEntries]);
    },

    robots(site: string): string {
      return robotsTxt(site, PRIVATE_PATHS);
    },
  };
}

export type FeedsService = ReturnType<typeof feedsService>;
