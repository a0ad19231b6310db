import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import addressparser from 'nodemailer/lib/addressparser';
import { z } from 'zod';

const DEV_SECRET = 'development-secret-change-me-in-production-0123456789';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().optional(),
  SESSION_SECRET: z.string().optional(),
  UPLOAD_DIR: z.string().default('data/uploads'),
  DIST_DIR: z.string().default('dist'),
  // How many reverse proxies in front of the server to believe. `true`/`false` are the old
  // spellings: `true` now means one proxy, never "whatever X-Forwarded-For says first".
  TRUST_PROXY: z
    .string()
    .trim()
    .default('0')
    .transform((v) => (v === 'true' ? '1' : v === 'false' ? '0' : v))
    .pipe(z.string().regex(/^\d{1,2}$/, 'TRUST_PROXY must be the number of proxy hops to trust (0, 1, 2…)'))
    .transform(Number),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  AUTH_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  LOGIN_ACCOUNT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  ANON_WRITE_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  USER_WRITE_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  WRITE_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  PUBLIC_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  EVENT_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(6),
  LOG_REQUESTS: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  PUBLIC_URL: z.string().optional(),
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  HOUSEKEEPING_INTERVAL_MS: z.coerce.number().int().min(50).default(60 * 60 * 1000),
  JOB_LEASE_MS: z.coerce.number().int().min(100).optional(),
  SITE_TIME_ZONE: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().trim().min(3, 'MAIL_FROM must be a sender address such as "context is key" <no-reply@example.org>').default('"context is key" <no-reply@localhost>'),
  MAIL_DIR: z.string().default('data/mail'),
  CARDS_DIR: z.string().default('data/cards'),
  MAIL_RATE_PER_SECOND: z.coerce.number().positive('MAIL_RATE_PER_SECOND must be more than 0').max(1000).default(10),
  DKIM_SELECTOR: z.string().trim().optional(),
  DKIM_PRIVATE_KEY_FILE: z.string().trim().optional(),
  MAIL_KEEP_DAYS: z.coerce.number().int('MAIL_KEEP_DAYS must be a whole number of days').min(1, 'MAIL_KEEP_DAYS must be at least 1').max(3650).default(30),
});

export type DatabaseConfig =
  | { client: 'sqlite'; filename: string }
  | { client: 'pg'; connectionString: string };

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  database: DatabaseConfig;
  sessionSecret: string;
  /** Where earlier versions kept uploads as files: migration 005 copies them into the database. */
  uploadDir: string;
  distDir: string;
  /** Reverse proxies in front of the server whose X-Forwarded-* to believe (TRUST_PROXY); 0: none. */
  trustProxyHops: number;
  /** null: nothing is limited; only for the bench's baseline, never from the environment. */
  rateLimits: RateLimitsConfig | null;
  logRequests: boolean;
  /** How long public GET answers may be served from memory (0 turns the cache off). */
  publicCacheMs: number;
  /**
   * Open live event streams (both routes, all processes) one client address may hold
   * (EVENT_STREAMS_PER_ADDRESS): docs/decisions/012-live-events.md.
   */
  eventStreamsPerAddress: number;
  /** The site's public origin (`https://example.org`, no trailing slash) for absolute links; null: each request's own origin. */
  publicUrl: string | null;
  /** API worker processes on this host (`node:cluster`); 1 runs the server in the `npm start` process itself. */
  webConcurrency: number;
  /** How often each process tries to run the background jobs (upload sweep, idempotency and session purge). */
  housekeepingIntervalMs: number;
  /** How long a job's lease lasts without renewal: after a holder dies, another process takes the job over within it. */
  jobLeaseMs: number;
  /** The IANA time zone whose date is "today" for the devotional and the desk's calendar (SITE_TIME_ZONE). */
  siteTimeZone: string;
  /** Outgoing mail (docs/decisions/016-outgoing-mail.md). */
  mail: MailConfig;
  /** A message sent or given up is deleted this many days later (MAIL_KEEP_DAYS; docs/decisions/016-outgoing-mail.md). */
  mailKeepDays: number;
  /** Where the share cards are kept once drawn (CARDS_DIR; docs/decisions/019-share-cards.md). */
  cardsDir: string;
}

/** Where the SMTP server is and how to reach it (SMTP_URL). */
export interface SmtpConfig {
  host: string;
  port: number;
  /** TLS from the first byte (`smtps://`); otherwise STARTTLS, see parseSmtpUrl. */
  secure: boolean;
  /** Plain `smtp://` to a loopback address: no STARTTLS. */
  ignoreTLS: boolean;
  /** Plain `smtp://` to any other host: STARTTLS or no mail, so passwords and mail never cross a network in clear. */
  requireTLS: boolean;
  auth: { user: string; pass: string } | null;
}

export interface MailConfig {
  /** null: each message is written as an `.eml` file into `dir` and logged. */
  smtp: SmtpConfig | null;
  /** The From of every message (MAIL_FROM). */
  from: string;
  /** Where messages go as `.eml` files when there is no SMTP_URL (MAIL_DIR). */
  dir: string;
  /** At most this many messages a second leave the site (MAIL_RATE_PER_SECOND). */
  ratePerSecond: number;
  /** The DKIM signature every message carries (DKIM_SELECTOR, DKIM_PRIVATE_KEY_FILE); absent or null: none. */
  dkim?: DkimConfig | null;
}

/** Signs mail for the domain of MAIL_FROM, so DMARC finds the signature aligned with the From. */
export interface DkimConfig {
  domainName: string;
  keySelector: string;
  /** PEM. */
  privateKey: string;
}

export interface RateLimit {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

export interface RateLimitsConfig {
  /** Sign-in and sign-up attempts per client address (AUTH_RATE_LIMIT per AUTH_RATE_WINDOW_SECONDS). */
  authPerAddress: RateLimit;
  /** Failed sign-ins per account, from any address (LOGIN_ACCOUNT_RATE_LIMIT per AUTH_RATE_WINDOW_SECONDS). */
  loginPerAccount: RateLimit;
  /** Anonymous writes (live questions, newsletter, view counts) per address. */
  anonymousWritesPerAddress: RateLimit;
  /** Signed-in writes (comments, upload tickets) per user. */
  userWritesPerUser: RateLimit;
}

export function parseDatabaseUrl(url: string | undefined): DatabaseConfig {
  if (!url) return { client: 'sqlite', filename: path.resolve('data/app.sqlite') };
  if (/^postgres(ql)?:\/\//i.test(url)) return { client: 'pg', connectionString: url };
  if (url.startsWith('sqlite:')) return { client: 'sqlite', filename: url === 'sqlite::memory:' ? ':memory:' : path.resolve(url.slice('sqlite:'.length)) };
  throw new Error(`DATABASE_URL must start with postgres://, postgresql:// or sqlite: (got "${url.split(':')[0]}:…")`);
}

/**
 * `PUBLIC_URL` as an origin without a trailing slash, or null when unset or blank. The app is
 * served from the root of its origin (the service worker's scope is `/`), so a path, query or
 * fragment would only produce links that do not exist: they are refused at boot.
 */
export function parsePublicUrl(value: string | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL such as https://example.org (got "${text}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PUBLIC_URL must start with http:// or https:// (got "${url.protocol}…")`);
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    throw new Error(`PUBLIC_URL must be an origin only, such as https://example.org: the app is served from its root (got "${text}")`);
  }
  return url.origin;
}

/**
 * `SITE_TIME_ZONE` as the IANA name Intl knows it by (`america/new_york` → `America/New_York`),
 * `UTC` when unset or blank. A name Intl does not know is refused at boot: "today" would
 * otherwise be wrong for every reader, silently.
 */
export function parseTimeZone(value: string | undefined): string {
  const text = value?.trim();
  if (!text) return 'UTC';
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: text }).resolvedOptions().timeZone;
  } catch {
    throw new Error(`SITE_TIME_ZONE must be an IANA time zone name such as UTC, Europe/London or America/New_York (got "${text}")`);
  }
}

const isLoopback = (host: string) => host === 'localhost' || host === '[::1]' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

/**
 * `SMTP_URL` (`smtp://user:pass@host:port` or `smtps://…`), or null when unset or blank: then mail
 * is written to files. `smtps://` speaks TLS from the start (port 465 unless given); `smtp://`
 * (port 587 unless given) requires STARTTLS, except to a loopback address, where a local relay
 * often has no certificate and nothing crosses a network. A malformed URL is refused at boot,
 * without echoing its password.
 */
export function parseSmtpUrl(value: string | undefined): SmtpConfig | null {
  const text = value?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error('SMTP_URL must be a URL such as smtp://user:password@mail.example.org:587 or smtps://user:password@mail.example.org:465');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error(`SMTP_URL must start with smtp:// or smtps:// (got "${url.protocol}…")`);
  if (!url.hostname) throw new Error('SMTP_URL must name a host, such as smtp://mail.example.org:587');
  if ((url.pathname && url.pathname !== '/') || url.search || url.hash) throw new Error('SMTP_URL must be scheme, user, password, host and port only (no path or query)');
  const secure = url.protocol === 'smtps:';
  const loopback = !secure && isLoopback(url.hostname);
  const user = decodeURIComponent(url.username);
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ignoreTLS: loopback,
    requireTLS: !secure && !loopback,
    auth: user ? { user, pass: decodeURIComponent(url.password) } : null,
  };
}

/**
 * DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE (docs/decisions/016-outgoing-mail.md, "Signed"): both or
 * neither. The key file is read and parsed here, so a missing, unreadable or wrong file stops the
 * server at start rather than failing every message. The domain is MAIL_FROM's: a signature of
 * another domain does not count for DMARC.
 */
export function parseDkim(selector: string | undefined, keyFile: string | undefined, from: string): DkimConfig | null {
  if (!selector && !keyFile) return null;
  if (!selector || !keyFile) throw new Error('DKIM_SELECTOR and DKIM_PRIVATE_KEY_FILE go together: set both to sign outgoing mail, or neither');
  if (!/^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(selector)) {
    throw new Error(`DKIM_SELECTOR must be a DNS name such as "mail2026" (the record is <selector>._domainkey.<domain>); got "${selector}"`);
  }
  let privateKey: string;
  try {
    privateKey = fs.readFileSync(path.resolve(keyFile), 'utf8');
  } catch (err) {
    throw new Error(`DKIM_PRIVATE_KEY_FILE: cannot read ${path.resolve(keyFile)} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  try {
    const key = crypto.createPrivateKey(privateKey);
    // nodemailer signs rsa-sha256; receivers ignore keys under 1024 bits (RFC 8301).
    if (key.asymmetricKeyType !== 'rsa') throw new Error(`this is ${key.asymmetricKeyType === undefined ? 'not an asymmetric key' : `an ${key.asymmetricKeyType} key`}`);
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
    if (bits < 1024) throw new Error(`this key has ${bits} bits`);
  } catch (err) {
    throw new Error(`DKIM_PRIVATE_KEY_FILE must hold an RSA private key of 1024 bits or more (2048 advised) in PEM, without a passphrase: ${(err as Error).message}`);
  }
  const domainName = addressparser(from, { flatten: true })[0]?.address.split('@')[1]?.toLowerCase();
  if (!domainName) throw new Error('MAIL_FROM must hold an address with a domain to sign mail for it (DKIM_SELECTOR is set)');
  return { domainName, keySelector: selector, privateKey };
}

/** Reads settings from the environment and refuses bad values at boot rather than at the first request. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid settings:\n${lines}`);
  }
  const e = parsed.data;
  let sessionSecret = e.SESSION_SECRET;
  if (!sessionSecret) {
    if (e.NODE_ENV === 'production') throw new Error('SESSION_SECRET is required when NODE_ENV=production');
    if (e.NODE_ENV !== 'test') console.warn('[config] SESSION_SECRET is not set: using a development secret. Set it before going live.');
    sessionSecret = DEV_SECRET;
  }
  if (sessionSecret.length < 32 && e.NODE_ENV === 'production') throw new Error('SESSION_SECRET must be at least 32 characters');
  if (env.EDITOR_USERNAMES?.trim()) {
    // Once a setting: it let whoever signed up first under a listed name become an editor.
    console.warn('[config] EDITOR_USERNAMES is no longer read; nobody is an editor by name. Grant the role with: npm run editor -- grant <username>');
  }
  if (e.SMTP_URL && !e.PUBLIC_URL) {
    // Links in mail are never built from a Host header a client chose (api/lib/site-url.ts).
    console.warn(`[config] SMTP_URL is set without PUBLIC_URL: links in mail (password resets, confirmations, newsletters) point at http://localhost:${e.PORT}. Set PUBLIC_URL to the site's public origin.`);
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    database: parseDatabaseUrl(e.DATABASE_URL),
    sessionSecret,
    uploadDir: path.resolve(e.UPLOAD_DIR),
    distDir: path.resolve(e.DIST_DIR),
    trustProxyHops: e.TRUST_PROXY,
    rateLimits: {
      authPerAddress: { max: e.AUTH_RATE_LIMIT, windowMs: e.AUTH_RATE_WINDOW_SECONDS * 1000 },
      loginPerAccount: { max: e.LOGIN_ACCOUNT_RATE_LIMIT, windowMs: e.AUTH_RATE_WINDOW_SECONDS * 1000 },
      anonymousWritesPerAddress: { max: e.ANON_WRITE_RATE_LIMIT, windowMs: e.WRITE_RATE_WINDOW_SECONDS * 1000 },
      userWritesPerUser: { max: e.USER_WRITE_RATE_LIMIT, windowMs: e.WRITE_RATE_WINDOW_SECONDS * 1000 },
    },
    logRequests: e.LOG_REQUESTS,
    publicCacheMs: e.PUBLIC_CACHE_MS,
    eventStreamsPerAddress: e.EVENT_STREAMS_PER_ADDRESS,
    publicUrl: parsePublicUrl(e.PUBLIC_URL),
    webConcurrency: e.WEB_CONCURRENCY,
    housekeepingIntervalMs: e.HOUSEKEEPING_INTERVAL_MS,
    // Twice the interval: the holder renews it at every run, with a whole interval to spare.
    jobLeaseMs: e.JOB_LEASE_MS ?? 2 * e.HOUSEKEEPING_INTERVAL_MS,
    siteTimeZone: parseTimeZone(e.SITE_TIME_ZONE),
    mail: { smtp: parseSmtpUrl(e.SMTP_URL), from: e.MAIL_FROM, dir: path.resolve(e.MAIL_DIR), ratePerSecond: e.MAIL_RATE_PER_SECOND, dkim: parseDkim(e.DKIM_SELECTOR, e.DKIM_PRIVATE_KEY_FILE, e.MAIL_FROM) },
    mailKeepDays: e.MAIL_KEEP_DAYS,
    cardsDir: path.resolve(e.CARDS_DIR),
  };
}
