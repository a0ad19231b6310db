import crypto from 'node:crypto';
import type Koa from 'koa';
import session from 'koa-session';
import type { Db } from '../db';

export const SESSION_COOKIE = 'cik.sid';
export const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
/** Server-side lifetime of a "browser session" login: the cookie dies with the browser, the row after a week. */
const BROWSER_SESSION_MS = 7 * 24 * 60 * 60 * 1000;

export interface SessionData {
  userId?: number;
  /** Set for an anonymous browser whose keyed write was answered: its session scopes its Idempotency-Keys. */
  anonymous?: true;
}

/**
 * Sessions live in the database, not in the cookie or in process memory: logout really ends
 * them, and several API processes behind a load balancer see the same sessions.
 */
export function databaseSessionStore(db: Db) {
  return {
    async get(key: string) {
      const row = await db('sessions').where({ id: key }).first('data', 'expires_at');
      if (!row) return undefined;
      if (Number(row.expires_at) < Date.now()) {
        await db('sessions').where({ id: key }).delete();
        return undefined;
      }
      try {
        return JSON.parse(row.data as string) as Record<string, unknown>;
      } catch {
        return undefined;
      }
    },
    async set(key: string, sess: Record<string, unknown>, maxAge: number | 'session' | undefined) {
      const ttl = typeof maxAge === 'number' ? maxAge : BROWSER_SESSION_MS;
      // `user_id` lets a password reset, a password change or a deletion end all of a user's
      // sessions at once (docs/decisions/018-account-tokens-and-sessions.md).
      const userId = typeof sess.userId === 'number' ? sess.userId : null;
      const row = { id: key, data: JSON.stringify(sess), expires_at: Date.now() + ttl, user_id: userId };
      await db('sessions').insert(row).onConflict('id').merge(['data', 'expires_at', 'user_id']);
    },
    async destroy(key: string) {
      await db('sessions').where({ id: key }).delete();
    },
  };
}

export interface SessionCookieOptions {
  /**
   * The public origin is https (`PUBLIC_URL`): the cookie is always `Secure`, also where TLS ends
   * at a proxy the app does not trust for `X-Forwarded-Proto`, so Koa sees plain http.
   */
  httpsOrigin: boolean;
}

/**
 * The session cookie is `Secure` whenever the request is https as Koa sees it (`ctx.secure`: TLS
 * here, or a trusted proxy's `X-Forwarded-Proto` under `TRUST_PROXY`), or the public origin is
 * https. koa-session's own `secure` option cannot say the latter: the cookies library refuses to
 * send a Secure cookie over a connection it thinks is unencrypted, so the request's cookie jar is
 * told instead, and every cookie it sets then carries `Secure`.
 */
export function sessionMiddleware(app: Koa, db: Db, { httpsOrigin }: SessionCookieOptions = { httpsOrigin: false }): Koa.Middleware {
  const sessions = session(
    {
      key: SESSION_COOKIE,
      maxAge: REMEMBER_MS,
      httpOnly: true,
      signed: true,
      sameSite: 'lax',
      renew: true,
      store: databaseSessionStore(db),
      genid: () => crypto.randomBytes(24).toString('base64url'),
    },
    app,
  ) as Koa.Middleware;
  if (!httpsOrigin) return sessions;
  return (ctx, next) => {
    ctx.cookies.secure = true;
    return sessions(ctx, next);
  };
}

/** Drops sessions past their expiry; cheap, so it runs at start and then hourly. */
export async function purgeExpiredSessions(db: Db): Promise<number> {
  return db('sessions').where('expires_at', '<', Date.now()).delete();
}
