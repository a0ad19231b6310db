import type { Db } from '#api/db';
import { toIso, toNumber } from '#api/lib/convert';
import type { ActivityEntry } from '#contract';
import type { EditorWrite } from '#api/middleware/editor-activity';

/** What is recorded of an editor's write (see api/middleware/editor-activity.ts). */
export type NewActivity = EditorWrite;

interface ActivityRow {
  id: unknown;
  actor_id: unknown;
  username: string | null;
  method: string;
  route: string;
  path: string;
  item: string | null;
  title: string | null;
  status: unknown;
  created_at: unknown;
}

export function activityRepo(db: Db) {
  return {
    async insert(entry: NewActivity): Promise<void> {
      await db('editor_activity').insert({
        actor_id: entry.actorId,
        method: entry.method,
        route: entry.route,
        path: entry.path,
        item: entry.item,
        title: entry.title,
        status: entry.status,
        created_at: entry.at,
      });
    },

    /** Newest first (by id: the order they were written in), older than `before` when given. */
    async list(limit: number, before?: number): Promise<ActivityEntry[]> {
      const query = db('editor_activity as a')
        .leftJoin('users as u', 'u.id', 'a.actor_id')
        .select('a.id', 'a.actor_id', 'u.username', 'a.method', 'a.route', 'a.path', 'a.item', 'a.title', 'a.status', 'a.created_at')
        .orderBy('a.id', 'desc')
        .limit(limit);
      if (before !== undefined) query.where('a.id', '<', before);
      const rows = (await query) as ActivityRow[];
      return rows.map((row) => ({
        id: toNumber(row.id),
        actor: row.actor_id === null || row.username === null ? null : { id: toNumber(row.actor_id), username: row.username },
        method: row.method,
        route: row.route,
        path: row.path,
        item: row.item,
        title: row.title,
        status: toNumber(row.status),
        at: toIso(row.created_at),
      }));
    },
  };
}
