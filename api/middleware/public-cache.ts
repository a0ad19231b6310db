import crypto from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fresh from 'fresh';
import { isAppPagePath } from '../lib/page-path';
import { readingVariant } from '../lib/reading-cookie';
import type { Context, Middleware, Next } from 'koa';

/**
 * A short-lived cache of public, user-independent GET answers (videos, posts, today's
 * devotional, live streams, search, rendered pages), so a crowd opening the home page costs one
 * query (or render) per answer per second instead of one per visitor. A route opts in with
 * `cachePublicly(ctx)`.
 *
 * Staleness is bounded: entries are fresh for `ttlMs` (default 1 s); a successful write in this
 * process drops the entries of the resource it touched at once (a new post, a counted view),
 * and other processes behind a load balancer see it within `ttlMs` plus the time one request
 * takes to answer again (at most `maxStaleMs`), or at once for what the event bus tells every
 * process (`drop`: a live stream the desk saved, docs/decisions/012). An answer read while its
 * resource was dropped is sent but not stored: it may predate the change. Nothing per-user is
 * ever stored here. Every cached answer carries an ETag, so clients can revalidate with 304s.
 *
 * Stale while revalidating, one request at a time: once an entry is past `ttlMs`, the first
 * request for it answers again through the stack (renders the page, queries the database) while
 * every other request for that key gets the stale copy at once, for up to `maxStaleMs` past
 * `ttlMs`. Without that, every request arriving as an entry expired waited for a render of its
 * own (~270 ms under load for a page), which was the p99 of the cached pages. When that request
 * fails (an error, not a 200, not marked), the stale copy stays for the rest of its bound. A
 * write's drop leaves no copy to serve, only a marker that the key is cacheable: concurrent
 * requests for it then wait for the first one's answer instead of each rendering. A key never
 * stored, or whose answer turned out not cacheable, makes nobody wait; a waiter whose leader's
 * answer was not stored answers for itself.
 *
 * Entries are keyed by origin and URL: a document with absolute links built from the request's
 * own origin (a feed, the sitemap, when PUBLIC_URL is unset) must never reach a client that
 * asked another host name, and a forged Host header must not poison what others are sent.
 *
 * Two middlewares share the cache, like a micro-cache in front of the app:
 * - `serve`, near the top of the stack, answers a hit by itself with the bytes and headers
 *   recorded on the miss (security headers included), compressed once per entry (gzip and
 *   brotli, on libuv's thread pool, not the event loop) rather than once per request, without
 *   running helmet, compression, the session or the router again;
 * - `fill`, just before the session, stores what a route marked with `cachePublicly` answered
 *   and drops the entries a successful write made stale.
 *
 * An `/api/{resource}/…` answer is stale after a write to `/api/{resource}`; an answer outside
 * /api (a feed, the sitemap) names the resources it is built from: `cachePublicly(ctx, ['blog'])`.
 */
export function cachePublicly(ctx: Context, dependsOn?: readonly string[]): void {
  ctx.state.publicCache = dependsOn ?? [resourceOf(ctx.path)];
}

/** One stored answer, in each form a client may take. */
interface Answer {
  body: Buffer;
  /** The body gzipped and brotli-compressed once, when it is worth compressing. */
  gzip: Buffer | null;
  br: Buffer | null;
  etag: string;
  type: string;
  /** The headers of the first answer (security headers included), built by `serve` once the stack has run. */
  headers: RecordedHeaders | null;
}

/** What the cache knows of one key. */
interface Slot {
  /** The resources whose writes make this answer stale ('videos', 'blog', …). */
  dependsOn: readonly string[];
  /** Null once dropped by a write or past its bound: the key is known cacheable, with nothing to serve. */
  answer: Answer | null;
  /** Fresh until then; served stale (while one request answers again) until `staleUntil`. */
  expires: number;
  staleUntil: number;
  /** Settles once the one request answering this key again is done (its answer stored or not). */
  flight: Promise<void> | null;
}

/** Ready to write, for each form of the body: nothing is copied or negotiated per hit beyond the choice. */
interface RecordedHeaders {
  plain: OutgoingHttpHeaders;
  gzip: OutgoingHttpHeaders | null;
  br: OutgoingHttpHeaders | null;
  notModified: OutgoingHttpHeaders;
}

type Encoding = 'br' | 'gzip';

const SAFE = new Set(['GET', 'HEAD']);
/** As koa-compress's threshold: smaller bodies are sent as they are. */
const COMPRESS_THRESHOLD = 1024;
/** Headers that belong to one response, not to the cached answer. */
const PER_RESPONSE = ['content-length', 'content-encoding', 'transfer-encoding', 'date', 'set-cookie', 'connection', 'keep-alive'];
/**
 * Brotli quality 5: on a 141 kB rendered post, about 2 ms on the thread pool for 7 % fewer bytes
 * than gzip -6; 7 saves 2 % more, 9 takes ~30 ms, and 11 (zlib's default) a quarter of a second
 * of a core for each entry each time it is refreshed (figures: docs/decisions/005-what-loads-first.md).
 */
const BROTLI_QUALITY = 5;
const gzipAsync = promisify(zlib.gzip);
const brotliAsync = promisify(zlib.brotliCompress);

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

export interface PublicCacheOptions {
  /** How long an answer is fresh (PUBLIC_CACHE_MS); 0 turns the cache off. */
  ttlMs: number;
  /**
   * How long past `ttlMs` a copy may still be served while one request answers again, or after
   * that request failed. The server render gives up after 5 s (server-render.ts), so a page whose
   * refresh is slow keeps its copy until the render has either come or given up.
   */
  maxStaleMs?: number;
  maxEntries?: number;
}

/** Marks `slot` as being answered again; the returned function ends that. */
function startFlight(slot: Slot): () => void {
  let settle = () => undefined as void;
  const flight = new Promise<void>((resolve) => (settle = resolve));
  slot.flight = flight;
  return () => {
    if (slot.flight === flight) slot.flight = null;
    settle();
  };
}

export function publicCache({ ttlMs, maxStaleMs = 5000, maxEntries = 500 }: PublicCacheOptions): PublicCache {
  const entries = new Map<string, Slot>();
  /** Drops so far, and the last one of each resource: an answer read across a drop of its resources is not stored. */
  let drops = 0;
  const lastDrop = new Map<string, number>();
  const drop = (touched: ReadonlySet<string>) => {
    drops += 1;
    for (const r of touched) lastDrop.set(r, drops);
    // A new slot, so that a request answering the key from before the drop (whose answer will not
    // be stored) leads nobody: the next request leads, and the others wait for its answer.
    for (const [key, slot] of entries) {
      if (slot.dependsOn.some((r) => touched.has(r))) entries.set(key, { dependsOn: slot.dependsOn, answer: null, expires: 0, staleUntil: 0, flight: null });
    }
  };
  // Any GET may have been marked by its route; only what was marked is ever stored.
  const cacheable = (ctx: Context) => ttlMs > 0 && SAFE.has(ctx.method);

  /** Runs the stack for this request, leading `lead` (others wait for it or are sent its stale copy). */
  const pass = async (ctx: Context, next: Next, lead: Slot | null) => {
    const landed = lead ? startFlight(lead) : null;
    try {
      await next();
      const stored = ctx.state.publicCacheSlot as Slot | undefined;
      if (stored?.answer && !stored.answer.headers) stored.answer.headers = recordHeaders(ctx, stored.answer);
    } finally {
      const stored = ctx.state.publicCacheSlot as Slot | undefined;
      // Stored, but the stack failed above it before its headers were recorded: it cannot be served.
      if (stored && !stored.answer?.headers && entries.get(keyOf(ctx)) === stored) entries.delete(keyOf(ctx));
      (ctx.state.publicCacheLanded as (() => void) | undefined)?.();
      landed?.();
    }
  };

  const serve = async (ctx: Context, next: Next) => {
    if (!cacheable(ctx)) return next();
    const key = keyOf(ctx);
    // At most two waits: for the request answering the key, then (rarely) for the headers of
    // what another request stored meanwhile. A waiter then answers for itself, leading nobody.
    for (let waits = 0; ; waits += 1) {
      const slot = entries.get(key);
      if (!slot) return pass(ctx, next, null);
      const now = Date.now();
      if (slot.answer && now >= slot.staleUntil) slot.answer = null;
      const ready = slot.answer?.headers ? slot.answer : null;
      // Fresh, or stale while one request answers the key again.
      if (ready && (now < slot.expires || slot.flight)) return answerFromMemory(ctx, ready, ready.headers!);
      if (!slot.flight) return pass(ctx, next, slot);
      if (waits >= 2) return pass(ctx, next, null);
      await slot.flight;
    }
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
    const key = keyOf(ctx);
    const dependsOn = ctx.state.publicCache as readonly string[] | undefined;
    if (!dependsOn || ctx.status !== 200 || ctx.body === undefined || ctx.body === null) {
      // Not cacheable this time: a marker goes, so that nobody waits for this key again until an
      // answer is stored; a stale copy stays for the rest of its bound.
      if (entries.get(key)?.answer === null) entries.delete(key);
      return;
    }
    const raw = ctx.body;
    const body = Buffer.isBuffer(raw) ? raw : Buffer.from(typeof raw === 'string' ? raw : JSON.stringify(raw));
    const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
    // Most refreshes find the answer unchanged: its compressed forms are kept rather than made again.
    const previous = entries.get(key)?.answer;
    const [gzip, br] =
      previous?.etag === etag
        ? [previous.gzip, previous.br]
        : body.length >= COMPRESS_THRESHOLD
          ? await Promise.all([gzipAsync(body), brotliAsync(body, brotliOptions(body.length))])
          : [null, null];
    const answer: Answer = { body, gzip, br, etag, type: ctx.response.get('Content-Type') || 'application/json; charset=utf-8', headers: null };
    // Checked after the compression too: a drop meanwhile makes this answer as old as one read across it.
    const readAcrossDrop = dependsOn.some((r) => (lastDrop.get(r) ?? 0) > dropsBefore);
    if (!readAcrossDrop) {
      const now = Date.now();
      const slot: Slot = { dependsOn, answer, expires: now + ttlMs, staleUntil: now + ttlMs + maxStaleMs, flight: null };
      // Until `serve` has recorded its headers, requests for the key wait for them rather than lead.
      ctx.state.publicCacheLanded = startFlight(slot);
      ctx.state.publicCacheSlot = slot;
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, slot);
    }
    ctx.status = 200;
    ctx.set('ETag', answer.etag);
    ctx.set('Cache-Control', 'no-cache');
    ctx.vary('Accept-Encoding');
    ctx.type = answer.type;
    // Sent compressed as a hit would be: koa-compress leaves an encoded body alone.
    const encoding = encodingFor(ctx.req.headers['accept-encoding'], answer);
    if (encoding) ctx.set('Content-Encoding', encoding);
    ctx.body = encoding ? answer[encoding] : answer.body;
    if (ctx.fresh) {
      ctx.status = 304;
      ctx.remove('Content-Encoding');
    }
  };

  return { serve, fill, drop: (resources) => drop(new Set(resources)) };
}

function brotliOptions(size: number): zlib.BrotliOptions {
  return { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } };
}

/** The q-values of an Accept-Encoding header, as read by `encodingFor`; a client sends the same few headers again and again. */
const acceptedCache = new Map<string, Encoding[]>();

/**
 * The form of the body to send: brotli or gzip when the client takes it (q above 0, named or by
 * `*`), the higher q first and brotli on a tie; the body as it is without Accept-Encoding.
 */
function encodingFor(header: string | undefined, answer: Pick<Answer, 'gzip' | 'br'>): Encoding | null {
  if (!header || !answer.gzip) return null;
  let accepted = acceptedCache.get(header);
  if (!accepted) {
    accepted = parseAcceptEncoding(header);
    if (acceptedCache.size >= 100) acceptedCache.clear();
    acceptedCache.set(header, accepted);
  }
  for (const encoding of accepted) if (answer[encoding]) return encoding;
  return null;
}

/** 'gzip, deflate, br' → ['br', 'gzip']; 'br;q=0, *' → ['gzip']; codings with q=0 left out. */
export function parseAcceptEncoding(header: string): Encoding[] {
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let value = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param);
      if (match) value = Number.isFinite(Number(match[1])) ? Math.min(1, Number(match[1])) : 0;
    }
    // A coding named twice: the first wins, as in the negotiator Koa uses.
    if (!q.has(name.trim())) q.set(name.trim(), value);
  }
  const qOf = (coding: Encoding) => q.get(coding) ?? q.get('*') ?? 0;
  return (['br', 'gzip'] as const).filter((coding) => qOf(coding) > 0).sort((a, b) => qOf(b) - qOf(a));
}

function recordHeaders(ctx: Context, answer: Answer): RecordedHeaders {
  const common: OutgoingHttpHeaders = { ...ctx.response.headers, vary: 'Accept-Encoding' };
  for (const name of PER_RESPONSE) delete common[name];
  // The answer's own type, not the first response's: when that was a 304, Koa dropped its Content-Type.
  delete common['content-type'];
  const encoded = (encoding: Encoding, bytes: Buffer | null) => bytes && { ...common, 'content-type': answer.type, 'content-encoding': encoding, 'content-length': bytes.length };
  return {
    plain: { ...common, 'content-type': answer.type, 'content-length': answer.body.length },
    gzip: encoded('gzip', answer.gzip),
    br: encoded('br', answer.br),
    notModified: common,
  };
}

/** Writes a hit straight to the socket: the recorded headers, then the body (compressed when the client takes it). */
function answerFromMemory(ctx: Context, answer: Answer, headers: RecordedHeaders): void {
  ctx.respond = false;
  const res = ctx.res;
  // The check behind Koa's ctx.fresh (If-None-Match against this ETag, a request's no-cache
  // honoured), called on the request's headers alone: ctx.fresh would copy the response headers.
  if (fresh(ctx.req.headers, { etag: answer.etag })) {
    ctx.status = 304;
    res.writeHead(304, headers.notModified);
    res.end();
    return;
  }
  ctx.status = 200;
  const encoding = encodingFor(ctx.req.headers['accept-encoding'], answer);
  res.writeHead(200, encoding ? headers[encoding]! : headers.plain);
  res.end(ctx.method === 'HEAD' ? undefined : encoding ? answer[encoding]! : answer.body);
}
