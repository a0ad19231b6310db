import Router from '@koa/router';
import type { Context } from 'koa';
import { SITE_DOCUMENTS } from '#contract';
import { route } from '#api/middleware/route';
import { cachePublicly } from '#api/middleware/public-cache';
import { ownOrigin } from '#api/middleware/same-origin';
import type { FeedsService } from './feeds.service';

/**
 * The documents at the root of the site (contract/documents.ts), mounted before the app's shell.
 * Each is a public answer like the API's: an ETag, and the short in-memory cache, dropped by a
 * write to what it is built from (the feeds by blog writes, the sitemap by blog and video writes).
 */
export function feedRoutes(service: FeedsService, publicUrl: string | null): Router {
  const router = new Router();
  // Absolute links start with PUBLIC_URL, else with the origin this request was made to
  // (X-Forwarded-Proto/Host count only with TRUST_PROXY ≥ 1). Not `ctx.origin`: in Koa 3 that is the
  // request's Origin header, which a feed reader does not send.
  const site = (ctx: Context) => publicUrl ?? ownOrigin(ctx);

  router.get(
    SITE_DOCUMENTS.rss,
    route({}, async (ctx) => {
      cachePublicly(ctx, ['blog']);
      ctx.set('Content-Type', 'application/rss+xml; charset=utf-8');
      ctx.body = await service.rss(site(ctx));
    }),
  );

  router.get(
    SITE_DOCUMENTS.jsonFeed,
    route({}, async (ctx) => {
      cachePublicly(ctx, ['blog']);
      ctx.set('Content-Type', 'application/feed+json; charset=utf-8');
      ctx.body = await service.json(site(ctx));
    }),
  );

  router.get(
    SITE_DOCUMENTS.sitemap,
    route({}, async (ctx) => {
      cachePublicly(ctx, ['blog', 'videos']);
      ctx.set('Content-Type', 'application/xml; charset=utf-8');
      ctx.body = await service.sitemap(site(ctx));
    }),
  );

  router.get(
    SITE_DOCUMENTS.robots,
    route({}, (ctx) => {
      cachePublicly(ctx, []);
      ctx.set('Content-Type', 'text/plain; charset=utf-8');
      ctx.body = service.robots(site(ctx));
    }),
  );

  return router;
}
