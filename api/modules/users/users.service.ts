import type { Context } from 'koa';
import { loginInputSchema, signupInputSchema, type User } from '../../../contract/index.js';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db.js';
import { AppError, conflict, constraintKind, forbidden, unauthorized } from '../../errors.js';
import { toIso } from '../../lib/convert.js';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from '../../lib/password.js';
import { sessionUserId } from '../../middleware/auth.js';
import { usersRepo, type UserRow } from './users.repo.js';

/** Editors are named by EDITOR_USERNAMES (case-insensitive) or hold the stored `editor` role. */
export function isEditor(row: Pick<UserRow, 'username' | 'role'>, config: Pick<AppConfig, 'editorUsernames'>): boolean {
  return row.role === 'editor' || config.editorUsernames.has(row.username.toLowerCase());
}

/** The API shape of a user. A password hash never leaves; the email only to its owner. */
export function toUser(row: UserRow, config: Pick<AppConfig, 'editorUsernames'>, opts: { includeEmail: boolean }): User {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    ...(opts.includeEmail ? { email: row.email } : {}),
    avatarUrl: row.avatar_url,
    bio: row.bio,
    website: row.website,
    socialLinks: row.social_links,
    isEditor: isEditor(row, config),
    createdAt: toIso(row.created_at),
  };
}

export function usersService(db: Db, config: AppConfig) {
  const repo = usersRepo(db);
  return {
    repo,
    async signup(input: unknown): Promise<{ user: User; remember: boolean }> {
      const data = signupInputSchema.parse(input);
      if (await repo.findByUsername(data.username)) throw conflict('That username is already taken.');
      if (await repo.findByEmail(data.email)) throw conflict('An account with that email already exists.');
      const passwordHash = await hashPassword(data.password);
      try {
        const row = await repo.create({ username: data.username, email: data.email, name: data.name || data.username, passwordHash });
        return { user: toUser(row, config, { includeEmail: true }), remember: data.remember ?? true };
      } catch (err) {
        // Two sign-ups racing for one name: the unique index decides, the loser gets a clear 409.
        if (constraintKind(err) === 'unique') throw conflict('That username or email is already taken.');
        throw err;
      }
    },
    async login(input: unknown): Promise<{ user: User; remember: boolean }> {
      const data = loginInputSchema.parse(input);
      const row = await repo.findByUsername(data.username);
      const ok = await verifyPassword(data.password, row?.password_hash ?? (await DUMMY_HASH_PROMISE));
      if (!row || !ok) throw unauthorized('Invalid username or password.');
      return { user: toUser(row, config, { includeEmail: true }), remember: data.remember ?? true };
    },
    async me(ctx: Context): Promise<User> {
      const id = sessionUserId(ctx);
      const row = id === null ? undefined : await repo.findById(id);
      if (!row) throw unauthorized('Your session has ended. Please sign in again.');
      return toUser(row, config, { includeEmail: true });
    },
    /** 401 without a session, 403 for a signed-in non-editor. */
    async requireEditor(ctx: Context): Promise<UserRow> {
      const id = sessionUserId(ctx);
      if (id === null) throw unauthorized('Please sign in as an editor.');
      const row = await repo.findById(id);
      if (!row) throw unauthorized('Your session has ended. Please sign in again.');
      if (!isEditor(row, config)) throw forbidden('Only editors can manage blog posts.');
      return row;
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
export { AppError };
