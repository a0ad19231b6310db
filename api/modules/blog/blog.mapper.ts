import type { BlogPost, BlogPostSummary } from '#contract';
import { toBool, toIso, toNumber } from '#api/lib/convert';

export interface BlogPostRow {
  id: number;
  title: string;
  content?: string;
  excerpt: string | null;
  category: string;
  read_time: number | string;
  views: number | string;
  published_at: unknown;
  thumbnail_url: string | null;
  featured: unknown;
  is_external: unknown;
  substack_url: string | null;
}

/** Lists never carry the Markdown body: it can be long, and only the post page needs it. */
export const BLOG_SUMMARY_COLUMNS = [
  'id',
  'title',
  'excerpt',
  'category',
  'read_time',
  'views',
  'published_at',
  'thumbnail_url',
  'featured',
  'is_external',
  'substack_url',
] as const;

export function toBlogPostSummary(row: BlogPostRow): BlogPostSummary {
  return {
    id: toNumber(row.id),
    title: row.title,
    excerpt: row.excerpt,
    category: row.category as BlogPostSummary['category'],
    readTime: toNumber(row.read_time),
    views: toNumber(row.views),
    publishedAt: toIso(row.published_at),
    thumbnailUrl: row.thumbnail_url,
    featured: toBool(row.featured),
    isExternal: toBool(row.is_external),
    substackUrl: row.substack_url,
  };
}

export function toBlogPost(row: BlogPostRow): BlogPost {
  return { ...toBlogPostSummary(row), content: row.content ?? '' };
}
