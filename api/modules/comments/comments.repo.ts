import type { Comment, CommentModeration, CommentReport, ContentType } from '#contract';
import type { Db } from '#api/db';
import { nowIso, toBool, toIso, toNumber } from '#api/lib/convert';

interface CommentRow {
  id: number | string;
  user_id: number | string;
  content_type: string;
  content_id: number | string;
  comment: string;
  created_at: unknown;
  user_name: string;
  user_avatar_url: string | null;
}

/** The author is shown by name and avatar only; the email never leaves the server. */
function toComment(row: CommentRow): Comment {
  return {
    id: toNumber(row.id),
    userId: toNumber(row.user_id),
    contentType: row.content_type as ContentType,
    contentId: toNumber(row.content_id),
    comment: row.comment,
    createdAt: toIso(row.created_at),
    user: { name: row.user_name, avatarUrl: row.user_avatar_url },
  };
}

/** A reported comment as the repo reads it: the comment and how many reports it has. */
export interface ReportedRow {
  comment: Comment;
  reportCount: number;
}

export interface ReportRow {
  commentId: number;
  reason: string | null;
  reportedAt: string;
}

export function commentsRepo(db: Db) {
  const withAuthor = () =>
    db('comments as c')
      .join('users as u', 'u.id', 'c.user_id')
      .select('c.id', 'c.user_id', 'c.content_type', 'c.content_id', 'c.comment', 'c.created_at', 'u.name as user_name', 'u.avatar_url as user_avatar_url');

  const reportCount = async (commentId: number): Promise<number> => {
    const row = await db('comment_reports').where({ comment_id: commentId }).count({ n: '*' }).first();
    return toNumber(row?.n);
  };

  return {
    /**
     * Newest first (the id breaks ties between comments posted in the same millisecond), `limit` at
     * a time, hidden ones left out; with `before`, only those older than that comment. Undefined
     * when `before` is not a comment on this content. The cursor may name a hidden comment (one
     * hidden after the reader's page was read): it still marks the place, so the next page
     * neither fails nor repeats a comment.
     */
    async listByContent(contentType: ContentType, contentId: number, { limit, before }: { limit: number; before?: number }): Promise<Comment[] | undefined> {
      let query = withAuthor().where({ 'c.content_type': contentType, 'c.content_id': contentId, 'c.hidden': false });
      if (before !== undefined) {
        const cursor: { created_at: string | Date } | undefined = await db('comments')
          .where({ id: before, content_type: contentType, content_id: contentId })
          .first('created_at');
        if (!cursor) return undefined;
        query = query.andWhere((older) =>
          older.where('c.created_at', '<', cursor.created_at).orWhere((same) => same.where('c.created_at', '=', cursor.created_at).andWhere('c.id', '<', before)),
        );
      }
      const rows: CommentRow[] = await query
        .orderBy([
          { column: 'c.created_at', order: 'desc' },
          { column: 'c.id', order: 'desc' },
        ])
        .limit(limit);
      return rows.map(toComment);
    },

    async create(input: { userId: number; contentType: ContentType; contentId: number; comment: string }): Promise<Comment> {
      const [inserted] = await db('comments')
        .insert({ user_id: input.userId, content_type: input.contentType, content_id: input.contentId, comment: input.comment, created_at: nowIso() })
        .returning('id');
      const id = toNumber(typeof inserted === 'object' && inserted !== null ? (inserted as { id: unknown }).id : inserted);
      const row: CommentRow | undefined = await withAuthor().where('c.id', id).first();
      if (!row) throw new Error(`Comment ${id} vanished after insert`);
      return toComment(row);
    },

    /** Who wrote a comment and whether it is hidden; undefined when there is no such comment. */
    async find(id: number): Promise<{ userId: number; hidden: boolean } | undefined> {
      const row: { user_id: number | string; hidden: unknown } | undefined = await db('comments').where({ id }).first('user_id', 'hidden');
      return row && { userId: toNumber(row.user_id), hidden: toBool(row.hidden) };
    },

    /** Deletes a comment (its reports go with it); false when there was none. */
    async remove(id: number): Promise<boolean> {
      return (await db('comments').where({ id }).delete()) > 0;
    },

    /** Adds a reader's report; undefined when that reader had already reported the comment. */
    async addReport(commentId: number, reporterId: number, reason: string | null): Promise<CommentReport | undefined> {
      const reportedAt = nowIso();
      const inserted: unknown[] = await db('comment_reports')
        .insert({ comment_id: commentId, reporter_id: reporterId, reason, created_at: reportedAt })
        .onConflict(['comment_id', 'reporter_id'])
        .ignore()
        .returning('comment_id');
      return inserted.length > 0 ? { commentId, reason, reportedAt } : undefined;
    },

    /** Hides or shows a comment; its moderation state after, or undefined when there is no such comment. */
    async setHidden(id: number, hidden: boolean): Promise<CommentModeration | undefined> {
      const changed = await db('comments').where({ id }).update({ hidden });
      if (changed === 0) return undefined;
      return { id, hidden, reportCount: await reportCount(id) };
    },

    async clearReports(commentId: number): Promise<void> {
      await db('comment_reports').where({ comment_id: commentId }).delete();
    },

    /**
     * Comments that are not hidden and have at least one report: most reported first, then the
     * newest comment. Counted in one grouped subquery over the reports (their primary key leads
     * with comment_id), then joined to the comments it names.
     */
    async reported(limit: number): Promise<ReportedRow[]> {
      const counts = db('comment_reports').select('comment_id').count({ n: '*' }).groupBy('comment_id').as('r');
      const rows: (CommentRow & { n: number | string })[] = await withAuthor()
        .join(counts, 'r.comment_id', 'c.id')
        .select('r.n')
        .where('c.hidden', false)
        .orderBy([
          { column: 'r.n', order: 'desc' },
          { column: 'c.created_at', order: 'desc' },
          { column: 'c.id', order: 'desc' },
        ])
        .limit(limit);
      return rows.map((row) => ({ comment: toComment(row), reportCount: toNumber(row.n) }));
    },

    /** The reports of these comments, newest first. */
    async reportsOf(commentIds: readonly number[]): Promise<ReportRow[]> {
      if (commentIds.length === 0) return [];
      const rows: { comment_id: number | string; reason: string | null; created_at: unknown }[] = await db('comment_reports')
        .whereIn('comment_id', commentIds)
        .select('comment_id', 'reason', 'created_at')
        .orderBy([
          { column: 'created_at', order: 'desc' },
          { column: 'reporter_id', order: 'desc' },
        ]);
      return rows.map((r) => ({ commentId: toNumber(r.comment_id), reason: r.reason, reportedAt: toIso(r.created_at) }));
    },
  };
}
