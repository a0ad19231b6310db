import crypto from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import zlib from 'node:zlib';
import fresh from 'fresh';
import { isAppPagePath } from '../lib/page-path';
import { readingVariant } from '../lib/reading-cookie';
import type { Context, Middleware, Next } from 'koa';

/**
 * A short-lived cache of public, user-independent GET answers (videos, posts, today's
 * devotional, live streams, search), so a crowd opening the home page costs one query per
 * answer per second instead of one per visitor. A route opts in with `cachePublicly(ctx)`.
 *
 * Staleness is bounded: entries live `ttlMs` (default 1 s); a successful write in this
 * process drops the entries of the resource it touched at once (a new post, a counted view),
 * and other processes behind a load balancer see it within `ttlMs`, or at once for what the
 * event bus tells every process (`drop`: a live stream the desk saved, docs/decisions/012). An
 * answer read while its resource was dropped is sent but not stored: it may predate the change.
 * Nothing per-user is ever stored here. Every cached answer carries an ETag, so clients can
 * revalidate with 304s.
 *
 * Entries are keyed by origin and URL: a document with absolute links built from the request's
 * own origin (a feed, the sitemap, when PUBLIC_URL is unset) must never reach a client that
 * asked another host name, and a forged Host header must not poison what others are sent.
 *
 * Two middlewares share the cache, like a micro-cache in front of the app:
 * - `serve`, near the top of the stack, answers a hit by itself with the bytes and headers
 *   recorded on the miss (security headers included), gzipped once per entry rather than once
 *   per request, without running helmet, compression, the session or the router again;
 * - `fill`, just before the session, stores what a route marked with `cachePublicly` answered
 *   and drops the entries a successful write made stale.
 *
 * An `/api/{resource}/…` answer is stale after a write to `/api/{resource}`; an answer outside
 * /api (a feed, the sitemap) names the resources it is built from: `cachePublicly(ctx, ['blog'])`.
 */
export function cachePublicly(ctx: Context, dependsOn?: readonly string[]): void {
  ctx.state.publicCache = dependsOn ?? [resourceOf(ctx.path)];
}

interface Entry {
  body: Buffer;
  /** The body gzipped once, when it is worth compressing. */
  gzip: Buffer | null;
  etag: string;
  type: string;
  expires: number;
  /** The headers of the first answer (security headers included), built by `serve` once the stack has run. */
  headers: RecordedHeaders | null;
  /** The resources whose writes make this answer stale ('videos', 'blog', …). */
  dependsOn: readonly string[];
}

/** Ready to write, for each form of the body: nothing is copied or negotiated per hit beyond the choice. */
interface RecordedHeaders {
  plain: OutgoingHttpHeaders;
  gzip: OutgoingHttpHeaders | null;
  notModified: OutgoingHttpHeaders;
}

const SAFE = new Set(['GET', 'HEAD']);
/** As koa-compress's threshold: smaller bodies are sent as they are. */
const GZIP_THRESHOLD = 1024;
/** Headers that belong to one response, not to the cached answer. */
const PER_RESPONSE = ['content-length', 'content-encoding', 'transfer-encoding', 'date', 'set-cookie', 'connection', 'keep-alive'];

/** `/api/videos/5/views` → 'videos'; content writes also make search answers stale, and the desk's `/api/devotionals` writes today's `/api/devotional`. */
function resourcesTouchedBy(path: string): string[] {
  const segment = path.split('/')[2] ?? '';
  if (segment === 'videos' || segment === 'blog') return [segment, 'search'];
  if (segment === 'questions') return ['live-streams'];
  if (segment === 'devotionals') return ['devotionals', 'devotional'];
  return [segment];
}

/** `/api/videos/5` → 'videos'. */
function resourceOf(path: string): string {
  return path.split('/')[2] ?? '';
}

/**
 * Protocol, host and URL (Koa 3's `ctx.origin` is the Origin request header, absent on most GETs),
 * and for a page, the reader's theme and text size: a rendered page carries them on <html>.
 */
const keyOf = (ctx: Context) => `${ctx.protocol}://${ctx.host}${ctx.url}${isAppPagePath(ctx.path) ? readingVariant(ctx) : ''}`;

export interface PublicCache {
  serve: Middleware;
  fill: Middleware;
  /** Drops the answers built from these resources ('live-streams'…): a change another process made. */
  drop: (resources: readonly string[]) => void;
}

export function publicCache({ ttlMs, maxEntries = 500 }: { ttlMs: number; maxEntries?: number }): PublicCache {
  const entries = new Map<string, Entry>();
  /** Drops so far, and the last one of each resource: an answer read across a drop of its resources is not stored. */
  let drops = 0;
  const lastDrop = new Map<string, number>();
  const drop = (touched: ReadonlySet<string>) => {
    drops += 1;
    for (const r of touched) lastDrop.set(r, drops);
    for (const [key, entry] of entries) if (entry.dependsOn.some((r) => touched.has(r))) entries.delete(key);
  };
  // Any GET may have been marked by its route; only what was marked is ever stored.
  const cacheable = (ctx: Context) => ttlMs > 0 && SAFE.has(ctx.method);

  const serve = async (ctx: Context, next: Next) => {
    if (!cacheable(ctx)) return next();
    const hit = entries.get(keyOf(ctx));
    if (hit?.headers && hit.expires > Date.now()) {
      answerFromMemory(ctx, hit, hit.headers);
      return;
    }
    await next();
    const filled = ctx.state.publicCacheEntry as Entry | undefined;
    if (filled && !filled.headers) filled.headers = recordHeaders(ctx, filled);
  };

  const fill = async (ctx: Context, next: Next) => {
    if (ttlMs <= 0) return next();
    if (!SAFE.has(ctx.method)) {
      await next();
      if (ctx.status < 400 && ctx.path.startsWith('/api/')) drop(new Set(resourcesTouchedBy(ctx.path)));
      return;
    }
    if (!cacheable(ctx)) return next();

    const dropsBefore = drops;
    await next();
    const dependsOn = ctx.state.publicCache as readonly string[] | undefined;
    if (!dependsOn || ctx.status !== 200 || ctx.body === undefined || ctx.body === null) return;
    const readAcrossDrop = dependsOn.some((r) => (lastDrop.get(r) ?? 0) > dropsBefore);
    const raw = ctx.body;
    const body = Buffer.isBuffer(raw) ? raw : Buffer.from(typeof raw === 'string' ? raw : JSON.stringify(raw));
    const entry: Entry = {
      body,
      gzip: body.length >= GZIP_THRESHOLD ? zlib.gzipSync(body) : null,
      etag: `"${crypto.createHash('sha1').update(body).digest('base64url')}"`,
      type: ctx.response.get('Content-Type') || 'application/json; charset=utf-8',
      expires: Date.now() + ttlMs,
      headers: null,
      dependsOn,
    };
    const key = keyOf(ctx);
    entries.delete(key);
    if (!readAcrossDrop) {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, entry);
      ctx.state.publicCacheEntry = entry;
    }
    ctx.status = 200;
    ctx.set('ETag', entry.etag);
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = entry.type;
    ctx.body = entry.body;
    if (ctx.fresh) ctx.status = 304;
  };

  return { serve, fill, drop: (resources) => drop(new Set(resources)) };
}

function recordHeaders(ctx: Context, entry: Entry): RecordedHeaders {
  const common: OutgoingHttpHeaders = { ...ctx.response.headers, vary: 'Accept-Encoding' };
  for (const name of PER_RESPONSE) delete common[name];
  // The entry's own type, not the first response's: when that was a 304, Koa dropped its Content-Type.
  delete common['content-type'];
  return {
    plain: { ...common, 'content-type': entry.type, 'content-length': entry.body.length },
    gzip: entry.gzip && { ...common, 'content-type': entry.type, 'content-encoding': 'gzip', 'content-length': entry.gzip.length },
    notModified: common,
  };
}

/** Writes a hit straight to the socket: the recorded headers, then the body (gzipped when the client takes it). */
function answerFromMemory(ctx: Context, entry: Entry, headers: RecordedHeaders): void {
  ctx.respond = false;
  const res = ctx.res;
  // The check behind Koa's ctx.fresh (If-None-Match against this ETag, a request's no-cache
  // honoured), called on the request's headers alone: ctx.fresh would copy the response headers.
  if (fresh(ctx.req.headers, { etag: entry.etag })) {
    ctx.status = 304;
    res.writeHead(304, headers.notModified);
    res.end();
    return;
  }
  ctx.status = 200;
  const gzip = headers.gzip !== null && ctx.req.headers['accept-encoding'] !== undefined && ctx.acceptsEncodings('gzip', 'identity') === 'gzip';
  res.writeHead(200, gzip ? headers.gzip! : headers.plain);
  res.end(ctx.method === 'HEAD' ? undefined : gzip ? entry.gzip! : entry.body);
}
