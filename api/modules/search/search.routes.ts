import Router from '@koa/router';
import { cachePublicly } from '#api/middleware/public-cache';
import type { SearchService } from './search.service';

export function searchRoutes(service: SearchService): Router {
  const router = new Router();
  router.get('/search', async (ctx) => {
    cachePublicly(ctx);
    ctx.body = await service.search(ctx.query);
  });
  return router;
}
