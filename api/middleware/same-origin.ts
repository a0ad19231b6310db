import type { Context, Next } from 'koa';
import { AppError, forbidden } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses cross-site state changes (CSRF): an `Origin` other than our own, or a browser's
 * `Sec-Fetch-Site: cross-site`, is 403. State-changing calls carry JSON or nothing,
 * except the upload PUT whose body is the file itself (`rawBodyPaths`). `anyOriginPaths`: calls
 * whose only authority is a token in the request, never a cookie, so no site can forge anything
 * with them (RFC 8058's one-click unsubscribe, which a mail provider or a webmail page sends).
 */
export function sameOriginWrites(rawBodyPaths: RegExp[], { anyOriginPaths = [] }: { anyOriginPaths?: RegExp[] } = {}) {
  return async (ctx: Context, next: Next) => {
    if (!SAFE_METHODS.has(ctx.method) && !anyOriginPaths.some((re) => re.test(ctx.path))) {
      const origin = ctx.get('Origin');
      if (origin && origin !== ownOrigin(ctx)) throw forbidden('Cross-site requests are not allowed.');
      if (ctx.get('Sec-Fetch-Site') === 'cross-site') throw forbidden('Cross-site requests are not allowed.');
      if (!ctx.is('application/json') && !rawBodyPaths.some((re) => re.test(ctx.path)) && (await hasBody(ctx))) {
        throw new AppError(415, 'Send the request body as application/json.');
      }
    }
    await next();
  };
}

/**
 * Whether the request carries any bytes. With a Content-Length that is known up front; a chunked
 * body may still be empty (a client that streams nothing), which is a request without a body, so
 * one without a Content-Type is read until its first byte or its end to tell. Only called when the
 * body would be refused anyway if it had a byte, so nothing a route needs is consumed.
 */
async function hasBody(ctx: Context): Promise<boolean> {
  if (Number(ctx.get('Content-Length') || 0) > 0) return true;
  if (!ctx.get('Transfer-Encoding')) return false;
  if (ctx.get('Content-Type')) return true;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) if (chunk.length > 0) return true;
  // Read to its end: what the body parser gives a request without a body (it refuses a consumed stream).
  ctx.request.body = {};
  return false;
}

/** This server's own origin as the browser sees it (honours X-Forwarded-Proto/Host only when TRUST_PROXY trusts one or more hops). */
export function ownOrigin(ctx: Context): string {
  return `${ctx.protocol}://${ctx.host}`;
}
