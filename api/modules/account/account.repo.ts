import type { Knex } from 'knex';
import type { Db } from '#api/db';
import { nowIso } from '#api/lib/convert';
import type { UserRow } from '#api/modules/users/users.service';

/** The users row as this module reads it: the users module's own (the columns `toUser` shows, and the hash it checks). */
export type AccountRow = UserRow;

export type TokenPurpose = 'reset-password' | 'confirm-email';

export interface TokenRow {
  id: number;
  user_id: number;
  purpose: TokenPurpose;
  email: string | null;
  expires_at: unknown;
  used_at: unknown;
}

type Handle = Db | Knex.Transaction;

/** The SQL of the reader's account (docs/product.md#the-readers-account); rules are in account.service.ts. */
export function accountRepo(db: Handle) {
  return {
    async findUser(id: number): Promise<AccountRow | undefined> {
      return db<AccountRow>('users').where({ id }).first();
    },
    /** A username or an email, any case (both have a lower() unique index). */
    async findByLogin(login: string): Promise<AccountRow | undefined> {
      return db<AccountRow>('users').whereRaw('lower(username) = lower(?) or lower(email) = lower(?)', [login, login]).first();
    },
    async findByEmail(email: string): Promise<AccountRow | undefined> {
      return db<AccountRow>('users').whereRaw('lower(email) = lower(?)', [email]).first();
    },
    async setPassword(id: number, passwordHash: string): Promise<void> {
      await db('users').where({ id }).update({ password_hash: passwordHash, updated_at: nowIso() });
    },
    async setEmail(id: number, email: string): Promise<void> {
      await db('users').where({ id }).update({ email, updated_at: nowIso() });
    },

    /** Ends the user's unused links of `purpose` (a new one replaces them); `userId` 0 names no one and changes nothing. */
    async retireTokens(userId: number, purpose: TokenPurpose, now: number): Promise<void> {
      await db('account_tokens').where({ user_id: userId, purpose }).whereNull('used_at').update({ used_at: now });
    },
    async insertToken(row: { userId: number; purpose: TokenPurpose; tokenHash: string; email?: string; expiresAt: number; now: number }): Promise<void> {
      await db('account_tokens').insert({
        user_id: row.userId,
        purpose: row.purpose,
        token_hash: row.tokenHash,
        email: row.email ?? null,
        expires_at: row.expiresAt,
        created_at: row.now,
      });
    },
    async findToken(tokenHash: string, purpose: TokenPurpose): Promise<TokenRow | undefined> {
      const row: TokenRow | undefined = await db('account_tokens').where({ token_hash: tokenHash, purpose }).first('id', 'user_id', 'purpose', 'email', 'expires_at', 'used_at');
      return row;
    },
    /** Marks the link used, if it still can be (unused, not expired): true for the one caller that did. */
    async useToken(id: number, now: number): Promise<boolean> {
      const n = await db('account_tokens').where({ id }).whereNull('used_at').where('expires_at', '>', now).update({ used_at: now });
      return Number(n) === 1;
    },
    /** Every address the user's email-change links were sent to (they are the reader's too). */
    async addressesOfEmailChanges(userId: number): Promise<string[]> {
      const rows = (await db('account_tokens').where({ user_id: userId, purpose: 'confirm-email' }).whereNotNull('email').distinct('email')) as Array<{ email: string }>;
      return rows.map((r) => r.email);
    },
    /** Forgets links that can no longer be used a day after they stopped working. */
    async purgeOldTokens(now: number): Promise<void> {
      const dayAgo = now - 24 * 60 * 60 * 1000;
      await db('account_tokens').where('expires_at', '<', dayAgo).delete();
    },

    /** Ends the user's sessions, all but `keepId` when given (docs/decisions/018). */
    async endSessions(userId: number, keepId?: string): Promise<number> {
      const q = db('sessions').where({ user_id: userId });
      if (keepId) q.whereNot({ id: keepId });
      return Number(await q.delete());
    },

    // The export (contract/account.ts, accountExportSchema).
    async bookmarks(userId: number) {
      return db('bookmarks').where({ user_id: userId }).orderBy([{ column: 'created_at' }, { column: 'id' }]).select('id', 'content_type', 'content_id', 'folder_id', 'created_at');
    },
    async folders(userId: number) {
      return db('bookmark_folders').where({ user_id: userId }).orderBy([{ column: 'created_at' }, { column: 'id' }]).select('id', 'name', 'color', 'created_at');
    },
    async progress(userId: number) {
      return db('progress')
        .where({ user_id: userId })
        .orderBy([{ column: 'updated_at' }, { column: 'content_type' }, { column: 'content_id' }])
        .select('content_type', 'content_id', 'completed', 'progress_percent', 'updated_at');
    },
    async comments(userId: number) {
      return db('comments').where({ user_id: userId }).orderBy('id').select('id', 'content_type', 'content_id', 'comment', 'hidden', 'created_at');
    },
    async hearts(userId: number) {
      return db('devotional_hearts').where({ user_id: userId }).orderBy([{ column: 'created_at' }, { column: 'devotional_id' }]).select('devotional_id', 'created_at');
    },
    async reports(userId: number) {
      return db('comment_reports').where({ reporter_id: userId }).orderBy([{ column: 'created_at' }, { column: 'comment_id' }]).select('comment_id', 'reason', 'created_at');
    },
    /** The newsletter row of `email`, all its columns (the confirmation's, once the double opt-in has them). */
    async subscription(email: string): Promise<Record<string, unknown> | undefined> {
      return db('newsletter_subscriptions').whereRaw('lower(email) = lower(?)', [email]).first();
    },

    /**
     * Removes the account and what is the reader's alone, in the caller's transaction. Rows with a
     * foreign key to users cascade (bookmarks, folders, progress, comments and their reports,
     * hearts, reports made, links) or are set null (a post's author, the desk's Activity, an
     * upload a post still shows: migrations 001, 008, 009, 015); the rest is deleted here.
     * Posts' `updated_by` and their versions' `saved_by` have no key (migration 010): they are
     * cleared here, so a post last saved by the account names no one ("updatedBy: null").
     */
    async deleteAccount(userId: number, email: string): Promise<void> {
      await db('sessions').where({ user_id: userId }).delete();
      // Uploads no post uses go with the account (an avatar, a picture never used).
      await db('uploaded_objects')
        .where({ user_id: userId })
        .whereNotExists(db('post_objects').select(db.raw('1')).whereRaw('post_objects.object_id = uploaded_objects.id'))
        .delete();
      await db('blog_posts').where({ updated_by: userId }).update({ updated_by: null });
      await db('blog_post_versions').where({ saved_by: userId }).update({ saved_by: null });
      await db('newsletter_subscriptions').whereRaw('lower(email) = lower(?)', [email]).delete();
      await db('users').where({ id: userId }).delete();
    },
  };
}
