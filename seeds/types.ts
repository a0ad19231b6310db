import type { Category } from '#contract/common';

/** A video as written in the data modules; seeds/index.ts turns it into a row. */
export interface SeedVideo {
  title: string;
  description: string;
  category: Category;
  /** "m:ss" or "h:mm:ss"; shorts stay under a minute ("0:58"). */
  duration: string;
  views: number;
  /** How long before the seeding time it was published. */
  daysAgo: number;
  /** 11 characters of [A-Za-z0-9_-]. */
  youtubeId: string;
  isShort?: boolean;
  featured?: boolean;
}

/** A blog post as written in the data modules. read_time is computed from the body. */
export interface SeedBlogPost {
  /** Used for the Substack address of external posts. */
  slug: string;
  title: string;
  category: Category;
  excerpt: string;
  views: number;
  daysAgo: number;
  /** Markdown: ## headings, paragraphs, a > blockquote with its reference, a list. */
  body: string;
  featured?: boolean;
  /** Published on Substack; body is a short teaser and substack_url points at the full piece. */
  external?: boolean;
}

export interface SeedDevotional {
  title: string;
  verseText: string;
  verseReference: string;
  /** A 120-250 word reflection. */
  content: string;
}

export interface SeedLiveQuestion {
  askedBy: string;
  question: string;
  minutesAgo: number;
  isAnswered?: boolean;
  isHighlighted?: boolean;
}

export interface SeedLiveStream {
  title: string;
  description: string;
  isLive: boolean;
  viewerCount: number;
  /** Days after the seeding time (0 for the stream that is live now). */
  inDays: number;
  questions?: SeedLiveQuestion[];
}
