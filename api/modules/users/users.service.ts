import { parseSocialLinks, type LoginInput, type SignupInput, type UpdateAvatarInput, type UpdateProfileInput, type User } from '#contract';
import type { Db } from '#api/db';
import { AppError, conflict, constraintKind, notFound, unauthorized } from '#api/errors';
import { toIso } from '#api/lib/convert';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from '#api/lib/password';
import type { ObjectsService } from '../objects/objects.service';
import { usersRepo, type UserRow } from './users.repo';

export type { UserRow };

/**
 * The stored form of socialLinks: a JSON string holding only `x` and `instagram`, the legacy
 * `twitter` read as `x`, empty values dropped, and null when nothing is left (or it is unreadable).
 */
export function normalizeSocialLinks(raw: string | null | undefined): string | null {
  const links = parseSocialLinks(raw);
  return Object.keys(links).length ? JSON.stringify(links) : null;
}

const emptyToNull = (value: string | undefined): string | null => (value ? value : null);

/**
 * Editors hold the stored `editor` role, granted only with `npm run editor -- grant` (roles.service.ts).
 * A username never makes one: a name an operator meant for an editor could be signed up by anyone.
 */
export function isEditor(row: Pick<UserRow, 'role'>): boolean {
  return row.role === 'editor';
}

/** The API shape of a user. A password hash never leaves; the email only to its owner. */
export function toUser(row: UserRow, opts: { includeEmail: boolean }): User {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    ...(opts.includeEmail ? { email: row.email } : {}),
    avatarUrl: row.avatar_url,
    bio: row.bio,
    website: row.website,
    socialLinks: normalizeSocialLinks(row.social_links),
    isEditor: isEditor(row),
    createdAt: toIso(row.created_at),
  };
}

export function usersService(db: Db, objects: ObjectsService) {
  const repo = usersRepo(db);

  /** The signed-in user's row after a change; gone (account deleted) means the session is over. */
  const ownUser = (row: UserRow | undefined): User => {
    if (!row) throw unauthorized('Your session has ended. Please sign in again.');
    return toUser(row, { includeEmail: true });
  };

  return {
    /** A public profile; the email only when `viewerId` is the user themself. An unknown id is 404. */
    async getProfile(id: number, viewerId: number | null): Promise<User> {
      const row = await repo.findById(id);
      if (!row) throw notFound('User not found.');
      return toUser(row, { includeEmail: viewerId === row.id });
    },
    /**
     * Replaces the profile fields of `userId` (already checked to be the signed-in user). The form
     * sends all three; an empty or omitted one is cleared, which is how socialLinks "omitted when empty" clears.
     */
    async updateProfile(userId: number, data: UpdateProfileInput): Promise<User> {
      // The schema refused links with a scheme other than http(s) (isSocialLink in the contract).
      return ownUser(
        await repo.update(userId, {
          bio: emptyToNull(data.bio),
          website: emptyToNull(data.website),
          social_links: normalizeSocialLinks(data.socialLinks),
        }),
      );
    },
    /** Sets the avatar to an image this server stored for `userId`; stores its path `/objects/{id}` and deletes the image it replaces. */
    async updateAvatar(userId: number, { avatarUrl }: UpdateAvatarInput, origin: string): Promise<User> {
      const avatarPath = await objects.ownedObjectPath(avatarUrl, origin, userId);
      const previous = (await repo.findById(userId))?.avatar_url ?? null;
      const updated = ownUser(await repo.update(userId, { avatar_url: avatarPath }));
      await objects.removeReplaced(previous, avatarPath, userId);
      return updated;
    },
    async signup(data: SignupInput): Promise<{ user: User; remember: boolean }> {
      if (await repo.findByUsername(data.username)) throw conflict('That username is already taken.');
      if (await repo.findByEmail(data.email)) throw conflict('An account with that email already exists.');
      const passwordHash = await hashPassword(data.password);
      try {
        const row = await repo.create({ username: data.username, email: data.email, name: data.name || data.username, passwordHash });
        return { user: toUser(row, { includeEmail: true }), remember: data.remember ?? true };
      } catch (err) {
        // Two sign-ups racing for one name: the unique index decides, the loser gets a clear 409.
        if (constraintKind(err) === 'unique') throw conflict('That username or email is already taken.');
        throw err;
      }
    },
    async login(data: LoginInput): Promise<{ user: User; remember: boolean }> {
      const row = await repo.findByUsername(data.username);
      const ok = await verifyPassword(data.password, row?.password_hash ?? (await DUMMY_HASH_PROMISE));
      if (!row || !ok) throw unauthorized('Invalid username or password.');
      return { user: toUser(row, { includeEmail: true }), remember: data.remember ?? true };
    },
    /** The signed-in user (`userId` from the session, null without one); 401 when there is none. */
    async me(userId: number | null): Promise<User> {
      const row = userId === null ? undefined : await repo.findById(userId);
      if (!row) throw unauthorized('Your session has ended. Please sign in again.');
      return toUser(row, { includeEmail: true });
    },
    /** Whether the user holds the editor role now (null: no such account), for `requireEditor` (middleware/auth.ts). */
    async isEditorNow(userId: number): Promise<boolean | null> {
      const row = await repo.findById(userId);
      return row ? isEditor(row) : null;
    },
  };
}

export type UsersService = ReturnType<typeof usersService>;
export { AppError };
