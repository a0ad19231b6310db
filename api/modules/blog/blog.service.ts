import type { BlogPost, BlogPostSummary, createBlogPostInputSchema, importSubstackInputSchema } from '#contract';
import type { BlogListQuery } from '#contract/queries';
import type { z } from 'zod';
import type { Db } from '#api/db';
import { notFound } from '#api/errors';
import { nowIso, toIso, toNumber } from '#api/lib/convert';
import { excerptFromMarkdown, htmlToMarkdown, sanitizeMarkdown } from './blog.markdown';
import { toBlogPost, toBlogPostSummary } from './blog.mapper';
import { blogRepo, type BlogQueries } from './blog.repo';

const ARTICLE_NOT_FOUND = 'Article not found';

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
    async list(query: BlogListQuery): Promise<BlogPostSummary[]> {
      return (await repo.list(query)).map(toBlogPostSummary);
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

    async get(id: number): Promise<BlogPost> {
      return loadPost(repo, id);
    },

    async recordView(id: number): Promise<{ id: number; views: number }> {
      const row = await repo.incrementViews(id);
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
    async feature(id: number): Promise<BlogPost> {
      return repo.transaction(async (tx) => {
        await tx.lockFeaturing();
        if (!(await tx.exists(id))) throw notFound(ARTICLE_NOT_FOUND);
        await tx.clearFeaturedExcept(id);
        await tx.setFeatured(id);
        return loadPost(tx, id);
      });
    },

    /** Deleting a post also deletes the bookmarks, progress and comments that point at it, in the same transaction. */
    async remove(id: number): Promise<void> {
      await repo.transaction(async (tx) => {
        if (!(await tx.exists(id))) throw notFound(ARTICLE_NOT_FOUND);
        await tx.deleteStudyDataFor(id);
        await tx.delete(id);
      });
    },
  };
}

export type BlogService = ReturnType<typeof blogService>;
