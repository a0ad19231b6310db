import type { SeedBlogPost } from '../types';
import { apologeticsPosts } from './apologetics';
import { bibleStudyPosts } from './bible-study';
import { christianLivingPosts } from './christian-living';
import { churchHistoryPosts } from './church-history';
import { ministryPosts } from './ministry';
import { theologyPosts } from './theology';

/** Every sample article, one module per category. Bodies are trimmed Markdown. */
export const blogPosts: SeedBlogPost[] = [
  ...apologeticsPosts,
  ...bibleStudyPosts,
  ...theologyPosts,
  ...christianLivingPosts,
  ...churchHistoryPosts,
  ...ministryPosts,
].map((post) => ({ ...post, body: post.body.trim() }));
