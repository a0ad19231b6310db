import type { Knex } from 'knex';
import type { Category, PostState, PostStatus } from '#contract';
import { isPostgres, type Db } from '#api/db';
import { postsMatching } from '#api/lib/full-text';
import { BLOG_SUMMARY_COLUMNS, type BlogPostRow, type EditorPostRow, type PostVersionRow } from './blog.mapper';
import { deleteStudyData } from '#api/lib/study-data';

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
  /** The cover picture's path (`/objects/{id}`) and alt text, or null (migration 012). */
  cover_image_url: string | null;
  cover_image_alt: string | null;
  is_external: boolean;
  substack_url: string | null;
  author_id: number | null;
  status: PostStatus;
  updated_at: string;
  updated_by: number;
  /** "Email subscribers when published" (migration 014); an edit that does not say keeps it. */
  email_subscribers?: boolean;
}

/** What a save changes (an edit or a restore): the post's fields as written, and who saved it when. */
export type PostEdit = Omit<NewBlogPostRow, 'is_external' | 'substack_url' | 'author_id'> & {
  is_external: boolean;
  substack_url: string | null;
};

export interface ListOptions {
  category?: Category;
  limit: number;
  offset: number;
  /** The instant readers are at: a post shows from its published_at on. */
  now: string;
}

/** How many saved versions of a post are kept. */
export const VERSIONS_KEPT = 20;

/** The desk's columns: the post and its state, and who saved it last. */
const EDITOR_POST_COLUMNS = [...BLOG_SUMMARY_COLUMNS.map((c) => `p.${c}`), 'p.content', 'p.status', 'p.version', 'p.updated_at', 'p.updated_by', 'u.username as updated_by_username', 'p.email_subscribers'];

/** When the post last went out to subscribers (a test send is none), or null (migration 014). */
const newsletterSentAt = (db: Db) =>
  db.raw('(select max(s.created_at) from newsletter_sends s where s.post_id = p.id and s.is_test = ?) as newsletter_sent_at', [false]);

/**
 * What readers may see: published, from its publication instant on. Drafts and scheduled posts
 * never reach a list, an item, the featured post, search, the feeds or the sitemap.
 */
export function visibleToReaders<T extends Knex.QueryBuilder>(query: T, now: string, table = 'blog_posts'): T {
  return query.where(`${table}.status`, 'published').where(`${table}.published_at`, '<=', now) as T;
}

/** The desk's filter by state: drafts, scheduled (published, dated ahead of `now`), published (readers see them), or all. */
function inState<T extends Knex.QueryBuilder>(query: T, state: PostState | 'all', now: string): T {
  if (state === 'draft') return query.where('p.status', 'draft') as T;
  if (state === 'scheduled') return query.where('p.status', 'published').where('p.published_at', '>', now) as T;
  if (state === 'published') return visibleToReaders(query, now, 'p');
  return query;
}

/** The queries, on the shared connection pool or inside one transaction. */
function blogQueries(db: Db | Knex.Transaction) {
  const posts = () => db<BlogPostRow>('blog_posts');
  return {
    /** Newest first; the id breaks ties so pages never repeat or skip a post. */
    async list({ category, limit, offset, now }: ListOptions): Promise<BlogPostRow[]> {
      const query = visibleToReaders(posts(), now)
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
    async listDates(now: string): Promise<Array<Pick<BlogPostRow, 'id' | 'published_at'>>> {
      return visibleToReaders(posts(), now)
        .select('id', 'published_at')
        .orderBy([
          { column: 'published_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ]);
    },

    async findFeatured(now: string): Promise<BlogPostRow | undefined> {
      return visibleToReaders(posts(), now)
        .select(...BLOG_SUMMARY_COLUMNS)
        .where({ featured: true })
        .orderBy([
          { column: 'published_at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .first();
    },

    /** The post as readers may see it: undefined for a draft or a post not yet published. */
    async findVisible(id: number, now: string): Promise<BlogPostRow | undefined> {
      return visibleToReaders(posts(), now).select(...BLOG_POST_COLUMNS).where({ id }).first();
    },

    /** The post whatever its state, with what the desk shows of it. */
    async findForEditor(id: number): Promise<EditorPostRow | undefined> {
      return db('blog_posts as p').leftJoin('users as u', 'u.id', 'p.updated_by').select(EDITOR_POST_COLUMNS).select(newsletterSentAt(db)).where('p.id', id).first();
    },

    /**
     * The desk's list: newest first, by state and category; with `words`, only the posts whose
     * title, excerpt or text hold every one (migration 002's full-text index, drafts included).
     */
    async listForEditor({ category, limit, offset, now, state, words }: ListOptions & { state: PostState | 'all'; words?: readonly string[] | undefined }): Promise<EditorPostRow[]> {
      const query = inState(db('blog_posts as p').leftJoin('users as u', 'u.id', 'p.updated_by'), state, now)
        .select(EDITOR_POST_COLUMNS.filter((c) => c !== 'p.content'))
        .select(newsletterSentAt(db))
        .orderBy([
          { column: 'p.published_at', order: 'desc' },
          { column: 'p.id', order: 'desc' },
        ])
        .limit(limit)
        .offset(offset);
      if (category) query.where('p.category', category);
      if (words?.length) {
        const matching = await postsMatching(db, words, 'p');
        query.whereRaw(matching.sql, matching.bindings);
      }
      return query;
    },

    async exists(id: number): Promise<boolean> {
      return !!(await posts().select('id').where({ id }).first());
    },

    /** One UPDATE, so concurrent readers never lose a view; a post readers cannot see counts none. */
    async incrementViews(id: number, now: string): Promise<{ id: unknown; views: unknown } | undefined> {
      const rows = await visibleToReaders(posts(), now).where({ id }).increment('views', 1).returning(['id', 'views']);
      return (rows as Array<{ id: unknown; views: unknown }>)[0];
    },

    async insert(row: NewBlogPostRow): Promise<number> {
      const [inserted] = await posts().insert(row).returning('id');
      const id = typeof inserted === 'object' && inserted !== null ? (inserted as { id: number }).id : inserted;
      return Number(id);
    },

    /**
     * Saves an edit made from `version`: the post takes the next version. 0 rows when the post is
     * gone or another save came first (its version is no longer `version`): nothing is written.
     */
    async updateFromVersion(id: number, version: number, edit: PostEdit): Promise<number> {
      return db('blog_posts')
        .where({ id, version })
        .update({ ...edit, version: version + 1 });
    },

    /** Keeps a saved version (the post's fields as they are now, at its current version). */
    async saveVersion(id: number, savedBy: number, savedAt: string): Promise<void> {
      const row = await posts()
        .select('version', 'title', 'content', 'excerpt', 'category', 'read_time', 'status', 'published_at', 'thumbnail_url', 'cover_image_url', 'cover_image_alt')
        .where({ id })
        .first();
      if (!row) return;
      await db('blog_post_versions').insert({ post_id: id, ...row, saved_by: savedBy, saved_at: savedAt });
      // Only the last VERSIONS_KEPT are kept.
      const keep = await db('blog_post_versions').where({ post_id: id }).orderBy('version', 'desc').limit(VERSIONS_KEPT).pluck('version');
      if (keep.length === VERSIONS_KEPT) await db('blog_post_versions').where({ post_id: id }).where('version', '<', Math.min(...keep.map(Number))).delete();
    },

    /** The post's text and cover, and those of each version it keeps: where the pictures it uses are named. */
    async pictureSources(id: number): Promise<Array<{ content: string | null; cover_image_url: string | null }>> {
      const current = await posts().select('content', 'cover_image_url').where({ id });
      const versions = await db('blog_post_versions').select('content', 'cover_image_url').where({ post_id: id });
      return [...current, ...versions] as Array<{ content: string | null; cover_image_url: string | null }>;
    },

    /**
     * Makes `post_objects` list exactly the objects of `objectIds` that exist, for post `id`: the
     * upload sweep keeps them. Returns those listed. An object deleted between the look-up and the
     * insert fails the insert (the foreign key), as a save naming a picture just swept should.
     */
    async setPostObjects(id: number, objectIds: readonly string[]): Promise<string[]> {
      const existing: string[] = objectIds.length ? await db('uploaded_objects').whereIn('id', [...objectIds]).pluck('id') : [];
      await db('post_objects').where({ post_id: id }).whereNotIn('object_id', existing).delete();
      const listed = new Set<string>(await db('post_objects').where({ post_id: id }).pluck('object_id'));
      const added = existing.filter((objectId) => !listed.has(objectId));
      if (added.length) await db('post_objects').insert(added.map((objectId) => ({ post_id: id, object_id: objectId })));
      return existing;
    },

    async listVersions(id: number): Promise<PostVersionRow[]> {
      return db('blog_post_versions as v')
        .leftJoin('users as u', 'u.id', 'v.saved_by')
        .select('v.version', 'v.title', 'v.status', 'v.published_at', 'v.saved_at', 'v.saved_by', 'u.username as saved_by_username')
        .where('v.post_id', id)
        .orderBy('v.version', 'desc')
        .limit(VERSIONS_KEPT);
    },

    async findVersion(id: number, version: number): Promise<PostVersionRow | undefined> {
      return db('blog_post_versions as v')
        .leftJoin('users as u', 'u.id', 'v.saved_by')
        .select('v.*', 'u.username as saved_by_username')
        .where({ 'v.post_id': id, 'v.version': version })
        .first();
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

    /** Removes the bookmarks, progress and comments that point at a post (api/lib/study-data.ts). */
    async deleteStudyDataFor(contentId: number): Promise<void> {
      await deleteStudyData(db, 'blog', contentId);
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
