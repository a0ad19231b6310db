import crypto from 'node:crypto';
import {
  FORGOT_PASSWORD_MESSAGE,
  MAIL_LINK_PAGES,
  RESET_LINK_MINUTES,
  type AccountExport,
  type ChangeEmailInput,
  type ChangePasswordInput,
  type User,
} from '#contract';
import type { AppConfig } from '#api/config';
import type { Db } from '#api/db';
import { AppError, conflict, constraintKind, unauthorized } from '#api/errors';
import { toBool, toIso, toNumber } from '#api/lib/convert';
import { hashPassword, verifyPassword } from '#api/lib/password';
import { siteOrigin } from '#api/lib/site-url';
import { forgetMailTo, queueMail } from '#api/modules/mail/mail.service';
import { toUser } from '#api/modules/users/users.service';
import { accountRepo, type AccountRow, type TokenPurpose } from './account.repo';

type AccountRepo = ReturnType<typeof accountRepo>;

const LINK_MS = RESET_LINK_MINUTES * 60 * 1000;

export const BAD_RESET_LINK = 'This link is not valid or has expired. Ask for a new one.';
export const BAD_EMAIL_LINK = 'This link is not valid or has expired. Change your email again to get a new one.';
export const EMAIL_IN_USE = 'That email is already in use';
export const EMAIL_CHANGE_MESSAGE = 'Check your new inbox: the change is made when you open the link we sent there.';
export const EXPORT_NOTES =
  'Notes are not in this file: they stay on the device where they were written, and /notes exports them from there.';

/** A mailed link's token: 32 random bytes, URL-safe; only its sha256 is stored (docs/decisions/018). */
function newToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

const wrongPassword = (field: 'currentPassword' | 'password', message = field === 'currentPassword' ? 'Current password is incorrect' : 'Password is incorrect') =>
  new AppError(400, message, { field });

/** Rows as JSON: ISO times, real booleans and numbers on both databases. */
const iso = (value: unknown) => (value === null || value === undefined ? null : toIso(value));

/**
 * The reader's own account (docs/product.md#the-readers-account): password reset, change of
 * password and email, export and deletion. Mailed links are one-use tokens stored hashed, and the
 * calls that change who can sign in end the user's other sessions (docs/decisions/018).
 */
export function accountService(db: Db, config: AppConfig) {
  const repo = accountRepo(db);
  /** Where mailed links point: PUBLIC_URL, else a loopback origin the request came to (api/lib/site-url.ts). */
  const site = (requestOrigin: string) => siteOrigin(config, requestOrigin);

  /** The signed-in user's row, checked against `password`; a gone account is a 401. */
  async function checkedUser(userId: number, password: string, field: 'currentPassword' | 'password'): Promise<AccountRow> {
    const row = await repo.findUser(userId);
    if (!row) throw unauthorized('Your session has ended. Please sign in again.');
    if (!(await verifyPassword(password, row.password_hash))) throw wrongPassword(field);
    return row;
  }

  /** A link's token row, unused and in date, or a 400 with `message`. */
  async function liveToken(on: AccountRepo, token: string, purpose: TokenPurpose, message: string, now = Date.now()) {
    const row = await on.findToken(hashToken(token), purpose);
    if (!row || row.used_at !== null || toNumber(row.expires_at) <= now) throw new AppError(400, message);
    return row;
  }

  return {
    /**
     * Mails a reset link when `login` (a username or an email, any case) names an account; the
     * answer is the same either way, and so is the work done before it: a lookup, then one
     * transaction that retires the account's older links (none for no account) and writes.
     */
    async forgotPassword(login: string, origin: string): Promise<{ message: string }> {
      const now = Date.now();
      const { token, hash } = newToken();
      const row = await repo.findByLogin(login.trim());
      await db.transaction(async (trx) => {
        const tx = accountRepo(trx);
        await tx.retireTokens(row?.id ?? 0, 'reset-password', now);
        await tx.purgeOldTokens(now);
        if (!row) return;
        await tx.insertToken({ userId: row.id, purpose: 'reset-password', tokenHash: hash, expiresAt: now + LINK_MS, now });
        const link = `${site(origin)}/reset-password?token=${token}`;
        await queueMail(trx, {
          to: row.email,
          subject: 'Reset your password',
          kind: 'password-reset',
          text: [
            `Hello ${row.name},`,
            '',
            `Someone (we hope you) asked to reset the password of your account @${row.username}. Open this link to choose a new one:`,
            '',
            link,
            '',
            `The link works once, for ${RESET_LINK_MINUTES} minutes. If you did not ask, ignore this mail: your password stays as it is.`,
          ].join('\n'),
        });
      });
      return { message: FORGOT_PASSWORD_MESSAGE };
    },

    /**
     * Sets a new password from a reset link (one use), and ends every session of the account:
     * whoever may have known the old password is out. The caller then signs the reader in afresh.
     */
    async resetPassword(token: string, password: string): Promise<User> {
      const passwordHash = await hashPassword(password);
      return db.transaction(async (trx) => {
        const tx = accountRepo(trx);
        const now = Date.now();
        const link = await liveToken(tx, token, 'reset-password', BAD_RESET_LINK, now);
        if (!(await tx.useToken(link.id, now))) throw new AppError(400, BAD_RESET_LINK);
        const row = await tx.findUser(link.user_id);
        if (!row) throw new AppError(400, BAD_RESET_LINK);
        await tx.setPassword(row.id, passwordHash);
        await tx.retireTokens(row.id, 'reset-password', now);
        await tx.endSessions(row.id);
        return toUser(row, { includeEmail: true });
      });
    },

    /**
     * Changes the password, the current one checked. Every session of the account ends (the
     * caller gives the current one a new id): after a change of password one expects a device
     * signed in with the old one, maybe someone else's, to be signed out (docs/product.md#the-readers-account).
     */
    async changePassword(userId: number, input: ChangePasswordInput): Promise<void> {
      await checkedUser(userId, input.currentPassword, 'currentPassword');
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (trx) => {
        const tx = accountRepo(trx);
        await tx.setPassword(userId, passwordHash);
        // A reset link asked for before the change would undo it.
        await tx.retireTokens(userId, 'reset-password', Date.now());
        await tx.endSessions(userId);
      });
    },

    /**
     * Asks to change the email: the password checked, the address not another account's (409:
     * the reader is signed in and the sign-up form says as much), a link to the new address and a
     * notice to the old one. Nothing changes until the link is opened.
     */
    async requestEmailChange(userId: number, input: ChangeEmailInput, origin: string): Promise<{ message: string }> {
      const row = await checkedUser(userId, input.password, 'password');
      const email = input.email;
      if (email.toLowerCase() === row.email.toLowerCase()) throw new AppError(400, 'That is already your email.', { field: 'email' });
      const other = await repo.findByEmail(email);
      if (other && other.id !== userId) throw new AppError(409, EMAIL_IN_USE, { field: 'email' });
      const now = Date.now();
      const { token, hash } = newToken();
      await db.transaction(async (trx) => {
        const tx = accountRepo(trx);
        await tx.retireTokens(userId, 'confirm-email', now);
        await tx.insertToken({ userId, purpose: 'confirm-email', tokenHash: hash, email, expiresAt: now + LINK_MS, now });
        await queueMail(trx, {
          to: email,
          subject: 'Confirm your new email',
          kind: 'email-change',
          text: [
            `Hello ${row.name},`,
            '',
            `To make ${email} the email of your account @${row.username}, open this link:`,
            '',
            `${site(origin)}${MAIL_LINK_PAGES.confirmEmail}?token=${token}`,
            '',
            `The link works once, for ${RESET_LINK_MINUTES} minutes. If you did not ask for this, ignore this mail.`,
          ].join('\n'),
        });
        await queueMail(trx, {
          to: row.email,
          subject: 'Your email is being changed',
          kind: 'email-change-notice',
          text: [
            `Hello ${row.name},`,
            '',
            `Your email is being changed to ${email}: we sent a link there, and the change is made when it is opened.`,
            '',
            `If this wasn't you, change your password at ${site(origin)}/profile: that also signs out every other device.`,
          ].join('\n'),
        });
      });
      return { message: EMAIL_CHANGE_MESSAGE };
    },

    /** What a confirmation link would change (for its page), or a 400: it changes nothing. */
    async emailLink(token: string): Promise<{ email: string }> {
      const link = await liveToken(repo, token, 'confirm-email', BAD_EMAIL_LINK);
      return { email: link.email ?? '' };
    },

    /** Sets the email from a confirmation link (one use); 409 when another account took it meanwhile. */
    async confirmEmail(token: string): Promise<{ email: string }> {
      try {
        return await db.transaction(async (trx) => {
          const tx = accountRepo(trx);
          const now = Date.now();
          const link = await liveToken(tx, token, 'confirm-email', BAD_EMAIL_LINK, now);
          if (!link.email) throw new AppError(400, BAD_EMAIL_LINK);
          // Checked again: another account may have taken the address since the link was sent.
          const other = await tx.findByEmail(link.email);
          if (other && other.id !== link.user_id) throw conflict(EMAIL_IN_USE);
          if (!(await tx.useToken(link.id, now))) throw new AppError(400, BAD_EMAIL_LINK);
          if (!(await tx.findUser(link.user_id))) throw new AppError(400, BAD_EMAIL_LINK);
          await tx.setEmail(link.user_id, link.email);
          return { email: link.email };
        });
      } catch (err) {
        // Two confirmations racing for one address: the unique index decides.
        if (constraintKind(err) === 'unique') throw conflict(EMAIL_IN_USE);
        throw err;
      }
    },

    /** Everything the site holds about the reader (contract/account.ts): never the password's hash. */
    async exportData(userId: number): Promise<AccountExport> {
      const row = await repo.findUser(userId);
      if (!row) throw unauthorized('Your session has ended. Please sign in again.');
      const [bookmarks, folders, progress, comments, hearts, reports, subscription] = await Promise.all([
        repo.bookmarks(userId),
        repo.folders(userId),
        repo.progress(userId),
        repo.comments(userId),
        repo.hearts(userId),
        repo.reports(userId),
        repo.subscription(row.email),
      ]);
      const profile = { ...toUser(row, { includeEmail: true }), role: row.role, updatedAt: iso(row.updated_at), commentReports: reports.map((r) => ({ commentId: toNumber(r.comment_id), reason: r.reason ?? null, reportedAt: iso(r.created_at) })) };
      return {
        exportedAt: new Date().toISOString(),
        profile,
        bookmarks: bookmarks.map((b) => ({ id: b.id, contentType: b.content_type, contentId: toNumber(b.content_id), folderId: b.folder_id ?? null, createdAt: iso(b.created_at) })),
        folders: folders.map((f) => ({ id: f.id, name: f.name, color: f.color, createdAt: iso(f.created_at) })),
        progress: progress.map((p) => ({
          contentType: p.content_type,
          contentId: toNumber(p.content_id),
          completed: toBool(p.completed),
          progressPercent: toNumber(p.progress_percent),
          updatedAt: iso(p.updated_at),
        })),
        comments: comments.map((c) => ({ id: toNumber(c.id), contentType: c.content_type, contentId: toNumber(c.content_id), comment: c.comment, hidden: toBool(c.hidden), createdAt: iso(c.created_at) })),
        hearts: hearts.map((h) => ({ devotionalId: toNumber(h.devotional_id), createdAt: iso(h.created_at) })),
        subscription: subscription ? subscriptionOf(subscription) : null,
        notes: EXPORT_NOTES,
      };
    },

    /**
     * Deletes the account, the password checked, in one transaction (account.repo.ts,
     * deleteAccount), with every message queued or kept for the reader's addresses: the account's
     * and those an email change was sent to (docs/decisions/016-outgoing-mail.md).
     */
    async deleteAccount(userId: number, password: string): Promise<void> {
      const row = await checkedUser(userId, password, 'password');
      await db.transaction(async (trx) => {
        const repo = accountRepo(trx);
        const addresses = [row.email, ...(await repo.addressesOfEmailChanges(userId))];
        await repo.deleteAccount(userId, row.email);
        await forgetMailTo(trx, addresses);
      });
    },
  };
}

/**
 * The reader's newsletter row: pending until its confirmation once the double opt-in adds
 * `confirmed_at` (migration 014); a row from before that was subscribed at once.
 */
function subscriptionOf(row: Record<string, unknown>): AccountExport['subscription'] {
  const confirmed = !('confirmed_at' in row) || row.confirmed_at !== null;
  return { email: String(row.email), status: confirmed ? 'confirmed' : 'pending', subscribedAt: toIso(row.created_at) };
}

export type AccountService = ReturnType<typeof accountService>;
