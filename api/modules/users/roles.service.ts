import type { Db } from '#api/db';
import { notFound } from '#api/errors';
import { toIso } from '#api/lib/convert';
import { usersRepo, type UserRow } from './users.repo';

/** An editor as `npm run editor -- list` shows them. */
export interface EditorListing {
  username: string;
  email: string;
  /** ISO-8601 UTC: when the role was granted. */
  since: string;
}

/**
 * Granting and revoking the editor role. Only `npm run editor` (scripts/editor.ts), run where the
 * server runs and on its database, calls this: no API call, setting or sign-up name does. The API
 * reads `users.role` on every request, so a change counts from the user's next request, with no
 * restart and no new sign-in.
 */
export function rolesService(db: Db) {
  const repo = usersRepo(db);

  /** The user by username (any letter case, as sign-in matches; a leading @ is allowed), or a 404 that names it. */
  const userNamed = async (raw: string): Promise<UserRow> => {
    const username = raw.trim().replace(/^@/, '');
    const row = username ? await repo.findByUsername(username) : undefined;
    if (!row) throw notFound(`No user named "${username}". They must sign up first; usernames are matched in any letter case.`);
    return row;
  };

  const listing = (row: Pick<UserRow, 'username' | 'email' | 'role_granted_at'>): EditorListing => ({
    username: row.username,
    email: row.email,
    since: toIso(row.role_granted_at),
  });

  return {
    /** Makes the user an editor; `changed` is false when they already were (and `since` says from when). */
    async grantEditor(username: string): Promise<{ changed: boolean; editor: EditorListing }> {
      const row = await userNamed(username);
      const changed = await repo.setRole(row.id, 'editor');
      const now = (await repo.findById(row.id)) ?? row;
      return { changed, editor: listing(now) };
    },
    /** Takes the editor role back; `changed` is false when they did not hold it. */
    async revokeEditor(username: string): Promise<{ changed: boolean; username: string }> {
      const row = await userNamed(username);
      const changed = row.role === 'editor' ? await repo.setRole(row.id, 'user') : false;
      return { changed, username: row.username };
    },
    async listEditors(): Promise<EditorListing[]> {
      return (await repo.listByRole('editor')).map(listing);
    },
  };
}

export type RolesService = ReturnType<typeof rolesService>;
