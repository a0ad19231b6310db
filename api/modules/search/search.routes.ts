import Router from '@koa/router';
import { searchQuerySchema } from '#contract';
import { route } from '#api/middleware/route';
import { cachePublicly } from '#api/middleware/public-cache';
import type { SearchService } from './search.service';

export function searchRoutes(service: SearchService): Router {
  const router = new Router();
  router.get(
    '/search',
    route({ query: searchQuerySchema }, async (ctx, { query }) => {
      cachePublicly(ctx);
      ctx.body = await service.search(query.q, query.limit);
    }),
  );
  return router;
}
