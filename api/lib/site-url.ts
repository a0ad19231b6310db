import type { Context } from 'koa';

/**
 * The site's origin for links that leave it (mail): PUBLIC_URL, else the origin this request
 * came to, else (a job, with no request) the local server's address. Production sets PUBLIC_URL:
 * a mail is read far from the request that caused it.
 */
export function siteOrigin(config: { publicUrl: string | null; port: number }, ctx?: Context): string {
  if (config.publicUrl) return config.publicUrl;
  if (ctx) return `${ctx.protocol}://${ctx.host}`;
  return `http://localhost:${config.port}`;
}
