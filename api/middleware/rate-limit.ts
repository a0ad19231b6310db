import type { Context, Next } from 'koa';
import { RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimit, RateLimitsConfig } from '../config';
import type { Db } from '../db';
import { AppError } from '../errors';
import { KnexRateLimiter } from '../lib/rate-limit-store';
import { sessionUserId } from './auth';

/**
 * The API's rate limits (DESIGN "API rules": sign-in per address and per account, anonymous
 * writes per address, signed-in writes per user). Counters live in the database, so every process
 * on it counts together; the address is `ctx.ip`, which believes X-Forwarded-For only as far as
 * TRUST_PROXY hops (app.ts), so a client cannot pick its own.
 *
 * One middleware for all limited calls, mounted before the idempotency middleware: a keyed write
 * runs inside a database transaction (request-transaction.ts), and on SQLite's one connection a
 * counter update waiting for the pool there would wait forever. Counting first also means a
 * refused or rolled-back call still counts. Paths match the way the router matches them:
 * case-insensitive, with an optional trailing slash.
 */

type Subject = 'address' | 'user' | 'account';

interface Check {
  limiter: KnexRateLimiter;
  subject: Subject;
  /** Points handed back when the call succeeds (2xx): only failed sign-ins count against an account. */
  refundOnSuccess?: boolean;
  /** The body's field that names the account (subject 'account'): `username` unless told. */
  accountField?: 'username' | 'login';
}

interface Rule {
  path: RegExp;
  /** The methods it limits; POST when not given. */
  methods?: readonly string[];
  checks: Check[];
  /** What is being limited, in the refusal: "Too many {what}. Please try again in …". */
  what: string;
}

const route = (path: string) => new RegExp(`^/api/${path}/?$`, 'i');

/** The account a sign-in names, as the users table compares it (trimmed, any case); null when there is none to count. */
function accountOf(ctx: Context, field: 'username' | 'login' = 'username'): string | null {
  const username = (ctx.request.body as Record<string, unknown> | undefined)?.[field];
  if (typeof username !== 'string') return null;
  const normalised = username.trim().toLowerCase();
  return normalised.length > 0 && normalised.length <= 254 ? normalised : null;
}

function subjectKey(ctx: Context, { subject, accountField }: Check): string | null {
  if (subject === 'address') return ctx.ip || 'unknown';
  if (subject === 'user') {
    const id = sessionUserId(ctx);
    return id === null ? null : String(id);
  }
  return accountOf(ctx, accountField);
}

/** "30 seconds", "1 minute", "15 minutes": how long until the refusing window ends. */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export function rateLimits({ db, limits }: { db: Db; limits: RateLimitsConfig }) {
  const limiter = (keyPrefix: string, limit: RateLimit) =>
    new KnexRateLimiter({ db, keyPrefix, points: limit.max, duration: Math.ceil(limit.windowMs / 1000) });
  const authPerAddress = limiter('auth-ip', limits.authPerAddress);
  const loginPerAccount = limiter('login-account', limits.loginPerAccount);
  const anonymousWrites = limiter('anon-write', limits.anonymousWritesPerAddress);
  const userWrites = limiter('user-write', limits.userWritesPerUser);
  // Reset links asked for one account: as many as its sign-ins, counted apart so that asking for
  // links never locks its owner out of signing in (docs/product.md#the-readers-account).
  const resetLinksPerAccount = limiter('reset-account', limits.loginPerAccount);
  const passwordChecksPerUser = limiter('password-check-user', limits.loginPerAccount);

  const rules: Rule[] = [
    {
      path: route('auth/login'),
      what: 'sign-in attempts',
      checks: [
        { limiter: authPerAddress, subject: 'address' },
        { limiter: loginPerAccount, subject: 'account', refundOnSuccess: true },
      ],
    },
    { path: route('(auth/signup|users)'), what: 'sign-up attempts', checks: [{ limiter: authPerAddress, subject: 'address' }] },
    // Each forgotten-password request mails someone: per address, and per login named (username or
    // email, any case), so one inbox cannot be flooded from many addresses either.
    {
      path: route('auth/forgot-password'),
      what: 'password reset requests',
      checks: [
        { limiter: authPerAddress, subject: 'address' },
        { limiter: resetLinksPerAccount, subject: 'account', accountField: 'login' },
      ],
    },
    // Guessing a reset token is hopeless (32 random bytes), but it is still a sign-in: per address.
    { path: route('auth/reset-password'), what: 'password reset attempts', checks: [{ limiter: authPerAddress, subject: 'address' }] },
    // The account's own calls that ask for the password (change it or the email, delete the
    // account): a session someone else got hold of must not become a way to guess the password
    // and keep the account. Failed checks count per user, as failed sign-ins count per account.
    {
      path: /^\/api\/users\/[^/]+(\/password|\/email)?\/?$/i,
      methods: ['PUT', 'DELETE'],
      what: 'password attempts',
      checks: [{ limiter: passwordChecksPerUser, subject: 'user', refundOnSuccess: true }],
    },
    // Writes anyone may make, signed in or not: per address, so new accounts buy no extra room.
    { path: route('(questions|newsletter|videos/[^/]+/views|blog/[^/]+/views)'), what: 'requests', checks: [{ limiter: anonymousWrites, subject: 'address' }] },
    // Writes that need a session: per user, from wherever they come. Without a session the call is a 401 anyway.
    // A report is a comment's counterpart: a reader cannot flood the desk's queue either. A folder
    // is a new row each time too (bookmarks, progress and hearts set a state, which repeats cannot grow).
    { path: route('(comments|comments/[^/]+/report|objects/upload|bookmark-categories)'), what: 'requests', checks: [{ limiter: userWrites, subject: 'user' }] },
  ];

  return async (ctx: Context, next: Next) => {
    const rule = rules.find((r) => (r.methods ?? ['POST']).includes(ctx.method) && r.path.test(ctx.path));
    if (!rule) return next();

    // In order, stopping at the first refusal: an attempt refused for its address does not also
    // count against the account it named.
    const counted: { check: Check; key: string }[] = [];
    for (const check of rule.checks) {
      const key = subjectKey(ctx, check);
      if (key === null) continue;
      try {
        await check.limiter.consume(key);
      } catch (refusal) {
        if (!(refusal instanceof RateLimiterRes)) throw refusal;
        const seconds = Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
        ctx.set('Retry-After', String(seconds));
        throw new AppError(429, `Too many ${rule.what}. Please try again in ${waitText(seconds)}.`);
      }
      counted.push({ check, key });
    }

    await next();

    if (ctx.status < 200 || ctx.status >= 300) return;
    for (const { check, key } of counted) {
      if (!check.refundOnSuccess) continue;
      // The answer is already decided: a failed refund costs the account one attempt, not the sign-in.
      await check.limiter.reward(key).catch((err: unknown) => ctx.app.emit('error', err, ctx));
    }
  };
}
