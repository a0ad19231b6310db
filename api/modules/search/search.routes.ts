import Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { cachePublicly } from '../../middleware/public-cache.js';
import { searchService } from './search.service.js';

export function searchRoutes({ db }: AppDeps): Router {
  const service = searchService(db);
  const router = new Router();
  router.get('/search', async (ctx) => {
    cachePublicly(ctx);
    ctx.body = await service.search(ctx.query);
  });
  return router;
}
