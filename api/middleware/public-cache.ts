import crypto from 'node:crypto';
import type { Context, Next } from 'koa';

/**
 * A short-lived cache of public, user-independent GET answers (videos, posts, today's
 * devotional, live streams, search), so a crowd opening the home page costs one query per
 * answer per second instead of one per visitor. A route opts in with `cachePublicly(ctx)`.
 *
 * Staleness is bounded: entries live `ttlMs` (default 1 s); a successful write in this
 * process drops the entries of the resource it touched at once (a new post, a counted view),
 * and other processes behind a load balancer see it within `ttlMs`. Nothing per-user is ever
 * stored here. Every cached answer carries an ETag, so clients can revalidate with 304s.
 */
export function cachePublicly(ctx: Context): void {
  ctx.state.publicCache = true;
}

interface Entry {
  body: Buffer;
  etag: string;
  type: string;
  expires: number;
}

const SAFE = new Set(['GET', 'HEAD']);

/** `/api/videos/5/views` → 'videos'; content writes also make search answers stale. */
function resourcesTouchedBy(path: string): string[] {
  const segment = path.split('/')[2] ?? '';
  if (segment === 'videos' || segment === 'blog') return [segment, 'search'];
  if (segment === 'questions') return ['live-streams'];
  return [segment];
}

function resourceOf(url: string): string {
  return url.split('/')[2]?.split('?')[0] ?? '';
}

export function publicCache({ ttlMs, maxEntries = 500 }: { ttlMs: number; maxEntries?: number }) {
  const entries = new Map<string, Entry>();

  return async (ctx: Context, next: Next) => {
    if (ttlMs <= 0) return next();
    if (!SAFE.has(ctx.method)) {
      await next();
      if (ctx.status < 400 && ctx.path.startsWith('/api/')) {
        const touched = new Set(resourcesTouchedBy(ctx.path));
        for (const key of entries.keys()) if (touched.has(resourceOf(key))) entries.delete(key);
      }
      return;
    }
    if (!ctx.path.startsWith('/api/')) return next();

    const key = ctx.url;
    const hit = entries.get(key);
    if (hit && hit.expires > Date.now()) {
      send(ctx, hit);
      return;
    }

    await next();
    if (!ctx.state.publicCache || ctx.status !== 200 || ctx.body === undefined || ctx.body === null) return;
    const raw = ctx.body;
    const body = Buffer.isBuffer(raw) ? raw : Buffer.from(typeof raw === 'string' ? raw : JSON.stringify(raw));
    const entry: Entry = {
      body,
      etag: `"${crypto.createHash('sha1').update(body).digest('base64url')}"`,
      type: ctx.response.get('Content-Type') || 'application/json; charset=utf-8',
      expires: Date.now() + ttlMs,
    };
    entries.delete(key);
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
    send(ctx, entry);
  };
}

function send(ctx: Context, entry: Entry): void {
  ctx.status = 200;
  ctx.set('ETag', entry.etag);
  ctx.set('Cache-Control', 'no-cache');
  ctx.type = entry.type;
  ctx.body = entry.body;
  if (ctx.fresh) ctx.status = 304;
}
