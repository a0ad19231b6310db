import type { Comment, ContentType } from '#contract';
import type { Db } from '#api/db';
import { nowIso, toIso, toNumber } from '#api/lib/convert';

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

export function commentsRepo(db: Db) {
  const withAuthor = () =>
    db('comments as c')
      .join('users as u', 'u.id', 'c.user_id')
      .select('c.id', 'c.user_id', 'c.content_type', 'c.content_id', 'c.comment', 'c.created_at', 'u.name as user_name', 'u.avatar_url as user_avatar_url');

  return {
    /**
     * Newest first (the id breaks ties between comments posted in the same millisecond), `limit` at
     * a time; with `before`, only those older than that comment. Undefined when `before` is not a
     * comment on this content.
     */
    async listByContent(contentType: ContentType, contentId: number, { limit, before }: { limit: number; before?: number }): Promise<Comment[] | undefined> {
      let query = withAuthor().where({ 'c.content_type': contentType, 'c.content_id': contentId });
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
  };
}
