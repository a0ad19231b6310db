import fs from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import { send } from '@koa/send';

/** For a file whose name changes with its content: the build's /assets, uploaded objects. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

const NO_CACHE = new Set(['/index.html', '/sw.js', '/registerSW.js', '/manifest.webmanifest']);

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>context is key</title></head><body><main><h1>context is key</h1>
<p>The API is running. Build the app with <code>npm run build</code> to serve the PWA here.</p></main></body></html>`;

/**
 * Serves the built PWA from `dist/`: hashed files under /assets are immutable, the shell and the
 * service worker are never cached by HTTP (updates must reach users), and any other path that
 * looks like a client route gets index.html. /api and uploaded objects are never answered here.
 */
export function staticPwa(distDir: string) {
  return async (ctx: Context, next: Next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/') || ctx.path === '/api' || ctx.path.startsWith('/objects/')) {
      return next();
    }
    const requested = ctx.path === '/' ? '/index.html' : ctx.path;
    const isAsset = requested.startsWith('/assets/');
    const cacheFor = (p: string) => {
      if (NO_CACHE.has(p)) ctx.set('Cache-Control', 'no-cache');
      else if (p.startsWith('/assets/')) ctx.set('Cache-Control', IMMUTABLE);
      else ctx.set('Cache-Control', 'public, max-age=3600');
    };
    if (requested !== '/index.html' && path.extname(requested)) {
      try {
        // The build wrote .br and .gz beside each text file (vite.config.ts): sent as they are.
        const served = await send(ctx, requested, { root: distDir, index: false, immutable: isAsset, maxage: isAsset ? 31536000000 : 0, brotli: true, gzip: true });
        if (served) {
          cacheFor(requested);
          return;
        }
      } catch (err) {
        if ((err as { status?: number }).status !== 404) throw err;
      }
      return next(); // a missing file is a 404, not the app shell
    }
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'html';
    const index = path.join(distDir, 'index.html');
    ctx.body = fs.existsSync(index) ? fs.createReadStream(index) : PLACEHOLDER;
  };
}
