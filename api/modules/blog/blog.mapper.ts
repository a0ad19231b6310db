import type { BlogPost, BlogPostSummary, EditorPost, PostState, PostStatus, PostVersion, PostVersionSummary } from '#contract';
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
  cover_image_url?: string | null;
  cover_image_alt?: string | null;
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
  'cover_image_url',
  'cover_image_alt',
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
    coverImageUrl: row.cover_image_url ?? null,
    coverImageAlt: row.cover_image_url ? (row.cover_image_alt ?? null) : null,
    featured: toBool(row.featured),
    isExternal: toBool(row.is_external),
    substackUrl: row.substack_url,
  };
}

export function toBlogPost(row: BlogPostRow): BlogPost {
  return { ...toBlogPostSummary(row), content: row.content ?? '' };
}

/** A post as the desk reads it (blog.repo.ts, findForEditor). */
export interface EditorPostRow extends BlogPostRow {
  status: string;
  version: number | string;
  updated_at: unknown;
  updated_by: unknown;
  updated_by_username: string | null;
  /** "Email subscribers when published", not sent yet (migration 014). */
  email_subscribers?: unknown;
  /** The last send to subscribers (blog.repo.ts). */
  newsletter_sent_at?: unknown;
}

/** A row of blog_post_versions, with who saved it. */
export interface PostVersionRow {
  version: number | string;
  title: string;
  status: string;
  published_at: unknown;
  saved_at: unknown;
  saved_by: unknown;
  saved_by_username: string | null;
  content?: string;
  excerpt?: string | null;
  category?: string;
  read_time?: number | string;
  thumbnail_url?: string | null;
  cover_image_url?: string | null;
  cover_image_alt?: string | null;
}

/** The desk's word for a post: a published post dated after `now` is scheduled. */
export function stateOf(status: string, publishedAt: string, now: string): PostState {
  if (status === 'draft') return 'draft';
  return publishedAt > now ? 'scheduled' : 'published';
}

const editorName = (id: unknown, username: string | null) => (id === null || id === undefined || username === null ? null : { id: toNumber(id), username });

export function toEditorPost(row: EditorPostRow, now: string): EditorPost {
  const post = toBlogPost(row);
  return {
    ...post,
    status: stateOf(row.status, post.publishedAt, now),
    version: toNumber(row.version),
    updatedAt: row.updated_at === null || row.updated_at === undefined ? null : toIso(row.updated_at),
    updatedBy: editorName(row.updated_by, row.updated_by_username),
    emailSubscribers: toBool(row.email_subscribers),
    newsletterSentAt: row.newsletter_sent_at === null || row.newsletter_sent_at === undefined ? null : toIso(row.newsletter_sent_at),
  };
}

export function toPostVersionSummary(row: PostVersionRow): PostVersionSummary {
  return {
    version: toNumber(row.version),
    title: row.title,
    status: row.status as PostStatus,
    publishedAt: toIso(row.published_at),
    savedAt: toIso(row.saved_at),
    savedBy: editorName(row.saved_by, row.saved_by_username),
  };
}

export function toPostVersion(row: PostVersionRow): PostVersion {
  return {
    ...toPostVersionSummary(row),
    content: row.content ?? '',
    excerpt: row.excerpt ?? null,
    category: row.category as PostVersion['category'],
    readTime: toNumber(row.read_time),
    thumbnailUrl: row.thumbnail_url ?? null,
    coverImageUrl: row.cover_image_url ?? null,
    coverImageAlt: row.cover_image_url ? (row.cover_image_alt ?? null) : null,
  };
}

