import Router from '@koa/router';
import { cachePublicly } from '../../middleware/public-cache.js';
import type { SearchService } from './search.service.js';

export function searchRoutes(service: SearchService): Router {
  const router = new Router();
  router.get('/search', async (ctx) => {
    cachePublicly(ctx);
    ctx.body = await service.search(ctx.query);
  });
  return router;
}
