import type { Knex } from 'knex';
import type { Category } from '#contract';
import { isPostgres, type Db } from '#api/db';
import { BLOG_SUMMARY_COLUMNS, type BlogPostRow } from './blog.mapper';

/** Every column the API shows; never `*`, which on PostgreSQL also carries the search vector. */
const BLOG_POST_COLUMNS = [...BLOG_SUMMARY_COLUMNS, 'content'] as const;

/** An arbitrary constant naming the PostgreSQL advisory lock that serialises featuring. */
const FEATURE_LOCK_KEY = 7_240_001;

export interface NewBlogPostRow {
  title: string;
  content: string;
  excerpt: string | null;
  category: Category;
  read_time: number;
  published_at: string;
  thumbnail_url: string | null;
  is_external: boolean;
  substack_url: string | null;
  author_id: number | null;
}

export interface ListOptions {
  category?: Category;
  limit: number;
  offset: number;
}

/** The queries, on the shared connection pool or inside one transaction. */
function blogQueries(db: Db | Knex.Transaction) {
  const posts = () => db<BlogPostRow>('blog_posts');
  return {
    /** Newest first; the id breaks ties so pages never repeat or skip a post. */
    async list({ category, limit, offset }: ListOptions): Promise<BlogPostRow[]> {
      const query = posts()
        .select(...BLOG_SUMMARY_COLUMNS)
        .orderBy([
          { column: 'published_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(limit)
        .offset(offset);
      if (category) query.where({ category });
      return query;
    },

    /** Every post's id and publication instant, newest first: the sitemap's entries, without the text. */
    async listDates(): Promise<Array<Pick<BlogPostRow, 'id' | 'published_at'>>> {
      return posts()
        .select('id', 'published_at')
        .orderBy([
          { column: 'published_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ]);
    },

    async findFeatured(): Promise<BlogPostRow | undefined> {
      return posts()
        .select(...BLOG_SUMMARY_COLUMNS)
        .where({ featured: true })
        .orderBy([
          { column: 'published_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .first();
    },

    async findById(id: number): Promise<BlogPostRow | undefined> {
      return posts().select(...BLOG_POST_COLUMNS).where({ id }).first();
    },

    async exists(id: number): Promise<boolean> {
      return !!(await posts().select('id').where({ id }).first());
    },

    /** One UPDATE, so concurrent readers never lose a view. */
    async incrementViews(id: number): Promise<{ id: unknown; views: unknown } | undefined> {
      const rows = await posts().where({ id }).increment('views', 1).returning(['id', 'views']);
      return (rows as Array<{ id: unknown; views: unknown }>)[0];
    },

    async insert(row: NewBlogPostRow): Promise<number> {
      const [inserted] = await posts().insert(row).returning('id');
      const id = typeof inserted === 'object' && inserted !== null ? (inserted as { id: number }).id : inserted;
      return Number(id);
    },

    /**
     * Holds back any other featuring transaction until this one ends. SQLite needs nothing:
     * its single connection runs one transaction at a time. On PostgreSQL two editors featuring
     * different posts at once could otherwise each clear the flags they can see and both set theirs.
     */
    async lockFeaturing(): Promise<void> {
      if (isPostgres(db)) await db.raw('SELECT pg_advisory_xact_lock(?)', [FEATURE_LOCK_KEY]);
    },

    async clearFeaturedExcept(id: number): Promise<void> {
      await posts().where({ featured: true }).whereNot({ id }).update({ featured: false });
    },

    async setFeatured(id: number): Promise<void> {
      await posts().where({ id }).update({ featured: true });
    },

    /**
     * Removes the study data that points at a post: bookmarks, progress and comments refer to
     * content by (content_type, content_id) with no foreign key, so nothing cascades by itself.
     */
    async deleteStudyDataFor(contentId: number): Promise<void> {
      for (const table of ['bookmarks', 'progress', 'comments']) {
        await db(table).where({ content_type: 'blog', content_id: contentId }).delete();
      }
    },

    async delete(id: number): Promise<number> {
      return posts().where({ id }).delete();
    },
  };
}

export type BlogQueries = ReturnType<typeof blogQueries>;

export function blogRepo(db: Db) {
  return {
    ...blogQueries(db),
    /** Runs `work` in one transaction with the queries bound to it; it commits when `work` resolves, rolls back when it throws. */
    async transaction<T>(work: (tx: BlogQueries) => Promise<T>): Promise<T> {
      return db.transaction((trx) => work(blogQueries(trx)));
    },
  };
}

export type BlogRepo = ReturnType<typeof blogRepo>;
