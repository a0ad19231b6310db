import type { SeedBlogPost } from '../types.js';
import { apologeticsPosts } from './apologetics.js';
import { bibleStudyPosts } from './bible-study.js';
import { christianLivingPosts } from './christian-living.js';
import { churchHistoryPosts } from './church-history.js';
import { ministryPosts } from './ministry.js';
import { theologyPosts } from './theology.js';

/** Every sample article, one module per category. Bodies are trimmed Markdown. */
export const blogPosts: SeedBlogPost[] = [
  ...apologeticsPosts,
  ...bibleStudyPosts,
  ...theologyPosts,
  ...christianLivingPosts,
  ...churchHistoryPosts,
  ...ministryPosts,
].map((post) => ({ ...post, body: post.body.trim() }));
