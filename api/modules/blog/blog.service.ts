import { z } from 'zod';
import {
  categorySchema,
  rowIdFromPath,
  type BlogPost,
  type BlogPostSummary,
  type createBlogPostInputSchema,
  type importSubstackInputSchema,
} from '#contract';
import type { Db } from '#api/db';
import { notFound } from '#api/errors';
import { nowIso, toIso, toNumber } from '#api/lib/convert';
import { excerptFromMarkdown, htmlToMarkdown, sanitizeMarkdown } from './blog.markdown';
import { toBlogPost, toBlogPostSummary } from './blog.mapper';
import { blogRepo, type BlogQueries } from './blog.repo';

export const BLOG_PAGE_DEFAULT = 50;
export const BLOG_PAGE_MAX = 100;

/** `GET /api/blog` query: an empty `category=` means all categories. */
export const blogListQuerySchema = z.object({
  category: z.preprocess((v) => (v === '' ? undefined : v), z.optional(categorySchema)),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(BLOG_PAGE_MAX, `limit must be at most ${BLOG_PAGE_MAX}`)
    .default(BLOG_PAGE_DEFAULT),
  offset: z.coerce.number({ message: 'offset must be a number' }).int('offset must be a whole number').min(0, 'offset must be at least 0').default(0),
});

const ARTICLE_NOT_FOUND = 'Article not found';

/** A path id, or 404: a non-numeric or out-of-range id names no article (and must not reach the database as one). */
export function parsePostId(raw: unknown): number {
  const id = rowIdFromPath(raw);
  if (id === null) throw notFound(ARTICLE_NOT_FOUND);
  return id;
}

/** The ISO instant of an import's `publishedAt` (a date alone means midnight UTC), or now. */
function publishedAtOf(value: string | undefined): string {
  return value ? new Date(value).toISOString() : nowIso();
}

/** What an editor sends to write a post, parsed. */
export type NewBlogPost = z.output<typeof createBlogPostInputSchema>;
/** What an editor sends to import a Substack post, parsed. */
export type SubstackImport = z.output<typeof importSubstackInputSchema>;

export function blogService(db: Db) {
  const repo = blogRepo(db);

  async function loadPost(r: BlogQueries, id: number): Promise<BlogPost> {
    const row = await r.findById(id);
    if (!row) throw notFound(ARTICLE_NOT_FOUND);
    return toBlogPost(row);
  }

  /** The one insert of a written or imported post: `content` is its safe Markdown. */
  async function insertPost(
    authorId: number,
    data: NewBlogPost | SubstackImport,
    content: string,
    publishedAt: string,
    substackUrl: string | null,
  ): Promise<BlogPost> {
    const id = await repo.insert({
      title: data.title,
      content,
      excerpt: data.excerpt || excerptFromMarkdown(content),
      category: data.category,
      read_time: data.readTime,
      published_at: publishedAt,
      thumbnail_url: data.thumbnailUrl || null,
      is_external: data.isExternal,
      substack_url: substackUrl,
      author_id: authorId,
    });
    return loadPost(repo, id);
  }

  return {
    async list(query: unknown): Promise<BlogPostSummary[]> {
      const options = blogListQuerySchema.parse(query);
      return (await repo.list(options)).map(toBlogPostSummary);
    },

    /** The newest posts, as `GET /api/blog` lists them first (for the feeds). */
    async newest(limit: number): Promise<BlogPostSummary[]> {
      return (await repo.list({ limit, offset: 0 })).map(toBlogPostSummary);
    },

    /** Every post's id and publication date, newest first (for the sitemap). */
    async publicationDates(): Promise<Array<{ id: number; publishedAt: string }>> {
      return (await repo.listDates()).map((row) => ({ id: toNumber(row.id), publishedAt: toIso(row.published_at) }));
    },

    /** The one featured post, or null when no post is featured. */
    async featured(): Promise<BlogPostSummary | null> {
      const row = await repo.findFeatured();
      return row ? toBlogPostSummary(row) : null;
    },

    async get(rawId: unknown): Promise<BlogPost> {
      return loadPost(repo, parsePostId(rawId));
    },

    async recordView(rawId: unknown): Promise<{ id: number; views: number }> {
      const row = await repo.incrementViews(parsePostId(rawId));
      if (!row) throw notFound(ARTICLE_NOT_FOUND);
      return { id: Number(row.id), views: Number(row.views) };
    },

    /**
     * An editor's post, published now. The Markdown is stored as written except for raw HTML and
     * script links, which are removed. A blank excerpt is taken from the first paragraph.
     */
    async create(authorId: number, data: NewBlogPost): Promise<BlogPost> {
      return insertPost(authorId, data, sanitizeMarkdown(data.content), nowIso(), data.substackUrl || null);
    },

    /** A Substack post: its HTML becomes safe Markdown; it keeps its own publication date. */
    async importSubstack(authorId: number, data: SubstackImport): Promise<BlogPost> {
      const content = htmlToMarkdown(data.content, { baseUrl: data.substackUrl });
      return insertPost(authorId, data, content, publishedAtOf(data.publishedAt), data.substackUrl);
    },

    /**
     * There is never more than one featured post: in one transaction, serialised against any
     * other featuring, every other post loses the flag and this one gains it.
     */
    async feature(rawId: unknown): Promise<BlogPost> {
      const id = parsePostId(rawId);
      return repo.transaction(async (tx) => {
        await tx.lockFeaturing();
        if (!(await tx.exists(id))) throw notFound(ARTICLE_NOT_FOUND);
        await tx.clearFeaturedExcept(id);
        await tx.setFeatured(id);
        return loadPost(tx, id);
      });
    },

    /** Deleting a post also deletes the bookmarks, progress and comments that point at it, in the same transaction. */
    async remove(rawId: unknown): Promise<void> {
      const id = parsePostId(rawId);
      await repo.transaction(async (tx) => {
        if (!(await tx.exists(id))) throw notFound(ARTICLE_NOT_FOUND);
        await tx.deleteStudyDataFor(id);
        await tx.delete(id);
      });
    },
  };
}

export type BlogService = ReturnType<typeof blogService>;
