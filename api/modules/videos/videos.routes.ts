import Router from '@koa/router';
import { z } from 'zod';
import { pathIdSchema } from '#contract';
import { popularVideosQuerySchema, videoListQuerySchema } from '#contract/queries';
import { sendJsonOrNull } from '#api/lib/respond';
import { route } from '#api/middleware/route';
import { cachePublicly } from '#api/middleware/public-cache';
import type { VideosService } from './videos.service';

/** A video's id in the path: anything that is not one names no video (404). */
const videoPath = z.object({ id: pathIdSchema });

export function videoRoutes(service: VideosService): Router {
  const router = new Router();

  router.get(
    '/videos',
    route({ query: videoListQuerySchema }, async (ctx, { query }) => {
      cachePublicly(ctx);
      ctx.body = await service.list(query);
    }),
  );

  // Declared before /videos/:id so these words are never read as ids.
  router.get(
    '/videos/featured',
    route({}, async (ctx) => {
      const video = await service.featured();
      cachePublicly(ctx);
      sendJsonOrNull(ctx, video);
    }),
  );

  router.get(
    '/videos/popular',
    route({ query: popularVideosQuerySchema }, async (ctx, { query }) => {
      cachePublicly(ctx);
      ctx.body = await service.popular(query.limit);
    }),
  );

  router.get(
    '/videos/:id',
    route({ params: videoPath }, async (ctx, { params }) => {
      cachePublicly(ctx);
      ctx.body = await service.get(params.id);
    }),
  );

  router.post(
    '/videos/:id/views',
    route({ params: videoPath }, async (ctx, { params }) => {
      ctx.body = await service.countView(params.id);
    }),
  );

  return router;
}
