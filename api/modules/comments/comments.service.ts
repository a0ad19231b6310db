import type { Comment, CommentModeration, CommentReport, CommentsQuery, CreateCommentInput, ReportedComment } from '#contract';
import type { Db } from '#api/db';
import { badRequest, conflict, forbidden, notFound } from '#api/errors';
import { contentKey, type ContentService } from '../content/content.service';
import { commentsRepo } from './comments.repo';

export const COMMENT_NOT_FOUND = 'That comment does not exist.';

export function commentsService(db: Db, content: ContentService) {
  const repo = commentsRepo(db);

  const requireComment = async (id: number) => {
    const found = await repo.find(id);
    if (!found) throw notFound(COMMENT_NOT_FOUND);
    return found;
  };

  return {
    /**
     * Public: anyone may read the comments of a video or post, newest first, a page at a time;
     * hidden ones never. A post readers may not see (a draft, one scheduled for later) has none
     * for them, as one that does not exist.
     */
    async list(q: CommentsQuery): Promise<Comment[]> {
      if (!(await content.isVisible(q.contentType, q.contentId))) return [];
      const page = await repo.listByContent(q.contentType, q.contentId, { limit: q.limit, before: q.before });
      if (!page) throw badRequest('before must be the id of a comment on this content');
      return page;
    },

    /**
     * Posts a comment as `data.userId` (the route checked it is the signed-in user). Each call adds a comment; a replay of the same queued comment is
     * recognised by its Idempotency-Key (the middleware answers the first result), not here.
     */
    async create(data: CreateCommentInput): Promise<Comment> {
      await content.requireVisible(data.contentType, data.contentId);
      return repo.create(data);
    },

    /** The id of a comment's author (hidden or not); 404 when there is no such comment. */
    async authorOf(id: number): Promise<number> {
      return (await requireComment(id)).userId;
    },

    /** Deletes a comment and its reports; 404 when there is none (any more). Who may is the route's to say. */
    async remove(id: number): Promise<void> {
      if (!(await repo.remove(id))) throw notFound(COMMENT_NOT_FOUND);
    },

    /**
     * A reader reports someone else's comment, once: 404 for a comment that does not exist or is
     * hidden (readers cannot see it), 403 for their own, 409 when they already reported it.
     */
    async report(reporterId: number, id: number, reason: string | null): Promise<CommentReport> {
      const found = await requireComment(id);
      if (found.hidden) throw notFound(COMMENT_NOT_FOUND);
      if (found.userId === reporterId) throw forbidden('You cannot report your own comment.');
      const report = await repo.addReport(id, reporterId, reason);
      if (!report) throw conflict('You have already reported this comment.');
      return report;
    },

    /** An editor hides a comment for everyone, or shows it again; its reports stay (see `dismissReports`). */
    async setHidden(id: number, hidden: boolean): Promise<CommentModeration> {
      const state = await repo.setHidden(id, hidden);
      if (!state) throw notFound(COMMENT_NOT_FOUND);
      return state;
    },

    /** "Dismiss": the comment stays up and leaves the reported list, its reports cleared. */
    async dismissReports(id: number): Promise<void> {
      await requireComment(id);
      await repo.clearReports(id);
    },

    /** The desk's reported comments (not hidden): most reported first, then newest, each with its reports and its content's title. */
    async reported(limit: number): Promise<ReportedComment[]> {
      const rows = await repo.reported(limit);
      const ids = rows.map((r) => r.comment.id);
      const titles = await content.summariesForEditors(rows.map((r) => r.comment));
      const reports = new Map<number, ReportedComment['reports']>();
      for (const { commentId, reason, reportedAt } of await repo.reportsOf(ids)) {
        const list = reports.get(commentId) ?? [];
        list.push({ reason, reportedAt });
        reports.set(commentId, list);
      }
      return rows.map(({ comment, reportCount }) => ({
        id: comment.id,
        userId: comment.userId,
        contentType: comment.contentType,
        contentId: comment.contentId,
        contentTitle: titles.get(contentKey(comment))?.title ?? null,
        comment: comment.comment,
        createdAt: comment.createdAt,
        user: comment.user,
        reportCount,
        reports: reports.get(comment.id) ?? [],
      }));
    },
  };
}

export type CommentsService = ReturnType<typeof commentsService>;
