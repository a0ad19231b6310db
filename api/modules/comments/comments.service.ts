import type { Comment, CommentsQuery, CreateCommentInput } from '#contract';
import type { Db } from '#api/db';
import { badRequest } from '#api/errors';
import type { ContentService } from '../content/content.service';
import { commentsRepo } from './comments.repo';

export function commentsService(db: Db, content: ContentService) {
  const repo = commentsRepo(db);
  return {
    /** Public: anyone may read the comments of a video or post, newest first, a page at a time. */
    async list(q: CommentsQuery): Promise<Comment[]> {
      const page = await repo.listByContent(q.contentType, q.contentId, { limit: q.limit, before: q.before });
      if (!page) throw badRequest('before must be the id of a comment on this content');
      return page;
    },

    /**
     * Posts a comment as `data.userId` (the route checked it is the signed-in user). Each call adds a comment; a replay of the same queued comment is
     * recognised by its Idempotency-Key (the middleware answers the first result), not here.
     */
    async create(data: CreateCommentInput): Promise<Comment> {
      await content.requireExists(data.contentType, data.contentId);
      return repo.create(data);
    },
  };
}

export type CommentsService = ReturnType<typeof commentsService>;
