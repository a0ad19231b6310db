import Router from '@koa/router';
import { sendJsonOrNull } from '#api/lib/respond';
import { cachePublicly } from '#api/middleware/public-cache';
import type { VideosService } from './videos.service';

export function videoRoutes(service: VideosService): Router {
  const router = new Router();

  router.get('/videos', async (ctx) => {
    cachePublicly(ctx);
    ctx.body = await service.list(ctx.query);
  });

  // Declared before /videos/:id so these words are never read as ids.
  router.get('/videos/featured', async (ctx) => {
    const video = await service.featured();
    cachePublicly(ctx);
    sendJsonOrNull(ctx, video);
  });

  router.get('/videos/popular', async (ctx) => {
    cachePublicly(ctx);
    ctx.body = await service.popular(ctx.query);
  });

  router.get('/videos/:id', async (ctx) => {
    cachePublicly(ctx);
    ctx.body = await service.get(ctx.params.id ?? '');
  });

  router.post('/videos/:id/views', async (ctx) => {
    ctx.body = await service.countView(ctx.params.id ?? '');
  });

  return router;
}
