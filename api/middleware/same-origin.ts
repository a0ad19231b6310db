import type { Context, Next } from 'koa';
import { AppError, forbidden } from '../errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses cross-site state changes (CSRF): an `Origin` other than our own, or a browser's
 * `Sec-Fetch-Site: cross-site`, is 403. State-changing calls carry JSON or nothing,
 * except the upload PUT whose body is the file itself.
 */
export function sameOriginWrites(rawBodyPaths: RegExp[]) {
  return async (ctx: Context, next: Next) => {
    if (!SAFE_METHODS.has(ctx.method)) {
      const origin = ctx.get('Origin');
      if (origin && origin !== ownOrigin(ctx)) throw forbidden('Cross-site requests are not allowed.');
      if (ctx.get('Sec-Fetch-Site') === 'cross-site') throw forbidden('Cross-site requests are not allowed.');
      const hasBody = Number(ctx.get('Content-Length') || 0) > 0 || !!ctx.get('Transfer-Encoding');
      if (hasBody && !ctx.is('application/json') && !rawBodyPaths.some((re) => re.test(ctx.path))) {
        throw new AppError(415, 'Send the request body as application/json.');
      }
    }
    await next();
  };
}

/** This server's own origin as the browser sees it (honours X-Forwarded-Proto/Host only when TRUST_PROXY trusts one or more hops). */
export function ownOrigin(ctx: Context): string {
  return `${ctx.protocol}://${ctx.host}`;
}
