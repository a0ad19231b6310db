import Router from '@koa/router';
import type { AppDeps } from '../../deps.js';
import { sendJsonOrNull } from '../../lib/respond.js';
import { cachePublicly } from '../../middleware/public-cache.js';
import { blogService } from './blog.service.js';

export function blogRoutes({ db, config }: AppDeps): Router {
  const service = blogService(db, config);
  const router = new Router();

  router.get('/blog', async (ctx) => {
    cachePublicly(ctx);
    ctx.body = await service.list(ctx.query);
  });

  // Declared before /blog/:id, which would otherwise take "featured" for an id.
  router.get('/blog/featured', async (ctx) => {
    const post = await service.featured();
    cachePublicly(ctx);
    sendJsonOrNull(ctx, post);
  });

  router.post('/blog/create', async (ctx) => {
    ctx.body = await service.create(ctx, ctx.request.body);
    ctx.status = 201;
  });

  router.post('/blog/import-substack', async (ctx) => {
    ctx.body = await service.importSubstack(ctx, ctx.request.body);
    ctx.status = 201;
  });

  router.get('/blog/:id', async (ctx) => {
    cachePublicly(ctx);
    ctx.body = await service.get(ctx.params.id);
  });

  router.post('/blog/:id/views', async (ctx) => {
    ctx.body = await service.recordView(ctx.params.id);
  });

  router.put('/blog/:id/featured', async (ctx) => {
    ctx.body = await service.feature(ctx, ctx.params.id);
  });

  router.delete('/blog/:id', async (ctx) => {
    await service.remove(ctx, ctx.params.id);
    ctx.status = 204;
  });

  return router;
}
