import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { heartInputSchema, heartsQuerySchema, pathIdSchema } from '#contract';
import { devotionalTodayQuerySchema } from '#contract/queries';
import { route } from '#api/middleware/route';
import { actorId, requireUser, sessionUserId } from '#api/middleware/auth';
import { cachePublicly } from '#api/middleware/public-cache';
import type { DevotionalsService } from './devotionals.service';

/** A devotional's id in the path: anything that is not one names no devotional (404). */
const devotionalPath = z.object({ id: pathIdSchema });

/** The userId of a heart write: in the JSON body, or `?userId=` for clients that cannot send a DELETE body. */
function heartInput(ctx: Context): unknown {
  const body = (ctx.request.body ?? {}) as { userId?: unknown };
  return body.userId === undefined && ctx.query.userId !== undefined ? { userId: ctx.query.userId } : body;
}

export function devotionalRoutes(service: DevotionalsService): Router {
  const router = new Router();

  router.get(
    '/devotional/today',
    route({ query: devotionalTodayQuerySchema }, async (ctx, { query }) => {
      cachePublicly(ctx);
      ctx.body = await service.today(query.date);
    }),
  );

  // Public; a `?userId=` asks for the reader's own state and must then be the signed-in user.
  router.get(
    '/devotional/:id/hearts',
    route({ params: devotionalPath, query: heartsQuerySchema, self: ({ query }) => query.userId }, async (ctx, { params }) => {
      ctx.set('Cache-Control', 'private, no-cache');
      ctx.body = await service.hearts(params.id, sessionUserId(ctx));
    }),
  );

  // 401 without a session, then 400 for a bad body, then 403 for someone else's userId, then 404.
  const heartWrite = { params: devotionalPath, body: heartInputSchema, bodyFrom: heartInput, self: ({ body }: { body: { userId: number } }) => body.userId };

  router.post(
    '/devotional/:id/heart',
    requireUser,
    route(heartWrite, async (ctx, { params }) => {
      ctx.body = await service.heart(params.id, actorId(ctx));
    }),
  );

  router.delete(
    '/devotional/:id/heart',
    requireUser,
    route(heartWrite, async (ctx, { params }) => {
      ctx.body = await service.unheart(params.id, actorId(ctx));
    }),
  );

  return router;
}
