import { commentsQuerySchema, type Comment, type CreateCommentInput } from '../../../contract/index.js';
import type { Db } from '../../db.js';
import { badRequest, notFound } from '../../errors.js';
import { CONTENT_NOT_FOUND } from '../bookmarks/bookmarks.service.js';
import { contentRepo } from '../content/content.repo.js';
import { commentsRepo } from './comments.repo.js';

export function commentsService(db: Db) {
  const repo = commentsRepo(db);
  const content = contentRepo(db);
  return {
    /** Public: anyone may read the comments of a video or post, newest first, a page at a time. */
    async list(query: unknown): Promise<Comment[]> {
      const q = commentsQuerySchema.parse(query);
      const page = await repo.listByContent(q.contentType, q.contentId, { limit: q.limit, before: q.before });
      if (!page) throw badRequest('before must be the id of a comment on this content');
      return page;
    },

    /**
     * Posts a comment as `data.userId` (the route checked it is the signed-in user). Each call adds a comment; a replay of the same queued comment is
     * recognised by its Idempotency-Key (the middleware answers the first result), not here.
     */
    async create(data: CreateCommentInput): Promise<Comment> {
      if (!(await content.exists(data.contentType, data.contentId))) throw notFound(CONTENT_NOT_FOUND);
      return repo.create(data);
    },
  };
}
