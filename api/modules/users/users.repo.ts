import type { Db } from '#api/db';
import { nowIso } from '#api/lib/convert';

export interface UserRow {
  id: number;
  username: string;
  email: string;
  name: string;
  password_hash: string;
  /** 'user' or 'editor'; read on every request, so a grant or revoke counts from the user's next one. */
  role: string;
  /** When the current role other than 'user' was granted; null for plain users. */
  role_granted_at: unknown;
  avatar_url: string | null;
  bio: string | null;
  website: string | null;
  social_links: string | null;
  created_at: unknown;
  updated_at: unknown;
}

export type Role = 'user' | 'editor';

export interface RoleHolder {
  username: string;
  email: string;
  role_granted_at: unknown;
}

export type ProfilePatch = Partial<Pick<UserRow, 'avatar_url' | 'bio' | 'website' | 'social_links' | 'name'>>;

export function usersRepo(db: Db) {
  return {
    async findById(id: number): Promise<UserRow | undefined> {
      return db<UserRow>('users').where({ id }).first();
    },
    /** Usernames are unique case-insensitively; lookups match the same way (uses the lower() index). */
    async findByUsername(username: string): Promise<UserRow | undefined> {
      return db<UserRow>('users').whereRaw('lower(username) = lower(?)', [username]).first();
    },
    async findByEmail(email: string): Promise<UserRow | undefined> {
      return db<UserRow>('users').whereRaw('lower(email) = lower(?)', [email]).first();
    },
    async create(input: { username: string; email: string; name: string; passwordHash: string }): Promise<UserRow> {
      const now = nowIso();
      const [row] = await db<UserRow>('users')
        .insert({ username: input.username, email: input.email, name: input.name, password_hash: input.passwordHash, role: 'user', created_at: now, updated_at: now })
        .returning('*');
      return row as UserRow;
    },
    /**
     * Gives `role` to the user, only if they do not hold it already (a conditional update, so two
     * grants at once date it once). True when it changed. 'user' takes any other role back.
     */
    async setRole(id: number, role: Role): Promise<boolean> {
      const now = nowIso();
      const changed = await db('users')
        .where({ id })
        .whereNot({ role })
        .update({ role, role_granted_at: role === 'user' ? null : now, updated_at: now });
      return changed > 0;
    },
    /** Everyone holding `role`, longest-standing first. */
    async listByRole(role: Role): Promise<RoleHolder[]> {
      return db('users').where({ role }).orderBy([{ column: 'role_granted_at' }, { column: 'id' }]).select('username', 'email', 'role_granted_at');
    },
    async update(id: number, patch: ProfilePatch): Promise<UserRow | undefined> {
      await db('users').where({ id }).update({ ...patch, updated_at: nowIso() });
      return db<UserRow>('users').where({ id }).first();
    },
  };
}
