import fs from 'node:fs/promises';
import path from 'node:path';
import type { Context, Next } from 'koa';
import { IMMUTABLE } from './static-pwa';

/** The encodings the build wrote beside a text file (vite.config.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** A hashed file's name: no folder, nothing that could climb out of assets/. */
const ASSET_NAME = /^[\w-]+(\.[\w-]+)+$/;

interface Asset {
  /** The file and the compressed forms the build wrote beside it. */
  forms: { encoding: string | null; body: Buffer }[];
  lastModified: string;
}

export interface AssetsInMemoryOptions {
  /** A larger file is left to the static files middleware (streamed from disk each time). */
  maxFileBytes?: number;
  /** Once this much is held, further files are left to the static files middleware. */
  maxTotalBytes?: number;
}

/**
 * Answers GET and HEAD of /assets/{name} from memory. The build names those files by their
 * content's hash, so a name always holds the same bytes: each is read once, with its .br and .gz,
 * and every later request is one lookup. Sent through @koa/send, a file cost the server ~1 ms of
 * CPU per request (file-system calls on libuv's pool, a stream), ~70 per first visit and ~100 more
 * for the service worker's precache, all while the visitor's page was loading.
 *
 * A name with no file is not remembered (the next build may add it); it falls through to the
 * static files middleware, which answers 404. Mounted after the security headers and before
 * compression, the session and the API, none of which an asset needs.
 */
export function assetsInMemory(distDir: string, { maxFileBytes = 1024 * 1024, maxTotalBytes = 64 * 1024 * 1024 }: AssetsInMemoryOptions = {}) {
  const assetsDir = path.join(distDir, 'assets');
  // A file too large to hold is remembered as such (its name never holds other bytes), so it is
  // not looked at again on every request; a missing one is forgotten, as the next build may add it.
  const held = new Map<string, Promise<Asset | 'too large' | 'missing'>>();
  let heldBytes = 0;

  const read = async (name: string): Promise<Asset | 'too large' | 'missing'> => {
    const file = path.join(assetsDir, name);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat?.isFile()) return 'missing';
    if (stat.size > maxFileBytes || heldBytes + stat.size > maxTotalBytes) return 'too large';
    const forms: Asset['forms'] = [];
    for (const { name: encoding, suffix } of ENCODINGS) {
      const body = await fs.readFile(`${file}${suffix}`).catch(() => null);
      if (body) forms.push({ encoding, body });
    }
    forms.push({ encoding: null, body: await fs.readFile(file) });
    // The cap counts every form held, the compressed ones too.
    const bytes = forms.reduce((sum, form) => sum + form.body.length, 0);
    if (heldBytes + bytes > maxTotalBytes) return 'too large';
    heldBytes += bytes;
    return { forms, lastModified: stat.mtime.toUTCString() };
  };

  const load = async (name: string): Promise<Asset | null> => {
    let entry = held.get(name);
    if (!entry) {
      entry = read(name).catch(() => 'missing' as const);
      held.set(name, entry);
    }
    const found = await entry;
    if (found === 'missing') held.delete(name);
    return typeof found === 'string' ? null : found;
  };

  return async (ctx: Context, next: Next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !ctx.path.startsWith('/assets/')) return next();
    const name = ctx.path.slice('/assets/'.length);
    // Source maps stay with the static files middleware: the build does not compress them, and
    // koa-compress (after this) does, for the rare developer who opens them.
    if (!ASSET_NAME.test(name) || name.endsWith('.map')) return next();
    const asset = await load(name);
    if (!asset) return next();

    const form =
      asset.forms.find((f) => f.encoding !== null && ctx.acceptsEncodings(f.encoding, 'identity') === f.encoding) ?? asset.forms[asset.forms.length - 1]!;
    ctx.type = path.extname(name);
    if (asset.forms.length > 1) ctx.vary('Accept-Encoding');
    if (form.encoding) ctx.set('Content-Encoding', form.encoding);
    ctx.set('Cache-Control', IMMUTABLE);
    ctx.set('Last-Modified', asset.lastModified);
    ctx.body = form.body;
  };
}
