import type { BlogPost, BlogPostSummary, createBlogPostInputSchema, EditorPost, importSubstackInputSchema, PostState, PostVersion, PostVersionSummary, updateBlogPostInputSchema } from '#contract';
import type { BlogListQuery } from '#contract/queries';
import type { z } from 'zod';
import type { Db } from '#api/db';
import { AppError, badRequest, conflict, constraintKind, notFound } from '#api/errors';
import { nowIso, toIso, toNumber } from '#api/lib/convert';
import { tokenize } from '#api/lib/full-text';
import { notifyPostsDue } from '#api/lib/posts-due';
import { afterCommit } from '#api/lib/request-transaction';
import { objectIdFromUrl, objectIdsIn, type ObjectsService } from '../objects/objects.service';
import { excerptFromMarkdown, htmlToMarkdown, markdownImages, sanitizeMarkdown } from './blog.markdown';
import { toBlogPost, toBlogPostSummary, toEditorPost, toPostVersion, toPostVersionSummary } from './blog.mapper';
import { blogRepo, type BlogQueries, type PostEdit } from './blog.repo';

// A post's Markdown as HTML outside the site (a newsletter mail): the same rules as the reader's renderer.
export { markdownToHtml, type HtmlStyles } from './blog.markdown';

const ARTICLE_NOT_FOUND = 'Article not found';
const NOT_PUBLISHED_YET = 'Only a published post can be featured: publish it first.';

/**
 * A saved post marked "Email subscribers when published" that readers may see now is sent at once:
 * the newsletter's job is woken once the save has committed (docs/decisions/017-newsletter-double-opt-in.md).
 */
function sendIfDue(post: EditorPost): EditorPost {
  if (post.emailSubscribers && post.status === 'published') afterCommit(notifyPostsDue);
  return post;
}

/** The ISO instant of an import's `publishedAt` (a date alone means midnight UTC), or now. */
function publishedAtOf(value: string | undefined): string {
  return value ? new Date(value).toISOString() : nowIso();
}

/** What an editor sends to write a post, parsed. */
export type NewBlogPost = z.output<typeof createBlogPostInputSchema>;
/** What an editor sends to import a Substack post, parsed. */
export type SubstackImport = z.output<typeof importSubstackInputSchema>;
/** What an editor sends to save an edit, parsed. */
export type PostUpdate = z.output<typeof updateBlogPostInputSchema>;

/** A post's cover picture as its row keeps it: an uploaded object's path and its alt text, or none. */
interface Cover {
  url: string | null;
  alt: string | null;
}
const NO_COVER: Cover = { url: null, alt: null };

/** A post's written fields as its row keeps them (create, import and edit alike); a blank excerpt comes from the text. */
function writtenFields(data: NewBlogPost | SubstackImport | PostUpdate, content: string, substackUrl: string | null, cover: Cover) {
  return {
    title: data.title,
    content,
    excerpt: data.excerpt || excerptFromMarkdown(content),
    category: data.category,
    read_time: data.readTime,
    thumbnail_url: data.thumbnailUrl || null,
    cover_image_url: cover.url,
    cover_image_alt: cover.url ? cover.alt : null,
    is_external: data.isExternal,
    substack_url: substackUrl,
  };
}

/** What the blog needs of the uploads: whether a picture is one this server stored. */
export type PostPictureStore = Pick<ObjectsService, 'storedObjectPath' | 'notStored'>;

/** The pictures a save names: its cover and the uploaded objects its text shows, which must exist. */
interface Pictures {
  cover: Cover;
  required: string[];
}

/**
 * The blog: what readers read, and what the editor's desk writes. `objects` tells the pictures
 * this server stored; `now` is the clock readers are at (a published post shows from its
 * published_at on); tests may hand in their own.
 */
export function blogService(db: Db, objects: PostPictureStore, { now = nowIso }: { now?: () => string } = {}) {
  const repo = blogRepo(db);

  /**
   * Checks a post's pictures (docs/product.md#blog-management): the cover must be an image this
   * server stored and have its alt text; every picture of this site in the text (`![alt](/objects/{id})`,
   * or the same address on `origin`) must have alt text and be stored. 400 naming the problem.
   */
  async function picturesOf(cover: Cover, content: string, origin: string): Promise<Pictures> {
    const required: string[] = [];
    let coverPath: string | null = null;
    if (cover.url) {
      if (!cover.alt?.trim()) throw badRequest('A cover picture needs its alt text: describe the picture for readers who cannot see it.');
      coverPath = await objects.storedObjectPath(cover.url, origin, 'The cover picture');
      required.push(objectIdFromUrl(coverPath, origin)!);
    }
    const inText: string[] = [];
    for (const image of markdownImages(content)) {
      const id = objectIdFromUrl(image.href, origin);
      if (!id) {
        if (/^\/objects\//i.test(image.href)) throw badRequest(`The picture ${image.href} in the text is not an image uploaded to this site.`);
        continue;
      }
      if (!image.alt.trim()) throw badRequest(`The picture ${image.href} in the text needs its alt text, as in ![what it shows](${image.href}).`);
      if (!inText.includes(id)) inText.push(id);
    }
    const missing = await objects.notStored(inText);
    if (missing.length) throw badRequest(`The picture /objects/${missing[0]} in the text was not found. Please upload it again.`);
    return { cover: { url: coverPath, alt: coverPath ? cover.alt!.trim() : null }, required: [...required, ...inText] };
  }

  /**
   * Lists in `post_objects` every uploaded object post `id` uses, in its text or cover, now or in a
   * kept version, so the upload sweep keeps them; the ones this save needs must all be there (one
   * swept a moment ago fails the save with a 400, and the transaction rolls back).
   */
  async function keepPictures(tx: BlogQueries, id: number, required: readonly string[]): Promise<void> {
    const sources = await tx.pictureSources(id);
    let listed: string[];
    try {
      listed = await tx.setPostObjects(id, objectIdsIn(...sources.flatMap((s) => [s.content, s.cover_image_url])));
    } catch (err) {
      if (constraintKind(err) === 'foreign') throw badRequest('A picture of this post was not found. Please upload it again.');
      throw err;
    }
    const gone = required.find((objectId) => !listed.includes(objectId));
    if (gone) throw badRequest(`The picture /objects/${gone} was not found. Please upload it again.`);
  }

  async function loadPost(r: BlogQueries, id: number): Promise<EditorPost> {
    const row = await r.findForEditor(id);
    if (!row) throw notFound(ARTICLE_NOT_FOUND);
    return toEditorPost(row, now());
  }

  /** 409 with the post as it is now, naming who saved it since (the desk offers theirs or mine). */
  function changedSince(current: EditorPost): AppError {
    const who = current.updatedBy ? `@${current.updatedBy.username}` : 'another editor';
    return new AppError(409, `This post was changed by ${who} since you opened it`, { post: current });
  }

  /** The one insert of a written or imported post (`content` is its safe Markdown): version 1, kept in its history. */
  async function insertPost(
    authorId: number,
    data: NewBlogPost | SubstackImport,
    content: string,
    publishedAt: string,
    substackUrl: string | null,
    status: 'draft' | 'published',
    pictures: Pictures = { cover: NO_COVER, required: [] },
    emailSubscribers = false,
  ): Promise<EditorPost> {
    const at = now();
    const post = await repo.transaction(async (tx) => {
      const id = await tx.insert({
        ...writtenFields(data, content, substackUrl, pictures.cover),
        published_at: publishedAt,
        author_id: authorId,
        status,
        updated_at: at,
        updated_by: authorId,
        email_subscribers: emailSubscribers,
      });
      await tx.saveVersion(id, authorId, at);
      await keepPictures(tx, id, pictures.required);
      return loadPost(tx, id);
    });
    return sendIfDue(post);
  }

  return {
    /** What readers see: published posts from their publication instant on, newest first. */
    async list(query: BlogListQuery): Promise<BlogPostSummary[]> {
      return (await repo.list({ ...query, now: now() })).map(toBlogPostSummary);
    },

    /**
     * The desk's list: every post in `state` (drafts, scheduled, published or all), newest first,
     * with its state and version. A non-blank `q` keeps the posts whose title, excerpt or text hold
     * each of its words (as prefixes, through the full-text index site search uses); text with no
     * letter or digit finds nothing, as site search does (docs/product.md#blog-management).
     */
    async listForEditor({ q = '', ...query }: BlogListQuery & { state: PostState | 'all'; q?: string }): Promise<Array<Omit<EditorPost, 'content'>>> {
      const words = q.trim() === '' ? undefined : tokenize(q);
      if (words?.length === 0) return [];
      const at = now();
      return (await repo.listForEditor({ ...query, words, now: at })).map((row) => {
        const { content: _content, ...summary } = toEditorPost(row, at);
        return summary;
      });
    },

    /** The newest posts, as `GET /api/blog` lists them first (for the feeds). */
    async newest(limit: number): Promise<BlogPostSummary[]> {
      return (await repo.list({ limit, offset: 0, now: now() })).map(toBlogPostSummary);
    },

    /** Every post's id and publication date, newest first (for the sitemap). */
    async publicationDates(): Promise<Array<{ id: number; publishedAt: string }>> {
      return (await repo.listDates(now())).map((row) => ({ id: toNumber(row.id), publishedAt: toIso(row.published_at) }));
    },

    /** The one featured post, or null when no post is featured (or it is not published yet). */
    async featured(): Promise<BlogPostSummary | null> {
      const row = await repo.findFeatured(now());
      return row ? toBlogPostSummary(row) : null;
    },

    /** The post as readers see it: a draft or a post not yet published is 'Article not found'. */
    async get(id: number): Promise<BlogPost> {
      const row = await repo.findVisible(id, now());
      if (!row) throw notFound(ARTICLE_NOT_FOUND);
      return toBlogPost(row);
    },

    /** The post as the desk reads it, whatever its state: with its version, to edit from. */
    async getForEditor(id: number): Promise<EditorPost> {
      return loadPost(repo, id);
    },

    async recordView(id: number): Promise<{ id: number; views: number }> {
      const row = await repo.incrementViews(id, now());
      if (!row) throw notFound(ARTICLE_NOT_FOUND);
      return { id: Number(row.id), views: Number(row.views) };
    },

    /**
     * An editor's post: published (from `publishedAt`, now when absent; a future instant schedules
     * it) or a draft. The Markdown is stored as written except for raw HTML and script links,
     * which are removed. A blank excerpt is taken from the first paragraph. Its pictures (a cover,
     * `/objects/…` images in the text) must be this server's (`origin`'s) and have alt text.
     */
    async create(authorId: number, data: NewBlogPost, origin: string): Promise<EditorPost> {
      const content = sanitizeMarkdown(data.content);
      const pictures = await picturesOf({ url: data.coverImageUrl || null, alt: data.coverImageAlt ?? null }, content, origin);
      return insertPost(authorId, data, content, publishedAtOf(data.publishedAt), data.substackUrl || null, data.status, pictures, data.emailSubscribers ?? false);
    },

    /** A Substack post: its HTML becomes safe Markdown; it keeps its own publication date. */
    async importSubstack(authorId: number, data: SubstackImport): Promise<EditorPost> {
      const content = htmlToMarkdown(data.content, { baseUrl: data.substackUrl });
      return insertPost(authorId, data, content, publishedAtOf(data.publishedAt), data.substackUrl, 'published');
    },

    /**
     * Saves an edit made from `data.version`. A save from an older version is refused with the post
     * as it is now (409), whoever saved in between, so no edit is lost unseen. The publication
     * instant is kept unless one is given; a draft published without one is published now. The
     * cover is kept when `coverImageUrl` is absent (a client that does not know it), removed with ''
     * or null; pictures are checked as for `create`.
     */
    async update(editorId: number, id: number, data: PostUpdate, origin: string): Promise<EditorPost> {
      const at = now();
      const content = sanitizeMarkdown(data.content);
      // Checked before the transaction: the uploads are read on the pool, which on SQLite is the
      // transaction's one connection. A cover kept from the post is the one of `data.version`
      // (another save in between fails the version check below).
      let cover: Cover = { url: data.coverImageUrl || null, alt: data.coverImageAlt ?? null };
      if (data.coverImageUrl === undefined) {
        const before = await repo.findForEditor(id);
        if (!before) throw notFound(ARTICLE_NOT_FOUND);
        cover = { url: before.cover_image_url ?? null, alt: before.cover_image_alt ?? null };
      }
      const pictures = await picturesOf(cover, content, origin);
      const saved = await repo.transaction(async (tx) => {
        const current = await tx.findForEditor(id);
        if (!current) throw notFound(ARTICLE_NOT_FOUND);
        if (toNumber(current.version) !== data.version) throw changedSince(toEditorPost(current, at));
        const publishedAt = data.publishedAt
          ? publishedAtOf(data.publishedAt)
          : current.status === 'draft' && data.status === 'published'
            ? at
            : toIso(current.published_at);
        const edit: PostEdit = {
          ...writtenFields(data, content, data.substackUrl || null, pictures.cover),
          published_at: publishedAt,
          status: data.status,
          updated_at: at,
          updated_by: editorId,
          // Kept unless the edit says (a client that does not know the field).
          ...(data.emailSubscribers === undefined ? {} : { email_subscribers: data.emailSubscribers }),
        };
        // Another save between the read and this write (PostgreSQL, two editors at once) leaves it unchanged.
        if ((await tx.updateFromVersion(id, data.version, edit)) === 0) throw changedSince(await loadPost(tx, id));
        await tx.saveVersion(id, editorId, at);
        await keepPictures(tx, id, pictures.required);
        return loadPost(tx, id);
      });
      return sendIfDue(saved);
    },

    /** The last saved versions of a post, newest first. */
    async versions(id: number): Promise<PostVersionSummary[]> {
      if (!(await repo.exists(id))) throw notFound(ARTICLE_NOT_FOUND);
      return (await repo.listVersions(id)).map(toPostVersionSummary);
    },

    /** One saved version, whole: to read it, or to restore it (the desk saves it as a new version). */
    async version(id: number, version: number): Promise<PostVersion> {
      const row = await repo.findVersion(id, version);
      if (!row) throw notFound(`${ARTICLE_NOT_FOUND}, or that version is no longer kept`);
      return toPostVersion(row);
    },

    /**
     * There is never more than one featured post: in one transaction, serialised against any
     * other featuring, every other post loses the flag and this one gains it. Only a post readers
     * see can be featured (409 for a draft or a scheduled one): the flag moving to a post nobody
     * may see would take the featured article off the site (docs/product.md#blog-management).
     */
    async feature(id: number): Promise<EditorPost> {
      return repo.transaction(async (tx) => {
        await tx.lockFeaturing();
        if (!(await tx.exists(id))) throw notFound(ARTICLE_NOT_FOUND);
        if (!(await tx.findVisible(id, now()))) throw conflict(NOT_PUBLISHED_YET);
        await tx.clearFeaturedExcept(id);
        await tx.setFeatured(id);
        return loadPost(tx, id);
      });
    },

    /**
     * Deleting a post also deletes the bookmarks, progress and comments that point at it, in the
     * same transaction; its `post_objects` rows go with it, so its pictures are swept a day on.
     */
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
